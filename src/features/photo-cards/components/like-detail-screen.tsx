import { ComingSoon } from '../../../components/ui/coming-soon';
import { HeartIcon } from '../../../components/ui/icons';
import { ko } from '../../../i18n/ko';

// Placeholder until the feature lands.
export function LikeDetailScreen() {
  return <ComingSoon title={ko.screens.likeDetail} icon={<HeartIcon />} back />;
}
