import { ComingSoon } from '../../../components/ui/coming-soon';
import { MapPinIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function MeetupMapScreen() {
  return <ComingSoon title={ko.screens.meetup} icon={<MapPinIcon />} />;
}
