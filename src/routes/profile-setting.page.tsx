import { ProfileSettingScreen } from '@/features/accounts/components/profile-setting-screen';
import { AdminEntry } from '@/features/admin/components/admin-entry';
import { InstallEntry } from '@/features/install/components/install-entry';

/**
 * The settings screen with the install feature's entry in its '앱 설치' group and, for admins, the
 * console's '관리' link (features meet here).
 */
export function ProfileSettingPage() {
  return <ProfileSettingScreen installEntry={<InstallEntry />} adminEntry={<AdminEntry />} />;
}
