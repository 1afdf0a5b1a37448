import { ComingSoon } from '../../../components/ui/coming-soon';
import { HeartIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function MyBiasScreen() {
  return <ComingSoon title={ko.screens.myBias} icon={<HeartIcon />} back />;
}
