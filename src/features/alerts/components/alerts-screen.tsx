import { ComingSoon } from '../../../components/ui/coming-soon';
import { BellIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function AlertsScreen() {
  return <ComingSoon title={ko.screens.alerts} icon={<BellIcon />} back />;
}
