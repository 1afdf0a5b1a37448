import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

/** The link of the verification mail: confirms the address, in Korean, inside the app. */
export const verifyEmailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/verify-email/$token',
  component: lazyRouteComponent(() => import('./verify-email.page'), 'VerifyEmailPage'),
});
