import { ProfileSettingScreen } from '@/features/accounts/components/profile-setting-screen';
import { InstallEntry } from '@/features/install/components/install-entry';

/** The settings screen with the install feature's entry in its '앱 설치' group (features meet here). */
export function ProfileSettingPage() {
  return <ProfileSettingScreen installEntry={<InstallEntry />} />;
}
