import { ComingSoon } from '../../../components/ui/coming-soon';
import { BookIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

export interface CollectBookScreenProps {
  group: string;
  id: string;
  title: string;
}

// Placeholder until the feature lands; shows the book's title from the address meanwhile.
export function CollectBookScreen({ id, title }: CollectBookScreenProps) {
  return (
    <ComingSoon key={id} title={ko.screens.collectBook} icon={<BookIcon />} subtitle={title} back />
  );
}
