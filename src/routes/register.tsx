import { createRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../features/accounts/components/register-screen';
import { mainLayoutRoute } from './main-layout';

export const registerRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/register',
  component: RegisterPage,
});

function RegisterPage() {
  return <RegisterScreen />;
}
