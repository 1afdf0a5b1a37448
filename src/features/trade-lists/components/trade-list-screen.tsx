import { ComingSoon } from '@/components/ui/coming-soon';
import { ChatIcon } from '@/components/ui/icons';

// Scaffold: the screen is being built (docs/trades.md).
export function TradeListScreen() {
  return <ComingSoon title="내 교환 목록" icon={<ChatIcon />} back />;
}
