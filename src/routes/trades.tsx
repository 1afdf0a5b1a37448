import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const tradesRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/trades',
  component: lazyRouteComponent(
    () => import('@/features/trades/components/trades-screen'),
    'TradesScreen',
  ),
});
