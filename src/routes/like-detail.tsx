import { createRoute } from '@tanstack/react-router';
import { LikeDetailScreen } from '../features/photo-cards/components/like-detail-screen';
import { mainLayoutRoute } from './main-layout';

// The router matches case-insensitively, so /likeDetail (the spec's other spelling) lands here too.
export const likeDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/LikeDetail',
  component: LikeDetailPage,
});

function LikeDetailPage() {
  return <LikeDetailScreen />;
}
