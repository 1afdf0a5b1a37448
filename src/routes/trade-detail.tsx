import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const tradeDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/trades/$id',
  component: lazyRouteComponent(
    () => import('@/features/trades/components/trade-detail-screen'),
    'TradeDetailScreen',
  ),
});
