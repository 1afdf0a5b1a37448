import { createRoute } from '@tanstack/react-router';
import { ProfileSettingScreen } from '../features/accounts/components/profile-setting-screen';
import { mainLayoutRoute } from './main-layout';

export const profileSettingRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/profileSetting',
  component: ProfileSettingPage,
});

function ProfileSettingPage() {
  return <ProfileSettingScreen />;
}
