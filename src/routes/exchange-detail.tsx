import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const exchangeDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/exchangeDetail/$id',
  component: lazyRouteComponent(() => import('./exchange-detail.page'), 'ExchangeDetailPage'),
});
