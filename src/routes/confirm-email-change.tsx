import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

/** The link of the email change mail: confirms the new address with the account's password. */
export const confirmEmailChangeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/confirm-email-change/$token',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/confirm-email-change-screen'),
    'ConfirmEmailChangePage',
  ),
});
