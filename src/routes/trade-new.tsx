import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const tradeNewRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/trades/new',
  component: lazyRouteComponent(
    () => import('@/features/trades/components/trade-new-screen'),
    'TradeNewScreen',
  ),
});
