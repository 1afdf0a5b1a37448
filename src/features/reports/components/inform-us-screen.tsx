import { ComingSoon } from '../../../components/ui/coming-soon';
import { MegaphoneIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function InformUsScreen() {
  return <ComingSoon title={ko.screens.informUs} icon={<MegaphoneIcon />} back />;
}
