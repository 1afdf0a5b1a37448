import { createRoute } from '@tanstack/react-router';
import { AuthNaverScreen } from '../features/accounts/components/auth-naver-screen';
import { mainLayoutRoute } from './main-layout';

export const authNaverRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/authNaver',
  component: AuthNaverPage,
});

function AuthNaverPage() {
  return <AuthNaverScreen />;
}
