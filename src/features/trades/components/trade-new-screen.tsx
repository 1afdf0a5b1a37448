import { ComingSoon } from '@/components/ui/coming-soon';
import { ChatIcon } from '@/components/ui/icons';

// Scaffold: the screen is being built (docs/trades.md).
export function TradeNewScreen() {
  return <ComingSoon title="교환 제안" icon={<ChatIcon />} back />;
}
