/**
 * The live side of the screens' reads, loaded lazily (with Dexie) by useRead: subscribes a read
 * by name as a Dexie live query, and puts the records of the first-screen payload into the store
 * so they are there offline and for the next screen without waiting for a pull
 * (see docs/first-visit.md).
 */
import { liveQuery } from 'dexie';
import { db } from '@/data/db/index.ts';
import { applyServerRecords } from '@/data/sync/apply.ts';
import { SCOPED_COLLECTIONS } from '@/data/sync/scope.ts';
import { firstScreenPayload } from './payload.ts';
import { PUBLIC_READS } from './public-reads.ts';
import { reads, type ReadName } from './reads.ts';
import type { PhotoCardQuery } from '@/data/queries/photo-cards.ts';
import type { Window } from '@/data/sync/windows.ts';
import type PocketBase from 'pocketbase';
import { whenWindowsOn, windowClient } from './window-switch.ts';

type AnyRead = (...args: unknown[]) => Promise<unknown>;

/** Starts a live query of one read; returns the unsubscribe. */
export function subscribeRead(
  name: ReadName,
  args: readonly unknown[],
  onValue: (value: unknown) => void,
  onError: (err: unknown) => void,
): () => void {
  const read = reads[name] as AnyRead;
  const sub = liveQuery(() => read(...args)).subscribe({ next: onValue, error: onError });
  return () => sub.unsubscribe();
}

/**
 * The part of the server a read shows that may lie outside the sync scope (docs/sync.md, The
 * cache), or null when the store holds all of it (groups, meetups, the fan's own records).
 */
export function windowOf(name: ReadName, args: readonly unknown[]): Window | null {
  const [a] = args;
  const id = typeof a === 'string' && a ? a : null;
  switch (name) {
    case 'photoCards': {
      const q = (a ?? {}) as PhotoCardQuery;
      // a group's page reads its first page(s); a read of a whole group (the card viewer's
      // swipe, the trade card picker) reads it whole
      if (q.group && q.limit !== undefined)
        return { kind: 'groupTop', group: q.group, sort: q.sort ?? 'latest', limit: q.limit };
      if (q.group) return { kind: 'group', group: q.group };
      if (q.limit !== undefined) return { kind: 'top', sort: q.sort ?? 'latest', limit: q.limit };
      return null;
    }
    case 'photoCard':
      return id ? { kind: 'card', id } : null;
    case 'photoCardsByIds':
      return Array.isArray(a) && a.length ? { kind: 'cards', ids: a as string[] } : null;
    // the count of a card's posts is the count of that window's posts
    case 'postCountOfCard':
    case 'postsOfCard':
      return id ? { kind: 'postsOfCard', card: id } : null;
    case 'post':
      return id ? { kind: 'post', id } : null;
    default:
      return null;
  }
}

/**
 * Reads whose every value waits for their window: a count of what the store holds so far (the
 * first screen's 20 posts of a card with 25) is not an answer before the window is in.
 */
export const WAITS_FOR_WINDOW: ReadonlySet<ReadName> = new Set<ReadName>(['postCountOfCard']);

/**
 * Asks the server for the part of a read outside the sync scope, when there is one (the window
 * code loads on the first such read). Resolves once it was answered, or null when there is no
 * window to wait for (none, or the data layer is not running yet, unless the read waits for its
 * window).
 */
export function ensureRead(name: ReadName, args: readonly unknown[]): Promise<void> | null {
  const w = windowOf(name, args);
  if (!w) return null;
  const read = (pb: PocketBase) =>
    import('@/data/sync/windows.ts')
      .then((windows) => windows.ensureWindow(pb, db, w))
      .catch((err: unknown) => console.debug('[data] window not read', err));
  const pb = windowClient();
  if (pb) return read(pb);
  // the data layer is not running yet: read it then, and show the store meanwhile (a read that
  // waits for its window waits for that read)
  if (WAITS_FOR_WINDOW.has(name))
    return new Promise((done) => whenWindowsOn((c) => void read(c).then(done)));
  whenWindowsOn((client) => void read(client));
  return null;
}

/** Whether this device pulled the catalogue before this page load (a returning fan). */
export const syncedBefore: Promise<boolean> = db.syncState
  .count()
  .then((n) => n > 0)
  .catch(() => false);

function recordsOf(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (value instanceof Map) return [...value.values()];
  return typeof value === 'object' ? [value] : [];
}

/**
 * Puts the records the server rendered into the store, unless the store has a copy as new or
 * newer (a returning fan's store may be ahead of the page). Queued changes are rebased on them
 * like on any server copy. Once per page load.
 *
 * On a first visit only the cards and posts are stored: the collections pulled whole (groups,
 * meetups, comments...) come with the first pull, which the screens wait for before they read
 * the store, and storing the page's copy of them first was work for nothing on the page's main
 * thread (the whole groups list: 500 groups of a real catalogue, 150 ms at a phone's speed).
 */
let seeding: Promise<void> | null = null;
export function seedFirstScreenRecords(): Promise<void> {
  seeding ??= (async () => {
    const payload = firstScreenPayload();
    if (!payload) return;
    const returning = await syncedBefore;
    const byTable = new Map<string, Map<string, unknown>>();
    for (const [key, value] of Object.entries(payload.reads)) {
      const name = key.slice(0, key.indexOf(':')) as ReadName;
      const table = PUBLIC_READS[name];
      if (!table) continue;
      if (!returning && !(SCOPED_COLLECTIONS as readonly string[]).includes(table)) continue;
      const rows = byTable.get(table) ?? new Map<string, unknown>();
      for (const rec of recordsOf(value)) {
        const id = (rec as { id?: unknown }).id;
        if (typeof id === 'string') rows.set(id, rec);
      }
      byTable.set(table, rows);
    }
    for (const [table, rows] of byTable) {
      await applyServerRecords(
        db,
        table as NonNullable<(typeof PUBLIC_READS)[ReadName]>,
        [...rows.values()],
        { skipOlder: true },
      );
      // the cards and posts of the page stay while the fan is on it, in scope or not
      if (table === 'photoCards' || table === 'exchangeList') {
        const now = Date.now();
        await db.cache.bulkPut(
          [...rows.keys()].map((id) => ({ key: `${table}/${id}`, usedAt: now })),
        );
      }
    }
  })().catch((err: unknown) => console.warn('[data] first-screen records not stored', err));
  return seeding;
}
