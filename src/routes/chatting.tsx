import { createRoute } from '@tanstack/react-router';
import { ChattingScreen } from '../features/chatting/components/chatting-screen';
import { bareLayoutRoute } from './bare-layout';

export const chattingRoute = createRoute({
  getParentRoute: () => bareLayoutRoute,
  path: '/chatting',
  component: ChattingPage,
});

function ChattingPage() {
  return <ChattingScreen />;
}
