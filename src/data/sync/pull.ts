/**
 * Delta pull: the records changed since the last checkpoint of every collection the session may
 * read, and the tombstones written since theirs, in one request per round
 * (`POST /api/pocamarket/pull`, pb_hooks/pull.pb.js). The server answers each collection with up
 * to 500 records in (`updated`, `id`) order, as its list API would show them to this caller, and
 * says whether more are waiting; only those collections are asked again, in the next round. A
 * pull with less than a page everywhere is therefore a single request.
 *
 * The checkpoint is the (`updated`, `id`) of the last record the server read, so paging never
 * skips or repeats records that share a timestamp. One subtlety: `updated` is stamped when a write
 * starts, not when it commits, so a slow write can commit with a timestamp older than records a
 * pull has already seen. The stored checkpoint therefore never goes past the server's clock minus
 * a safety window; the next pull re-reads that window (usually empty) and misses nothing.
 *
 * Records are applied in small transactions with a yield to the event loop between them, so a
 * large pull never holds the main thread for long (a phone stays responsive while 5,000 cards
 * arrive). No DOM or browser globals: the server-side renderer runs this in Node too.
 */
import type PocketBase from 'pocketbase';
import { SYNCED_TABLES, type AppDB } from '@/data/db/index.ts';
import type { SyncedCollection } from '@/data/pb/records.ts';
import { SIGNED_IN_TABLES } from '@/data/session/session.ts';
import { pbTimestamp, pbTimestampMs } from '@/data/time.ts';
import { applyServerDeletes, applyServerRecords } from './apply.ts';
import { fetchSnapshot } from './snapshot.ts';

/** Records per collection per round (the server's own maximum). */
export const PULL_PAGE_SIZE = 500;
/** The hook route that answers a whole pull round. */
export const PULL_PATH = '/api/pocamarket/pull';
/** Records applied per transaction: a slice's work stays well under 50 ms on a slow phone. */
export const APPLY_SLICE = 50;
/** How far behind the server's clock a stored checkpoint stays. */
const SAFETY_WINDOW_MS = 10_000;
/** A pull that needs more rounds than this is stopped (a server that never says "done"). */
const MAX_ROUNDS = 1000;

const TOMBSTONES = 'tombstones';

/** Pull order: catalogues first, so cards find their groups when screens render. */
export const PULL_ORDER: readonly SyncedCollection[] = SYNCED_TABLES;

export interface PullReport {
  /** HTTP requests made. */
  requests: number;
  /** Records received (all collections). */
  records: number;
  /** Tombstones received. */
  deleted: number;
  /** Records that came from the catalogue snapshot (see ./snapshot.ts) rather than the pull. */
  fromSnapshot?: number;
}

interface Checkpoint {
  updated: string;
  lastId: string;
}

interface RoundPage {
  items: Record<string, unknown>[];
  more: boolean;
  cursor: { updated: string; id: string } | null;
}

interface RoundAnswer {
  now: number;
  pages: Map<string, RoundPage>;
}

/** Gives the event loop a turn (input, rendering) between two slices of work. */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads one collection's part of the answer; throws on anything the server would never send. */
function readPage(name: string, raw: unknown): RoundPage {
  if (!isObject(raw) || !Array.isArray(raw['items'])) {
    throw new Error(`[sync] pull answer has no page for ${name}`);
  }
  const c = raw['cursor'];
  const cursor =
    isObject(c) && typeof c['updated'] === 'string' && typeof c['id'] === 'string'
      ? { updated: c['updated'], id: c['id'] }
      : null;
  return {
    items: (raw['items'] as unknown[]).filter(isObject),
    more: raw['more'] === true,
    cursor,
  };
}

/** One round: the next page of every collection in `names`, from its cursor. */
async function fetchRound(
  pb: PocketBase,
  names: readonly string[],
  cursors: ReadonlyMap<string, Checkpoint>,
): Promise<RoundAnswer> {
  const collections = names.map((name) => {
    const at = cursors.get(name);
    return at ? { name, updated: at.updated, id: at.lastId } : { name };
  });
  const res: unknown = await pb.send(PULL_PATH, {
    method: 'POST',
    body: { collections },
    requestKey: null,
  });
  if (!isObject(res) || !isObject(res['collections'])) {
    throw new Error('[sync] malformed pull answer');
  }
  const now = typeof res['now'] === 'string' ? pbTimestampMs(res['now']) : NaN;
  const answered = res['collections'];
  const pages = new Map<string, RoundPage>();
  for (const name of names) pages.set(name, readPage(name, answered[name]));
  return { now, pages };
}

/** Puts records into their table a slice at a time, yielding between slices. */
async function applyInSlices(
  db: AppDB,
  collection: SyncedCollection,
  items: readonly Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < items.length; i += APPLY_SLICE) {
    if (i > 0) await yieldToEventLoop();
    await applyServerRecords(db, collection, items.slice(i, i + APPLY_SLICE), { skipOlder: true });
  }
}

const SYNCED = new Set<string>(PULL_ORDER);

/** Deletes the local copies named by tombstones, a slice at a time. */
async function applyTombstones(db: AppDB, items: readonly Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += APPLY_SLICE) {
    if (i > 0) await yieldToEventLoop();
    const byCollection = new Map<SyncedCollection, string[]>();
    for (const t of items.slice(i, i + APPLY_SLICE)) {
      const c = String(t['recordCollection'] ?? '');
      if (!SYNCED.has(c)) continue;
      const list = byCollection.get(c as SyncedCollection) ?? [];
      list.push(String(t['recordId'] ?? ''));
      byCollection.set(c as SyncedCollection, list);
    }
    for (const [c, ids] of byCollection) await applyServerDeletes(db, c, ids);
  }
}

/**
 * Stores a checkpoint: at most the server's clock minus the safety window, and never behind the
 * one already stored.
 */
async function saveCheckpoint(
  db: AppDB,
  name: string,
  cursor: Checkpoint,
  serverNow: number,
): Promise<void> {
  let saved = cursor;
  if (Number.isFinite(serverNow)) {
    const cap = pbTimestamp(serverNow - SAFETY_WINDOW_MS);
    if (saved.updated > cap) saved = { updated: cap, lastId: '' };
  }
  await db.transaction('rw', db.syncState, async () => {
    const stored = await db.syncState.get(name);
    if (
      !stored ||
      saved.updated > stored.updated ||
      (saved.updated === stored.updated && saved.lastId >= stored.lastId)
    ) {
      await db.syncState.put({ collection: name, ...saved, pulledAt: Date.now() });
    }
  });
}

/**
 * Whether a pull can leave out the tombstones written so far: only into a store that has never
 * pulled anything and holds no record, where no local copy can be stale. Its records are read
 * after every earlier delete, and later deletes are stamped after the round's clock, which becomes
 * the tombstones' first checkpoint (minus the safety window).
 */
async function freshStore(db: AppDB): Promise<boolean> {
  const stored = await db.syncState.bulkGet([...PULL_ORDER, TOMBSTONES]);
  if (stored.some((s) => s && s.updated)) return false;
  const counts = await Promise.all(PULL_ORDER.map((t) => db.table(t).count()));
  return counts.every((n) => n === 0);
}

/**
 * Pulls `names` (collections in pull order, optionally with `tombstones` last) in rounds of one
 * request each until no collection has more.
 */
async function pullRounds(
  pb: PocketBase,
  db: AppDB,
  names: readonly string[],
  opts: { snapshot?: boolean } = {},
): Promise<PullReport> {
  const report: PullReport = { requests: 0, records: 0, deleted: 0 };
  const cursors = new Map<string, Checkpoint>();
  for (const row of await db.syncState.bulkGet([...names])) {
    if (row && row.updated) cursors.set(row.collection, row);
  }
  let pending = [...names];
  let skipTombstones = false;
  if (pending.length > 1 && pending.includes(TOMBSTONES) && (await freshStore(db))) {
    skipTombstones = true;
    pending = pending.filter((n) => n !== TOMBSTONES);
    // a guest's empty store: the public collections from the snapshot a CDN can serve, then the
    // delta pull from its cursors (the tombstones from its clock, as for any fresh store)
    const snapshot = opts.snapshot ? await fetchSnapshot(pb, pending) : null;
    if (snapshot) {
      report.fromSnapshot = 0;
      for (const [name, page] of snapshot.collections) {
        await applyInSlices(db, name as SyncedCollection, page.items);
        report.fromSnapshot += page.items.length;
        if (!page.cursor) continue;
        const cursor = { updated: page.cursor.updated, lastId: page.cursor.id };
        cursors.set(name, cursor);
        await saveCheckpoint(db, name, cursor, snapshot.now);
      }
      skipTombstones = false;
      await saveCheckpoint(
        db,
        TOMBSTONES,
        { updated: pbTimestamp(snapshot.now), lastId: '' },
        snapshot.now,
      );
      pending = [...names];
      const stored = await db.syncState.get(TOMBSTONES);
      if (stored?.updated) cursors.set(TOMBSTONES, stored);
    }
  }
  while (pending.length) {
    if (report.requests >= MAX_ROUNDS) throw new Error('[sync] pull did not finish');
    const round = await fetchRound(pb, pending, cursors);
    report.requests++;
    if (skipTombstones && Number.isFinite(round.now)) {
      skipTombstones = false;
      await saveCheckpoint(
        db,
        TOMBSTONES,
        { updated: pbTimestamp(round.now), lastId: '' },
        round.now,
      );
    }
    const next: string[] = [];
    let progressed = false;
    for (const name of pending) {
      const page = round.pages.get(name)!;
      if (name === TOMBSTONES) {
        await applyTombstones(db, page.items);
        report.deleted += page.items.length;
      } else {
        await applyInSlices(db, name as SyncedCollection, page.items);
        report.records += page.items.length;
      }
      if (page.cursor) {
        const cursor = { updated: page.cursor.updated, lastId: page.cursor.id };
        cursors.set(name, cursor);
        await saveCheckpoint(db, name, cursor, round.now);
        progressed = true;
      }
      if (page.more) next.push(name);
    }
    if (next.length && !progressed) throw new Error('[sync] pull made no progress');
    pending = next;
  }
  return report;
}

/** Pulls one collection into its table (rounds of one request, 500 records each). */
export async function pullCollection(
  pb: PocketBase,
  db: AppDB,
  collection: SyncedCollection,
): Promise<{ requests: number; records: number }> {
  const r = await pullRounds(pb, db, [collection]);
  return { requests: r.requests, records: r.records };
}

/** Applies the tombstones written since their checkpoint. */
export async function pullTombstones(
  pb: PocketBase,
  db: AppDB,
): Promise<{ requests: number; records: number }> {
  const r = await pullRounds(pb, db, [TOMBSTONES]);
  return { requests: r.requests, records: r.deleted };
}

/** The collections this session may read. */
export function readableCollections(signedIn: boolean): SyncedCollection[] {
  const priv = new Set<string>(SIGNED_IN_TABLES);
  return PULL_ORDER.filter((c) => signedIn || !priv.has(c));
}

/**
 * One full delta pull: every readable collection and the tombstones, one request per round. A
 * guest's first one starts from the catalogue snapshot (see ./snapshot.ts).
 */
export async function pullAll(pb: PocketBase, db: AppDB, signedIn: boolean): Promise<PullReport> {
  return pullRounds(pb, db, [...readableCollections(signedIn), TOMBSTONES], {
    snapshot: !signedIn,
  });
}
