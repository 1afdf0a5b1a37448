import { ComingSoon } from '../../../components/ui/coming-soon';
import { CardsIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function PhotoCardSubmitScreen() {
  return <ComingSoon title={ko.screens.photoCardSubmit} icon={<CardsIcon />} back />;
}
