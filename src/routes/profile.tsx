import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const profileRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/profile',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/profile-screen'),
    'ProfileScreen',
  ),
});
