import { ComingSoon } from '../../../components/ui/coming-soon';
import { UserIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function ProfileScreen() {
  return <ComingSoon title={ko.screens.profile} icon={<UserIcon />} />;
}
