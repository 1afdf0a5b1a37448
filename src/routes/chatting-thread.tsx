import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { bareLayoutRoute } from './bare-layout';

export const chattingThreadRoute = createRoute({
  getParentRoute: () => bareLayoutRoute,
  path: '/chatting/$id',
  component: lazyRouteComponent(
    () => import('@/features/chatting/components/thread-screen'),
    'ThreadScreen',
  ),
});
