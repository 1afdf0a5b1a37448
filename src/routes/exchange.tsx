import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export interface ExchangeSearch {
  /** The group picked in the logo row (a record id), kept in the address so Back returns to it. */
  group?: string;
  /** A sort to start in (the home row '인기 많은 포토카드 더보기' asks for likesDesc); then dropped. */
  sort?: 'likesDesc';
}

const RECORD_ID = /^[a-z0-9]{15}$/;

export const exchangeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/exchange',
  validateSearch: (search: Record<string, unknown>): ExchangeSearch => ({
    ...(typeof search.group === 'string' && RECORD_ID.test(search.group)
      ? { group: search.group }
      : {}),
    ...(search.sort === 'likesDesc' ? { sort: 'likesDesc' as const } : {}),
  }),
  component: lazyRouteComponent(
    () => import('@/features/exchange/components/exchange-screen'),
    'ExchangeScreen',
  ),
});
