import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const tradeListRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/tradeList',
  component: lazyRouteComponent(
    () => import('@/features/trade-lists/components/trade-list-screen'),
    'TradeListScreen',
  ),
});
