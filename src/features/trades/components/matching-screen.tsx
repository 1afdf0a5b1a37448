import { ComingSoon } from '@/components/ui/coming-soon';
import { ChatIcon } from '@/components/ui/icons';

// Scaffold: the screen is being built (docs/trades.md).
export function MatchingScreen() {
  return <ComingSoon title="매칭" icon={<ChatIcon />} back />;
}
