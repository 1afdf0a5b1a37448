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
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB } from '@/data/db/index.ts';
import type { PhotoCardSort } from '@/data/queries/photo-cards.ts';
import { applyServerDeletes, applyServerRecords } from './apply.ts';
import { lastScope } from './pull.ts';

export type Window =
  | { kind: 'group'; group: string }
  | { kind: 'top'; sort: PhotoCardSort; limit: number }
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

const asked = new Map<string, number>();

function windowKey(w: Window): string {
  return JSON.stringify(w);
}

async function store(
  db: AppDB,
  table: 'photoCards' | 'exchangeList',
  items: readonly RecordModel[],
): Promise<void> {
  if (!items.length) return;
  await applyServerRecords(db, table, items as unknown as Record<string, unknown>[], {
    skipOlder: true,
  });
  await touchCache(
    db,
    table,
    items.map((r) => r.id),
  );
}

/** Notes records as just shown: they stay in the cache before older ones. */
export async function touchCache(
  db: AppDB,
  table: 'photoCards' | 'exchangeList',
  ids: readonly string[],
): Promise<void> {
  const now = Date.now();
  await db.cache.bulkPut(ids.map((id) => ({ key: `${table}/${id}`, usedAt: now })));
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
        await store(db, 'photoCards', res.items);
        if (res.items.length < PAGE) return;
      }
      return;
    }
    case 'top': {
      const res = await cards.getList(1, Math.min(w.limit, PAGE), {
        sort: SORTS[w.sort],
        skipTotal: true,
      });
      await store(db, 'photoCards', res.items);
      return;
    }
    case 'cards': {
      const here = await db.photoCards.bulkGet(w.ids);
      const missing = w.ids.filter((_, i) => !here[i]);
      for (let i = 0; i < missing.length; i += IDS_PER_FILTER) {
        const chunk = missing.slice(i, i + IDS_PER_FILTER);
        const filter = chunk.map((id) => pb.filter('id = {:id}', { id })).join(' || ');
        const res = await cards.getList(1, chunk.length, { filter, skipTotal: true });
        await store(db, 'photoCards', res.items);
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
      if (res.items.length) await store(db, table, res.items);
      else await applyServerDeletes(db, table, [w.id]);
      return;
    }
    case 'postsOfCard': {
      const res = await pb.collection('exchangeList').getList(1, POSTS_MAX, {
        filter: pb.filter('photoCard = {:c}', { c: w.card }),
        sort: '-created,-id',
        skipTotal: true,
      });
      await store(db, 'exchangeList', res.items);
      return;
    }
  }
}

/** Reads window `w` from the server into the store, unless it was read in the last minute. */
export async function ensureWindow(pb: PocketBase, db: AppDB, w: Window): Promise<void> {
  const key = windowKey(w);
  const at = asked.get(key);
  if (at !== undefined && Date.now() - at < FRESH_MS) return;
  if (globalThis.navigator?.onLine === false) return;
  asked.set(key, Date.now());
  try {
    await fetchWindow(pb, db, w);
  } catch (err) {
    asked.delete(key);
    console.debug('[sync] window not read', w.kind, err);
  }
}

/** Forgets which windows were read (tests; a new session). */
export function resetWindows(): void {
  asked.clear();
}
