import { createRoute } from '@tanstack/react-router';
import { LoginInfoScreen } from '../features/accounts/components/login-info-screen';
import { mainLayoutRoute } from './main-layout';

export const loginInfoRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/loginInfo',
  component: LoginInfoPage,
});

function LoginInfoPage() {
  return <LoginInfoScreen />;
}
