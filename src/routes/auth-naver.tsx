import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const authNaverRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/authNaver',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/auth-naver-screen'),
    'AuthNaverScreen',
  ),
});
