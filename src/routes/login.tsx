import { createRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/accounts/components/login-screen';
import { mainLayoutRoute } from './main-layout';

// /Login (the spec's other spelling) lands here too: the router matches case-insensitively.
export const loginRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/login',
  component: LoginPage,
});

function LoginPage() {
  return <LoginScreen />;
}
