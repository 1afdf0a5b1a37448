import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

const screen = lazyRouteComponent(
  () => import('@/features/accounts/components/oauth2-redirect-screen'),
  'OAuth2RedirectScreen',
);

/**
 * Kakao and Instagram return to /api/oauth2-redirect (a route of docs/product-rules.md, Layout and
 * navigation, registered at the providers). PocketBase serves /api/* itself, so
 * pb_hooks/oauth.pb.js sends those returns on to this app route with the query kept.
 */
export const oauth2RedirectRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/oauth2-redirect',
  component: screen,
});

/** That path, reached only by in-app navigation (a page load goes to PocketBase). */
export const oauth2RedirectApiRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/api/oauth2-redirect',
  component: screen,
});
