import { ComingSoon } from '../../../components/ui/coming-soon';
import { CardsIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands. Keyed by id so moving between items starts fresh.
export function ExchangeDetailScreen({ id }: { id: string }) {
  return <ComingSoon key={id} title={ko.screens.exchangeDetail} icon={<CardsIcon />} back />;
}
