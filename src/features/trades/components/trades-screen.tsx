import { ComingSoon } from '@/components/ui/coming-soon';
import { ChatIcon } from '@/components/ui/icons';

// Scaffold: the screen is being built (docs/trades.md).
export function TradesScreen() {
  return <ComingSoon title="거래" icon={<ChatIcon />} back />;
}
