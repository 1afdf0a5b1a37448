import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';
import { searchId } from './trade-new';

export interface MatchingSearch {
  /** Only fans who publicly have or want this card (the card detail's link). */
  card?: string;
}

export const matchingRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/matching',
  validateSearch: (search: Record<string, unknown>): MatchingSearch => {
    const card = searchId(search.card);
    return card ? { card } : {};
  },
  component: lazyRouteComponent(
    () => import('@/features/trades/components/matching-screen'),
    'MatchingScreen',
  ),
});
