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
 *
 * The catalogue's big collections (cards and posts) are pulled by scope (./scope.ts): one entry
 * per followed group and per bucket of loose cards, each under its own key and checkpoint, so a
 * group the fan starts following is read from its beginning while the others go on from theirs.
 * Whatever leaves the scope is dropped from the store after the pull (./evict.ts).
 */
import type PocketBase from 'pocketbase';
import { SYNCED_TABLES, type AppDB } from '@/data/db/index.ts';
import type { SyncedCollection } from '@/data/pb/records.ts';
import { SIGNED_IN_TABLES } from '@/data/session/session.ts';
import { pbTimestamp, pbTimestampMs } from '@/data/time.ts';
import { yieldToEventLoop } from '@/lib/yield.ts';
import { applyServerDeletes, applyServerRecords } from './apply.ts';
import { evictOutOfScope } from './evict.ts';
import {
  computeScope,
  isScopedKey,
  scopedEntries,
  SCOPED_COLLECTIONS,
  type PullEntry,
  type ScopedCollection,
  type SyncScope,
} from './scope.ts';
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

/** One round: the next page of every entry, from its cursor. */
async function fetchRound(
  pb: PocketBase,
  entries: readonly PullEntry[],
  cursors: ReadonlyMap<string, Checkpoint>,
): Promise<RoundAnswer> {
  const collections = entries.map((entry) => {
    const at = cursors.get(entry.key);
    const body: Record<string, unknown> = { name: entry.name };
    if (entry.key !== entry.name) body['key'] = entry.key;
    if (entry.group) body['group'] = entry.group;
    if (entry.ids) body['ids'] = entry.ids;
    if (entry.mine) body['mine'] = true;
    return at ? { ...body, updated: at.updated, id: at.lastId } : body;
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
  for (const { key } of entries) pages.set(key, readPage(key, answered[key]));
  return { now, pages };
}

/** Puts records into their table a slice at a time, yielding between slices. */
async function applyInSlices(
  db: AppDB,
  collection: SyncedCollection,
  items: readonly Record<string, unknown>[],
  slice: number,
): Promise<void> {
  for (let i = 0; i < items.length; i += slice) {
    if (i > 0) await yieldToEventLoop();
    await applyServerRecords(db, collection, items.slice(i, i + slice), { skipOlder: true });
  }
}

const SYNCED = new Set<string>(PULL_ORDER);

/** Deletes the local copies named by tombstones, a slice at a time. */
async function applyTombstones(
  db: AppDB,
  items: readonly Record<string, unknown>[],
  slice: number,
) {
  for (let i = 0; i < items.length; i += slice) {
    if (i > 0) await yieldToEventLoop();
    const byCollection = new Map<SyncedCollection, string[]>();
    for (const t of items.slice(i, i + slice)) {
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

const plain = (name: string): PullEntry => ({ key: name, name });

/**
 * Chat reports: the fan's own only. An admin may list every fan's, but an admin's phone has no
 * use for the whole queue, which grew with every fan's reports (docs/sync.md, Pull by scope).
 */
const OWN_CHAT_REPORTS: PullEntry = { key: 'chatReports@mine', name: 'chatReports', mine: true };

/**
 * Pulls `entries` (in pull order, optionally with `tombstones` last) in rounds of one request each
 * until no entry has more.
 */
async function pullRounds(
  pb: PocketBase,
  db: AppDB,
  entries: readonly PullEntry[],
  opts: { snapshot?: boolean; slice?: number } = {},
): Promise<PullReport> {
  const slice = opts.slice ?? APPLY_SLICE;
  const report: PullReport = { requests: 0, records: 0, deleted: 0 };
  const cursors = new Map<string, Checkpoint>();
  for (const row of await db.syncState.bulkGet(entries.map((e) => e.key))) {
    if (row && row.updated) cursors.set(row.collection, row);
  }
  let pending = [...entries];
  let skipTombstones = false;
  const hasTombstones = pending.some((e) => e.key === TOMBSTONES);
  if (pending.length > 1 && hasTombstones && (await freshStore(db))) {
    skipTombstones = true;
    pending = pending.filter((e) => e.key !== TOMBSTONES);
    // a guest's empty store: the public collections from the snapshot a CDN can serve, then the
    // delta pull from its cursors (the tombstones from its clock, as for any fresh store)
    const snapshot = opts.snapshot
      ? await fetchSnapshot(
          pb,
          pending.filter((e) => e.key === e.name).map((e) => e.name),
        )
      : null;
    if (snapshot) {
      report.fromSnapshot = 0;
      for (const [name, page] of snapshot.collections) {
        await applyInSlices(db, name as SyncedCollection, page.items, slice);
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
      pending = [...entries];
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
    const next: PullEntry[] = [];
    let progressed = false;
    for (const entry of pending) {
      const page = round.pages.get(entry.key)!;
      if (entry.key === TOMBSTONES) {
        await applyTombstones(db, page.items, slice);
        report.deleted += page.items.length;
      } else {
        await applyInSlices(db, entry.name as SyncedCollection, page.items, slice);
        report.records += page.items.length;
      }
      if (page.cursor) {
        const cursor = { updated: page.cursor.updated, lastId: page.cursor.id };
        cursors.set(entry.key, cursor);
        await saveCheckpoint(db, entry.key, cursor, round.now);
        progressed = true;
      }
      if (page.more) next.push(entry);
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
  const r = await pullRounds(pb, db, [plain(collection)]);
  return { requests: r.requests, records: r.records };
}

/** Applies the tombstones written since their checkpoint. */
export async function pullTombstones(
  pb: PocketBase,
  db: AppDB,
): Promise<{ requests: number; records: number }> {
  const r = await pullRounds(pb, db, [plain(TOMBSTONES)]);
  return { requests: r.requests, records: r.deleted };
}

/** The collections this session may read. */
export function readableCollections(signedIn: boolean): SyncedCollection[] {
  const priv = new Set<string>(SIGNED_IN_TABLES);
  return PULL_ORDER.filter((c) => signedIn || !priv.has(c));
}

/** The scope of the last pull, for realtime events of the scoped collections. */
let currentScope: SyncScope | null = null;
export function lastScope(): SyncScope | null {
  return currentScope;
}

/** Takes the scope of a pull made elsewhere (the pull's worker, ./pull-remote.ts). */
export function adoptScope(scope: SyncScope | null): void {
  currentScope = scope;
}

const SCOPED = new Set<string>(SCOPED_COLLECTIONS);

/** A round's entries: every readable collection, the scoped ones by `scope`, then tombstones. */
function entriesFor(signedIn: boolean, scope: SyncScope | null): PullEntry[] {
  const out: PullEntry[] = [];
  for (const name of readableCollections(signedIn)) {
    if (scope && SCOPED.has(name)) out.push(...scopedEntries(name as ScopedCollection, scope));
    else if (name === 'chatReports') out.push(OWN_CHAT_REPORTS);
    else out.push(plain(name));
  }
  out.push(plain(TOMBSTONES));
  return out;
}

/** Forgets the checkpoints of scoped entries no longer asked for (their rows are evicted). */
async function dropStaleCheckpoints(db: AppDB, keep: ReadonlySet<string>): Promise<void> {
  const keys = (await db.syncState.toCollection().primaryKeys()) as string[];
  const stale = keys.filter((k) => isScopedKey(k) && !keep.has(k));
  if (stale.length) await db.syncState.bulkDelete(stale);
}

/** Pulls of a pull that finds new scope (a followed group's cards bring its list items' groups). */
const MAX_SCOPE_PASSES = 3;

/**
 * One full delta pull: every readable collection and the tombstones, one request per round, the
 * cards and posts by the scope of `userId` (null: a guest). A pass that widens the scope (the
 * first sign-in brings the fan's books and lists) pulls the new entries at once. A guest's first
 * pull starts from the catalogue snapshot (see ./snapshot.ts). `scoped: false` pulls the whole
 * catalogue. `applySlice`: records per transaction (the worker writes a whole page at once).
 */
export async function pullAll(
  pb: PocketBase,
  db: AppDB,
  signedIn: boolean,
  opts: { userId?: string | null; scoped?: boolean; applySlice?: number } = {},
): Promise<PullReport> {
  const slice = opts.applySlice;
  if (opts.scoped === false) {
    currentScope = null;
    return pullRounds(pb, db, entriesFor(signedIn, null), { snapshot: !signedIn, slice });
  }
  const userId = signedIn ? (opts.userId ?? null) : null;
  let scope = await computeScope(db, userId);
  const report = await pullRounds(pb, db, entriesFor(signedIn, scope), {
    snapshot: !signedIn,
    slice,
  });
  const asked = new Set(entriesFor(signedIn, scope).map((e) => e.key));
  for (let pass = 1; pass < MAX_SCOPE_PASSES; pass++) {
    scope = await computeScope(db, userId);
    const fresh = entriesFor(signedIn, scope).filter((e) => !asked.has(e.key));
    if (!fresh.length) break;
    for (const e of fresh) asked.add(e.key);
    const more = await pullRounds(pb, db, fresh, { slice });
    report.requests += more.requests;
    report.records += more.records;
    report.deleted += more.deleted;
  }
  currentScope = scope;
  const keep = new Set(entriesFor(signedIn, scope).map((e) => e.key));
  await dropStaleCheckpoints(db, keep);
  await evictOutOfScope(db, scope);
  return report;
}
