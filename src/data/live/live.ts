/**
 * The live side of the screens' reads, loaded lazily (with Dexie) by useRead: subscribes a read
 * by name as a Dexie live query, and puts the records of the first-screen payload into the store
 * so they are there offline and for the next screen without waiting for a pull
 * (see docs/first-visit.md).
 */
import { liveQuery } from 'dexie';
import { db } from '@/data/db/index.ts';
import { applyServerRecords } from '@/data/sync/apply.ts';
import { storeShown } from '@/data/sync/evict.ts';
import { SCOPED_COLLECTIONS, type ScopedCollection } from '@/data/sync/scope.ts';
import { firstScreenPayload } from './payload.ts';
import { PUBLIC_READS } from '@/domains/tables/public-reads.ts';
import {
  askWindow,
  reads,
  WAITS_FOR_WINDOW,
  windowOf,
  type ReadName,
} from '@/domains/tables/reads.ts';
import type PocketBase from 'pocketbase';
import { whenWindowsOn, windowClient } from './window-switch.ts';

export { WAITS_FOR_WINDOW, windowOf };

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

/** One read of the store as it is now (not live). */
export function readNow(name: ReadName, args: readonly unknown[]): Promise<unknown> {
  return (reads[name] as AnyRead)(...args);
}

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
    askWindow(pb, w).catch((err: unknown) => console.debug('[data] window not read', err));
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
      const records = [...rows.values()];
      // the scoped records of the page (cards, posts) stay while the fan is on it, in scope or
      // not: noted before they are written, so the pull's eviction keeps them (../sync/evict.ts)
      if ((SCOPED_COLLECTIONS as readonly string[]).includes(table))
        await storeShown(db, table as ScopedCollection, records);
      else
        await applyServerRecords(
          db,
          table as NonNullable<(typeof PUBLIC_READS)[ReadName]>,
          records,
          { skipOlder: true },
        );
    }
  })().catch((err: unknown) => console.warn('[data] first-screen records not stored', err));
  return seeding;
}
