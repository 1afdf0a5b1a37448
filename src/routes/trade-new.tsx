import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tradeScreens } from './trade-screens-lazy';
import { mainLayoutRoute } from './main-layout';

/**
 * /trades/new's address (docs/trades.md, 교환 제안): `to` the fan proposed to (the screen says so
 * when it is missing), `give` and `get` comma-separated card ids to start with, `card` or `post`
 * what it was opened from, `counterOf` the proposal it answers, `conversation` the chat it was
 * made from. The screen checks the ids (features/trades/search-params.ts), so the route tree that
 * every first visit downloads stays small.
 */
export interface TradeNewSearch {
  to?: string;
  give?: string;
  get?: string;
  card?: string;
  post?: string;
  counterOf?: string;
  conversation?: string;
}

export const tradeNewRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/trades/new',
  validateSearch: (search: Record<string, unknown>): TradeNewSearch => search,
  component: lazyRouteComponent(tradeScreens, 'TradeNewScreen'),
});
