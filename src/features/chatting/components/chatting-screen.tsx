import { ComingSoon } from '@/components/ui/coming-soon';
import { ChatIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';

// Placeholder until the feature lands.
export function ChattingScreen() {
  return <ComingSoon title={ko.screens.chatting} icon={<ChatIcon />} back />;
}
