import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const loginInfoRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/loginInfo',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/login-info-screen'),
    'LoginInfoScreen',
  ),
});
