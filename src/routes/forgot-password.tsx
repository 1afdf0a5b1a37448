import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

/** '비밀번호를 잊으셨나요?' on the login screen: asks for the reset mail. */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/forgot-password-screen'),
    'ForgotPasswordScreen',
  ),
});
