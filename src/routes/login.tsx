import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// /Login (the other spelling) lands here too: the router matches case-insensitively.
export const loginRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/login',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/login-screen'),
    'LoginScreen',
  ),
});
