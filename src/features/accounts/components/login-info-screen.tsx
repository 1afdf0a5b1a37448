import { ComingSoon } from '../../../components/ui/coming-soon';
import { KeyIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function LoginInfoScreen() {
  return <ComingSoon title={ko.screens.loginInfo} icon={<KeyIcon />} back />;
}
