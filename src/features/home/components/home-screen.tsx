import { ComingSoon } from '../../../components/ui/coming-soon';
import { SparkleIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function HomeScreen() {
  return <ComingSoon title={ko.screens.home} icon={<SparkleIcon />} />;
}
