import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tradeScreens } from './trade-screens-lazy';
import { bareLayoutRoute } from './bare-layout';

export const chattingThreadRoute = createRoute({
  getParentRoute: () => bareLayoutRoute,
  path: '/chatting/$id',
  component: lazyRouteComponent(tradeScreens, 'ThreadScreen'),
});
