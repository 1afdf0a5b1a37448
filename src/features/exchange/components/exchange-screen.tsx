import { ComingSoon } from '../../../components/ui/coming-soon';
import { ExchangeIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function ExchangeScreen() {
  return <ComingSoon title={ko.screens.exchange} icon={<ExchangeIcon />} />;
}
