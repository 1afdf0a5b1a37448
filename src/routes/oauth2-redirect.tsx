import { createRoute } from '@tanstack/react-router';
import { OAuth2RedirectScreen } from '../features/accounts/components/oauth2-redirect-screen';
import { mainLayoutRoute } from './main-layout';

// PocketBase serves /api/* itself, so this screen is only reached by in-app navigation.
export const oauth2RedirectRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/api/oauth2-redirect',
  component: OAuth2RedirectPage,
});

function OAuth2RedirectPage() {
  return <OAuth2RedirectScreen />;
}
