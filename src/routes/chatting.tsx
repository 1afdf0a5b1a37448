import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tradeScreens } from './trade-screens-lazy';
import { bareLayoutRoute } from './bare-layout';

export const chattingRoute = createRoute({
  getParentRoute: () => bareLayoutRoute,
  path: '/chatting',
  component: lazyRouteComponent(tradeScreens, 'ChattingScreen'),
});
