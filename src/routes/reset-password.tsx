import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

/** The link of the password reset mail: a new password, in Korean, inside the app. */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/reset-password/$token',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/reset-password-screen'),
    'ResetPasswordPage',
  ),
});
