import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RECORD_ID_PATTERN } from '@/data/ids';
import { mainLayoutRoute } from './main-layout';

/**
 * /trades/new's address (docs/trades.md, 교환 제안): `to` the fan proposed to (required: the
 * screen says so when it is missing), `give` and `get` comma-separated card ids to start with,
 * `card` or `post` what it was opened from, `counterOf` the proposal it answers, `conversation`
 * the chat it was made from.
 */
export interface TradeNewSearch {
  to: string;
  give?: string;
  get?: string;
  card?: string;
  post?: string;
  counterOf?: string;
  conversation?: string;
}

/**
 * A record id from the address, or ''. The router reads a value that looks like JSON as JSON, so
 * an all-digit id arrives as a number (its leading zeros lost): it is put back.
 */
export function searchId(value: unknown): string {
  const text =
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? String(value).padStart(15, '0')
      : value;
  return typeof text === 'string' && RECORD_ID_PATTERN.test(text) ? text : '';
}

/** Comma-separated record ids from the address: the valid ones, once each, in order. */
export function searchIds(value: unknown): string {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids = parts.map((p) => searchId(typeof p === 'string' ? p.trim() : p)).filter(Boolean);
  return [...new Set(ids)].join(',');
}

export function validateTradeNewSearch(search: Record<string, unknown>): TradeNewSearch {
  const out: TradeNewSearch = { to: searchId(search.to) };
  for (const key of ['give', 'get'] as const) {
    const ids = searchIds(search[key]);
    if (ids) out[key] = ids;
  }
  for (const key of ['card', 'post', 'counterOf', 'conversation'] as const) {
    const id = searchId(search[key]);
    if (id) out[key] = id;
  }
  return out;
}

export const tradeNewRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/trades/new',
  validateSearch: validateTradeNewSearch,
  component: lazyRouteComponent(
    () => import('@/features/trades/components/trade-new-screen'),
    'TradeNewScreen',
  ),
});
