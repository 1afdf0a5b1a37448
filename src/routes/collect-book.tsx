import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const collectBookRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/collectBook/$group/$id/$title',
  component: lazyRouteComponent(() => import('./collect-book.page'), 'CollectBookPage'),
});
