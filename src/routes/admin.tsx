import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// The operator's console (docs/operators.md, The console): /admin opens its first section,
// /admin/<section> the others. One lazy chunk (with its strings), so it costs the entry nothing.
export const adminRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/admin/{-$section}',
  component: lazyRouteComponent(
    () => import('@/features/admin/components/admin-screen'),
    'AdminScreen',
  ),
});
