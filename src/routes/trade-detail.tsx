import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tradeScreens } from './trade-screens-lazy';
import { mainLayoutRoute } from './main-layout';

export const tradeDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/trades/$id',
  component: lazyRouteComponent(tradeScreens, 'TradeDetailScreen'),
});
