import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tradeScreens } from './trade-screens-lazy';
import { mainLayoutRoute } from './main-layout';

export const tradeListRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/tradeList',
  component: lazyRouteComponent(tradeScreens, 'TradeListScreen'),
});
