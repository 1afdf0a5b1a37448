import { createRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../features/accounts/components/profile-screen';
import { mainLayoutRoute } from './main-layout';

export const profileRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/profile',
  component: ProfilePage,
});

function ProfilePage() {
  return <ProfileScreen />;
}
