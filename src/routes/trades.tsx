import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tradeScreens } from './trade-screens-lazy';
import { mainLayoutRoute } from './main-layout';

export const tradesRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/trades',
  component: lazyRouteComponent(tradeScreens, 'TradesScreen'),
});
