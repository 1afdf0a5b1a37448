import { ComingSoon } from '@/components/ui/coming-soon';
import { ChatIcon } from '@/components/ui/icons';

// Scaffold: the screen is being built (docs/trades.md).
export function ThreadScreen() {
  return <ComingSoon title="채팅" icon={<ChatIcon />} back />;
}
