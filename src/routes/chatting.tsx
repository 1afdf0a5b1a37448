import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { bareLayoutRoute } from './bare-layout';

export const chattingRoute = createRoute({
  getParentRoute: () => bareLayoutRoute,
  path: '/chatting',
  component: lazyRouteComponent(
    () => import('@/features/chatting/components/chatting-screen'),
    'ChattingScreen',
  ),
});
