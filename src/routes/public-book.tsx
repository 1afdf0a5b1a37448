import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

/**
 * /publicBook/{id}: a book its owner shows (자랑하기), for anyone, logged out too
 * (docs/product-rules.md, Public collect book).
 */
export const publicBookRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/publicBook/$id',
  component: lazyRouteComponent(() => import('./public-book.page'), 'PublicBookPage'),
});
