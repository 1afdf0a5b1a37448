/**
 * Windows: the cards and posts a screen shows that lie outside the sync scope (docs/sync.md, The
 * cache). When a screen reads them (a group's page, the home rows, a card, its posts), this asks
 * the server for that part and stores it like any server copy; the screen's live read of the local
 * store then shows it. The copies are noted in the `cache` table, which bounds how many stay
 * (./evict.ts), so they are there offline afterwards.
 *
 * Why the local read stays right: a window stores the server's first N records in the screen's
 * order. Whatever else the store holds of that table sorts after them or is a real record of the
 * same list, so the local read's first N are the server's first N.
 *
 * Each window is asked for at most once a minute per page load, only while online; a failure is
 * not an error (the screen shows what the store has, and says so when that is nothing offline).
 * The device's reads ask again after a failure that may pass (the network, a 429, a 5xx), twice
 * at most, 1 s and then 3 s later: a window that failed once is not asked again until its screen
 * reads something else, so one lost answer would otherwise leave the grid short for good.
 * A window being read is joined, not asked twice. The first-screen renderer asks with a freshness
 * of seconds (docs/first-visit.md, What the render server holds).
 */
import type PocketBase from 'pocketbase';
import type { AppDB } from '@/data/db/index.ts';
import { listPhotoCards, type PhotoCardSort } from './photo-cards.ts';
import { applyServerDeletes } from '@/data/sync/apply.ts';
import { storeShown } from '@/data/sync/evict.ts';
import { lastScope } from '@/data/sync/pull.ts';

export type Window =
  | { kind: 'group'; group: string }
  | { kind: 'top'; sort: PhotoCardSort; limit: number }
  | { kind: 'groupTop'; group: string; sort: PhotoCardSort; limit: number }
  | { kind: 'card'; id: string }
  | { kind: 'cards'; ids: string[] }
  | { kind: 'postsOfCard'; card: string }
  | { kind: 'post'; id: string };

/** Cards of one group read at most (pages of 500). */
const GROUP_MAX_PAGES = 10;
const PAGE = 500;
/** Posts of one card read at most. */
const POSTS_MAX = 200;
/** Ids per filter (the server's filter length limit). */
const IDS_PER_FILTER = 20;
const FRESH_MS = 60_000;

const SORTS: Record<PhotoCardSort, string> = {
  latest: '-created,-id',
  likesDesc: '-likeCount,-created,-id',
  likesAsc: 'likeCount,-created,-id',
};

/** Past this many noted windows, those older than the freshness asked for are forgotten. */
const ASKED_MAX = 1000;

/** Window → when it was last asked (what the store holds of it is at least that recent). */
const asked = new Map<string, number>();
/** Windows being read now. */
const reading = new Map<string, Promise<void>>();

export interface WindowOptions {
  /** A window asked within this many ms is not asked again (default: a minute). */
  freshMs?: number;
  /** Asked again this many times after a failure that may pass (default: none). */
  retries?: number;
}

/** The first wait before a window is asked again; each next one is 3 times longer. */
export const RETRY_MS = 1000;

/** Whether a failed read may pass if asked again: the network, a 429, a 5xx. */
function mayPass(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status === 429 || status >= 500;
}

async function fetchWithRetries(
  pb: PocketBase,
  db: AppDB,
  w: Window,
  retries: number,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchWindow(pb, db, w);
    } catch (err) {
      if (attempt >= retries || !mayPass(err) || globalThis.navigator?.onLine === false) throw err;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3 ** attempt));
    }
  }
}

function windowKey(w: Window): string {
  return JSON.stringify(w);
}

/**
 * The first `limit` cards in `sort` order, of one group or of all: stored, and a copy here that
 * sorts among them but was not listed is read again (its likes changed since it was read, or it
 * is gone), so the local first N are the server's.
 */
async function readTop(
  pb: PocketBase,
  db: AppDB,
  sort: PhotoCardSort,
  wanted: number,
  group?: string,
): Promise<void> {
  const cards = pb.collection('photoCards');
  const limit = Math.min(wanted, PAGE);
  // hidden cards are not listed (photo-cards.ts): the server's first N listed ones, as the grid
  const res = await cards.getList(1, limit, {
    sort: SORTS[sort],
    skipTotal: true,
    filter: group ? pb.filter('hidden = false && group = {:g}', { g: group }) : 'hidden = false',
  });
  await storeShown(db, 'photoCards', res.items);
  const listed = new Set(res.items.map((r) => r.id));
  const stale = (await listPhotoCards({ sort, limit, ...(group ? { group } : {}) }, db))
    .map((c) => c.id)
    .filter((id) => !listed.has(id));
  for (let i = 0; i < stale.length; i += IDS_PER_FILTER) {
    const chunk = stale.slice(i, i + IDS_PER_FILTER);
    const filter = chunk.map((id) => pb.filter('id = {:id}', { id })).join(' || ');
    const again = await cards.getList(1, chunk.length, { filter, skipTotal: true });
    await storeShown(db, 'photoCards', again.items);
    const found = new Set(again.items.map((r) => r.id));
    const gone = chunk.filter((id) => !found.has(id));
    if (gone.length) await applyServerDeletes(db, 'photoCards', gone);
  }
}

async function fetchWindow(pb: PocketBase, db: AppDB, w: Window): Promise<void> {
  const cards = pb.collection('photoCards');
  switch (w.kind) {
    case 'group': {
      if (lastScope()?.groups.includes(w.group)) return; // the pull keeps it
      const filter = pb.filter('group = {:g}', { g: w.group });
      for (let page = 1; page <= GROUP_MAX_PAGES; page++) {
        const res = await cards.getList(page, PAGE, {
          filter,
          sort: '-created,-id',
          skipTotal: true,
        });
        await storeShown(db, 'photoCards', res.items);
        if (res.items.length < PAGE) return;
      }
      return;
    }
    case 'groupTop':
      if (lastScope()?.groups.includes(w.group)) return; // the pull keeps it
      return readTop(pb, db, w.sort, w.limit, w.group);
    case 'top':
      return readTop(pb, db, w.sort, w.limit);
    case 'cards': {
      const here = await db.photoCards.bulkGet(w.ids);
      const missing = w.ids.filter((_, i) => !here[i]);
      for (let i = 0; i < missing.length; i += IDS_PER_FILTER) {
        const chunk = missing.slice(i, i + IDS_PER_FILTER);
        const filter = chunk.map((id) => pb.filter('id = {:id}', { id })).join(' || ');
        const res = await cards.getList(1, chunk.length, { filter, skipTotal: true });
        await storeShown(db, 'photoCards', res.items);
      }
      return;
    }
    case 'card':
    case 'post': {
      const table = w.kind === 'card' ? 'photoCards' : 'exchangeList';
      // a list filtered by id: a missing record is an empty page, not a 404 in the console
      const res = await pb.collection(table).getList(1, 1, {
        filter: pb.filter('id = {:id}', { id: w.id }),
        skipTotal: true,
      });
      // gone on the server: the local copy goes too (a tombstone would say the same)
      if (res.items.length) await storeShown(db, table, res.items);
      else await applyServerDeletes(db, table, [w.id]);
      return;
    }
    case 'postsOfCard': {
      const res = await pb.collection('exchangeList').getList(1, POSTS_MAX, {
        filter: pb.filter('photoCard = {:c}', { c: w.card }),
        sort: '-created,-id',
        skipTotal: true,
      });
      await storeShown(db, 'exchangeList', res.items);
      return;
    }
  }
}

/**
 * Reads window `w` from the server into the store, unless it was asked within `freshMs` (a
 * minute by default). Resolves once it was answered, or failed (the store stays as it is); a read
 * of the same window under way is waited for rather than asked again.
 */
export function ensureWindow(
  pb: PocketBase,
  db: AppDB,
  w: Window,
  opts: WindowOptions = {},
): Promise<void> {
  const key = windowKey(w);
  const running = reading.get(key);
  if (running) return running;
  const fresh = opts.freshMs ?? FRESH_MS;
  const now = Date.now();
  const at = asked.get(key);
  if (at !== undefined && now - at < fresh) return Promise.resolve();
  if (globalThis.navigator?.onLine === false) return Promise.resolve();
  if (asked.size >= ASKED_MAX) {
    for (const [k, t] of asked) if (now - t >= fresh) asked.delete(k);
  }
  asked.set(key, now);
  const read = fetchWithRetries(pb, db, w, opts.retries ?? 0)
    .catch((err: unknown) => {
      asked.delete(key);
      console.debug('[sync] window not read', w.kind, err);
    })
    .finally(() => reading.delete(key));
  reading.set(key, read);
  return read;
}

/**
 * When window `w` was last asked and answered (ms since the epoch), or null when it never was,
 * failed, or is being read: what the store holds of it is at least that recent.
 */
export function windowAskedAt(w: Window): number | null {
  const key = windowKey(w);
  return reading.has(key) ? null : (asked.get(key) ?? null);
}

/** Forgets which windows were read (tests; a new session). */
export function resetWindows(): void {
  asked.clear();
}
