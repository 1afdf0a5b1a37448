import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// The router matches case-insensitively, so /likeDetail (the other spelling) lands here too.
export const likeDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/LikeDetail',
  component: lazyRouteComponent(
    () => import('@/features/likes/components/like-detail-screen'),
    'LikeDetailScreen',
  ),
});
