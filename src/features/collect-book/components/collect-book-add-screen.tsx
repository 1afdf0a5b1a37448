import { ComingSoon } from '../../../components/ui/coming-soon';
import { BookIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function CollectBookAddScreen() {
  return <ComingSoon title={ko.screens.collectBookAdd} icon={<BookIcon />} back />;
}
