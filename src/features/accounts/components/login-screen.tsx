import { ComingSoon } from '../../../components/ui/coming-soon';
import { KeyIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function LoginScreen() {
  return <ComingSoon title={ko.screens.login} icon={<KeyIcon />} />;
}
