import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tradeScreens } from './trade-screens-lazy';
import { mainLayoutRoute } from './main-layout';

export interface MatchingSearch {
  /** Only fans who publicly have or want this card (the card detail's link); the screen checks it. */
  card?: string;
}

export const matchingRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/matching',
  validateSearch: (search: Record<string, unknown>): MatchingSearch => search,
  component: lazyRouteComponent(tradeScreens, 'MatchingScreen'),
});
