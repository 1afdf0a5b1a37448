import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const registerRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/register',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/register-screen'),
    'RegisterScreen',
  ),
});
