/**
 * The catalogue search route, asked over the network (docs/product-rules.md, Search;
 * docs/data-model.md, Search keys): a device no longer holds every card, so an online search is
 * the server's. The cards of each answer are stored as server copies (like a pull's), so a card
 * found opens, likes and shows offline afterwards like any other.
 *
 * The answer is read defensively: a malformed card (or a hidden one) is left out, missing counts
 * are worked out.
 */
import type PocketBase from 'pocketbase';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { getClient } from '@/data/pb/client.ts';
import { parseRecord, type PhotoCard } from '@/data/pb/records.ts';
import { isListed, type PhotoCardSort } from './photo-cards.ts';
import { storeShown } from '@/data/sync/evict.ts';

export const SEARCH_PATH = '/api/pocamarket/search';
/** The route's limits (pb_hooks/lib/search.js). */
export const SEARCH_MAX_QUERY = 50;
export const SEARCH_MAX_PER_PAGE = 60;

export interface SearchRequest {
  q: string;
  sort: PhotoCardSort;
  /** Only this group's cards. */
  group?: string;
  /** From 1. */
  page?: number;
  perPage?: number;
}

export interface SearchPage {
  cards: PhotoCard[];
  page: number;
  perPage: number;
  /** How many cards match in all. */
  totalItems: number;
  /** Whether a next page has more. */
  more: boolean;
}

interface SearchOptions {
  db?: AppDB;
  /** The client to ask with (the page's by default). */
  pb?: PocketBase;
  signal?: AbortSignal;
}

/** Reads the route's answer; what is not a card is left out. */
export function readSearchAnswer(raw: unknown, asked: { page: number; perPage: number }) {
  const answer = (raw ?? {}) as Record<string, unknown>;
  const items = Array.isArray(answer['items']) ? (answer['items'] as unknown[]) : [];
  const cards: PhotoCard[] = [];
  for (const item of items) {
    const card = parseRecord('photoCards', item);
    // the server leaves hidden cards out; a copy that says so anyway is not shown
    if (card && isListed(card)) cards.push(card);
  }
  const num = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  const page = num(answer['page'], asked.page);
  const perPage = num(answer['perPage'], asked.perPage);
  const totalItems = num(answer['totalItems'], (page - 1) * perPage + cards.length);
  const more = typeof answer['more'] === 'boolean' ? answer['more'] : page * perPage < totalItems;
  return { items, page: { cards, page, perPage, totalItems, more } satisfies SearchPage };
}

/**
 * One page of the server's search, its cards stored locally as server copies. Throws what the
 * SDK throws (offline, a refusal with a Korean message, a rate limit).
 */
export async function searchCards(
  req: SearchRequest,
  opts: SearchOptions = {},
): Promise<SearchPage> {
  const db = opts.db ?? defaultDb;
  const pb = opts.pb ?? (await getClient()).pb;
  const page = req.page ?? 1;
  const perPage = Math.min(req.perPage ?? 30, SEARCH_MAX_PER_PAGE);
  const query: Record<string, string | number> = {
    q: Array.from(req.q.trim()).slice(0, SEARCH_MAX_QUERY).join(''),
    sort: req.sort,
    page,
    perPage,
  };
  if (req.group) query['group'] = req.group;
  const raw: unknown = await pb.send(SEARCH_PATH, {
    method: 'GET',
    query,
    requestKey: null,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const { items, page: answer } = readSearchAnswer(raw, { page, perPage });
  // a newer local copy (a realtime event, a like just made) is kept
  // noted as just shown, before they are written: they stay in the bounded cache past the next
  // pull (docs/sync.md, The cache)
  await storeShown(db, 'photoCards', items);
  return answer;
}
