import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// Static segments outrank params, so this wins over /collectBook/$group/$id/$title.
export const collectBookAddRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/collectBook/collectBookAdd',
  component: lazyRouteComponent(
    () => import('@/features/collect-book/components/collect-book-add-screen'),
    'CollectBookAddScreen',
  ),
});
