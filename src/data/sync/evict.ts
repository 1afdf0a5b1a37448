/**
 * Keeps the store within the sync scope (docs/sync.md, The cache). After a pull, cards and posts
 * outside the scope go, except:
 *
 * - the most recently shown ones (the `cache` table, at most CACHE_MAX of each table, or the
 *   caller's own bound), so a card opened online is still there offline;
 * - anything a queued change or a dead letter names (a like of a card, a post on it), so what
 *   waits to be sent keeps its card on screen.
 *
 * A device that held the whole catalogue (before sync by scope) has no cache rows for it: its
 * first scoped pull frees that space, its outbox, dead letters, likes and book ticks untouched.
 * Deletes go in slices with a yield between them, so the page stays responsive.
 */
import type { AppDB } from '@/data/db/index.ts';
import { applyServerRecords } from './apply.ts';
import type { ScopedCollection, SyncScope } from './scope.ts';

/** Notes records as just shown: they stay in the cache before older ones. */
export async function touchCache(
  db: AppDB,
  table: ScopedCollection,
  ids: readonly string[],
): Promise<void> {
  const now = Date.now();
  await db.cache.bulkPut(ids.map((id) => ({ key: `${table}/${id}`, usedAt: now })));
}

/**
 * Stores server records a screen shows from outside the scope (windows, search results, the
 * first screen's records): noted in the cache first, then written, a newer local copy kept. In
 * that order an eviction running beside this (the pull, in its worker) never finds one of them
 * here without its note (deleteInSlices below).
 */
export async function storeShown(
  db: AppDB,
  table: ScopedCollection,
  records: readonly unknown[],
): Promise<void> {
  if (!records.length) return;
  const ids = records
    .map((r) => (r as { id?: unknown }).id)
    .filter((id): id is string => typeof id === 'string');
  await touchCache(db, table, ids);
  await applyServerRecords(db, table, records, { skipOlder: true });
}

/** Cards (and posts) kept outside the scope at most. */
export const CACHE_MAX = 2000;
const SLICE = 500;

function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Every string in a value (payloads of queued changes), for "is this id named anywhere". */
function collectStrings(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 6 || value === null || value === undefined) return;
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into, depth + 1);
  else if (typeof value === 'object') {
    for (const v of Object.values(value)) collectStrings(v, into, depth + 1);
  }
}

/** Ids named by the outbox and the dead letters (record keys and payloads). */
async function pendingIds(db: AppDB): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const table of [db.outbox, db.deadLetters] as const) {
    await table.each((row) => {
      const slash = row.recordKey.indexOf('/');
      if (slash >= 0) ids.add(row.recordKey.slice(slash + 1));
      collectStrings(row.payload, ids);
    });
  }
  return ids;
}

/** Cache keys of `table`, newest use first; those past `max` are dropped from the cache. */
async function cached(db: AppDB, table: string, max: number): Promise<Set<string>> {
  const prefix = `${table}/`;
  const rows = await db.cache.where('key').startsWith(prefix).toArray();
  rows.sort((a, b) => b.usedAt - a.usedAt);
  const stale = rows.slice(max).map((r) => r.key);
  if (stale.length) await db.cache.bulkDelete(stale);
  return new Set(rows.slice(0, max).map((r) => r.key.slice(prefix.length)));
}

/**
 * Deletes `ids` of `table`, except any noted in the cache by now. The page notes what a screen
 * reads before it writes it (windows, search, the first screen's records), while this runs in
 * the pull's worker: a record stored after this eviction read the cache has a note when its slice
 * is deleted, and stays. Notes past the cache's bound were removed before (cached()), so every
 * note found here is one to keep.
 */
async function deleteInSlices(db: AppDB, table: ScopedCollection, ids: string[]) {
  for (let i = 0; i < ids.length; i += SLICE) {
    if (i > 0) await yieldTurn();
    const slice = ids.slice(i, i + SLICE);
    await db.transaction('rw', db.table(table), db.cache, async () => {
      const notes = await db.cache.bulkGet(slice.map((id) => `${table}/${id}`));
      const gone = slice.filter((_, j) => notes[j] === undefined);
      await db.table(table).bulkDelete(gone);
    });
  }
}

export interface EvictOptions {
  /** Cards (and posts) kept outside the scope at most (default CACHE_MAX). */
  cacheMax?: number;
}

/** Drops the cards and posts outside `scope`; returns how many of each went. */
export async function evictOutOfScope(
  db: AppDB,
  scope: SyncScope,
  opts: EvictOptions = {},
): Promise<{ photoCards: number; exchangeList: number }> {
  const max = opts.cacheMax ?? CACHE_MAX;
  const pending = await pendingIds(db);
  const loose = new Set(scope.buckets.flat());
  const keepCards = await cached(db, 'photoCards', max);
  const outside = (await db.photoCards
    .where('group')
    .noneOf(scope.groups)
    .primaryKeys()) as string[];
  const cards = outside.filter((id) => !loose.has(id) && !keepCards.has(id) && !pending.has(id));
  await deleteInSlices(db, 'photoCards', cards);

  // posts: those on a card still here, the fan's own, cached or named by a queued change
  const keepPosts = await cached(db, 'exchangeList', max);
  const cardsHere = new Set((await db.photoCards.toCollection().primaryKeys()) as string[]);
  const own = scope.mine ? await ownWriter(db) : null;
  const drop: string[] = [];
  await db.exchangeList.each((p) => {
    if (cardsHere.has(p.photoCard) || (own && p.writer === own)) return;
    if (keepPosts.has(p.id) || pending.has(p.id) || pending.has(p.photoCard)) return;
    drop.push(p.id);
  });
  await deleteInSlices(db, 'exchangeList', drop);
  return { photoCards: cards.length, exchangeList: drop.length };
}

/** The signed-in user's id, from the stored session. */
async function ownWriter(db: AppDB): Promise<string | null> {
  const row = await db.auth.get('session');
  const record = row?.record as { id?: unknown } | undefined;
  return typeof record?.id === 'string' ? record.id : null;
}
