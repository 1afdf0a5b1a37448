import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export interface MyPostsSearch {
  /**
   * The status shown (the profile's 교환 현황 number that opened it). Kept as given here, so the
   * entry bundle carries no status list; the screen shows 교환대기중 for anything else.
   */
  status?: string;
}

/** /myPosts, 내가 쓴 글 (docs/product-rules.md, My posts). */
export const myPostsRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/myPosts',
  validateSearch: (search: Record<string, unknown>): MyPostsSearch =>
    typeof search.status === 'string' ? { status: search.status } : {},
  component: lazyRouteComponent(
    () => import('@/features/exchange/components/my-posts-screen'),
    'MyPostsScreen',
  ),
});
