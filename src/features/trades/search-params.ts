import { RECORD_ID_PATTERN } from '@/data/ids';

/**
 * The trade screens' address values, checked in the screens' own chunks rather than in the route
 * tree (which every first visit downloads). A record id from the address, or ''. The router reads
 * a value that looks like JSON as JSON, so an all-digit id arrives as a number (its leading zeros
 * lost): it is put back.
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

/** /trades/new's address once checked (routes/trade-new.tsx describes each value). */
export interface TradeNewSearch {
  to: string;
  give?: string;
  get?: string;
  card?: string;
  post?: string;
  counterOf?: string;
  conversation?: string;
}

/** /trades/new's address with only valid ids kept; `to` is '' when missing or invalid. */
export function checkTradeNewSearch(search: Record<string, unknown>): TradeNewSearch {
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
