import { ComingSoon } from '../../../components/ui/coming-soon';
import { SettingsIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function ProfileSettingScreen() {
  return <ComingSoon title={ko.screens.profileSetting} icon={<SettingsIcon />} back />;
}
