/**
 * Delta pull: for each collection the signed-in user may read, the records changed since the
 * last checkpoint, oldest first, 500 per request, put into Dexie; then the tombstones written
 * since their checkpoint delete local copies.
 *
 * The checkpoint is the (`updated`, `id`) of the last record received, so paging never skips or
 * repeats records that share a timestamp. One subtlety: `updated` is stamped when a write starts,
 * not when it commits, so a slow write can commit with a timestamp older than records a pull has
 * already seen. The stored checkpoint therefore never goes past the server's clock minus a safety
 * window; the next pull re-reads that window (usually empty) and misses nothing.
 */
import type PocketBase from 'pocketbase';
import { SYNCED_TABLES, type AppDB } from '../db/index.ts';
import type { SyncedCollection } from '../pb/records.ts';
import { PRIVATE_TABLES } from '../session/session.ts';
import { pbTimestamp } from '../time.ts';
import { applyServerDeletes, applyServerRecords } from './apply.ts';

export const PULL_PAGE_SIZE = 500;
/** How far behind the server's clock a stored checkpoint stays. */
const SAFETY_WINDOW_MS = 10_000;

/** Pull order: catalogues first, so cards find their groups when screens render. */
export const PULL_ORDER: readonly SyncedCollection[] = SYNCED_TABLES;

export interface PullReport {
  requests: number;
  records: number;
  deleted: number;
}

interface Page {
  items: Record<string, unknown>[];
  serverNow: number;
}

async function fetchPage(
  pb: PocketBase,
  collection: string,
  after: { updated: string; lastId: string } | undefined,
): Promise<Page> {
  let serverNow = NaN;
  const filter = after
    ? pb.filter('updated > {:u} || (updated = {:u} && id > {:id})', {
        u: after.updated,
        id: after.lastId,
      })
    : '';
  const res = await pb.collection(collection).getList(1, PULL_PAGE_SIZE, {
    filter,
    sort: 'updated,id',
    skipTotal: true,
    requestKey: null,
    fetch: async (url: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(url, init);
      serverNow = Date.parse(response.headers.get('date') ?? '');
      return response;
    },
  });
  return { items: res.items as Record<string, unknown>[], serverNow };
}

/**
 * Pages through one collection from its checkpoint. `onPage` receives each page's records.
 * Returns the request and record counts.
 */
async function pullPages(
  pb: PocketBase,
  db: AppDB,
  checkpointKey: string,
  collection: string,
  onPage: (items: Record<string, unknown>[]) => Promise<void>,
): Promise<{ requests: number; records: number }> {
  const stored = await db.syncState.get(checkpointKey);
  let cursor =
    stored && stored.updated ? { updated: stored.updated, lastId: stored.lastId } : undefined;
  let requests = 0;
  let records = 0;
  let serverNow: number;
  for (;;) {
    const page = await fetchPage(pb, collection, cursor);
    requests++;
    serverNow = page.serverNow;
    if (page.items.length) {
      await onPage(page.items);
      records += page.items.length;
      const last = page.items[page.items.length - 1]!;
      cursor = { updated: String(last['updated']), lastId: String(last['id']) };
    }
    if (page.items.length < PULL_PAGE_SIZE) break;
  }
  if (cursor) {
    let saved = cursor;
    if (Number.isFinite(serverNow)) {
      const cap = pbTimestamp(serverNow - SAFETY_WINDOW_MS);
      if (saved.updated > cap) saved = { updated: cap, lastId: '' };
    }
    // never move a checkpoint backwards past what an earlier pull stored
    if (
      !stored ||
      saved.updated > stored.updated ||
      (saved.updated === stored.updated && saved.lastId >= stored.lastId)
    ) {
      await db.syncState.put({ collection: checkpointKey, ...saved, pulledAt: Date.now() });
    }
  }
  return { requests, records };
}

/** Pulls one collection into its table. */
export async function pullCollection(
  pb: PocketBase,
  db: AppDB,
  collection: SyncedCollection,
): Promise<{ requests: number; records: number }> {
  return pullPages(pb, db, collection, collection, async (items) => {
    await applyServerRecords(db, collection, items, { skipOlder: true });
  });
}

const SYNCED = new Set<string>(PULL_ORDER);

/** Applies the tombstones written since their checkpoint. */
export async function pullTombstones(
  pb: PocketBase,
  db: AppDB,
): Promise<{ requests: number; records: number }> {
  return pullPages(pb, db, 'tombstones', 'tombstones', async (items) => {
    const byCollection = new Map<SyncedCollection, string[]>();
    for (const t of items) {
      const c = String(t['recordCollection'] ?? '');
      if (!SYNCED.has(c)) continue;
      const list = byCollection.get(c as SyncedCollection) ?? [];
      list.push(String(t['recordId'] ?? ''));
      byCollection.set(c as SyncedCollection, list);
    }
    for (const [c, ids] of byCollection) await applyServerDeletes(db, c, ids);
  });
}

/** The collections this session may read. */
export function readableCollections(signedIn: boolean): SyncedCollection[] {
  const priv = new Set<string>(PRIVATE_TABLES);
  return PULL_ORDER.filter((c) => signedIn || !priv.has(c));
}

/** One full delta pull: every readable collection, then tombstones. */
export async function pullAll(pb: PocketBase, db: AppDB, signedIn: boolean): Promise<PullReport> {
  const report: PullReport = { requests: 0, records: 0, deleted: 0 };
  for (const c of readableCollections(signedIn)) {
    const r = await pullCollection(pb, db, c);
    report.requests += r.requests;
    report.records += r.records;
  }
  const t = await pullTombstones(pb, db);
  report.requests += t.requests;
  report.deleted = t.records;
  return report;
}
