import { ComingSoon } from '../../../components/ui/coming-soon';
import { KeyIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function AuthNaverScreen() {
  return <ComingSoon title={ko.screens.authNaver} icon={<KeyIcon />} />;
}
