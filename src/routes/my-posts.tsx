import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export type MyPostsStatus = '교환대기중' | '교환중' | '교환완료';

export interface MyPostsSearch {
  /** The status shown (the profile's 교환 현황 number that opened it); 교환대기중 when absent. */
  status?: MyPostsStatus;
}

const STATUSES: readonly string[] = ['교환대기중', '교환중', '교환완료'];

/** /myPosts, 내가 쓴 글 (docs/product-rules.md, My posts). */
export const myPostsRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/myPosts',
  validateSearch: (search: Record<string, unknown>): MyPostsSearch =>
    typeof search.status === 'string' && STATUSES.includes(search.status)
      ? { status: search.status as MyPostsStatus }
      : {},
  component: lazyRouteComponent(
    () => import('@/features/exchange/components/my-posts-screen'),
    'MyPostsScreen',
  ),
});
