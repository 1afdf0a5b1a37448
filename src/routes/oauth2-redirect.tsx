import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// PocketBase serves /api/* itself, so this screen is only reached by in-app navigation.
export const oauth2RedirectRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/api/oauth2-redirect',
  component: lazyRouteComponent(
    () => import('../features/accounts/components/oauth2-redirect-screen'),
    'OAuth2RedirectScreen',
  ),
});
