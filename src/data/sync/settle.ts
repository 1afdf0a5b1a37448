/**
 * What each outcome does to the outbox. Done: the row goes and the server's copy is stored (in one
 * pass for a batch). Retry: the row stays, backing off (1 s doubling to 30 s). Refused for good: the
 * row moves to `deadLetters` (kept, never dropped silently, shown with its Korean message) and the
 * record is put back to the server's copy; when the server cannot be asked right then, a
 * `rollback:` marker in `syncState` makes the next flush finish the job.
 */
import type { RecordModel } from 'pocketbase';
import type { AppDB, DeadLetterRow, OutboxRow } from '@/data/db/index.ts';
import { readMutation } from '@/data/outbox/index.ts';
import { recordKey, type RecordKey } from '@/data/outbox/names.ts';
import { recordSchemas, type SyncedCollection } from '@/data/pb/records.ts';
import type { RowResult } from './answers.ts';
import type { ReadBack } from './read-back.ts';
import { applyServerDeletes, applyServerRecords, putServerRecords, rebase } from './apply.ts';
import {
  backoffMs,
  classifyFailure,
  confirmSession,
  describeFailure,
  explainedRefusal,
  isHopeless,
  errorStatus,
} from './errors.ts';
import type { FlushContext, FlushReport } from './flush.ts';
import type { Job } from './take.ts';

/**
 * Finishes a confirmed batch in one pass: its rows leave the outbox in one transaction, and the
 * server's copies are stored once per collection (a row at a time made 400 IndexedDB transactions
 * for 200 rows, slower than the network).
 */
export async function finishBatch(
  ctx: FlushContext,
  jobs: Job[],
  records: (RecordModel | null)[],
  fresh: ReadBack = new Map(),
): Promise<void> {
  const { db, report } = ctx;
  // one transaction with the read-back copies: a screen never sees the rows gone and the counts
  // not yet moved (no nested transactions inside: see putServerRecords)
  await db.transaction('rw', db.tables, async () => {
    await db.outbox
      .where('id')
      .anyOf(jobs.map((j) => j.row.id))
      .delete();
    for (const [collection, list] of serverCopies(jobs, records)) {
      await putServerRecords(db, collection, list);
    }
    for (const [collection, list] of fresh) {
      await putServerRecords(db, collection, list, { skipOlder: true });
    }
  });
  report.done += jobs.length;
}

/** The server's copies in a batch's answers, by collection: each record's last answer only. */
function serverCopies(
  jobs: Job[],
  records: (RecordModel | null)[],
): Map<SyncedCollection, RecordModel[]> {
  // only each record's last answer counts: a create then a delete of one post in the same batch
  // leaves nothing to store
  const last = new Map<string, { job: Job; record: RecordModel | null }>();
  jobs.forEach((job, k) => {
    last.set(recordKey(job.req.collection, job.req.id), { job, record: records[k] ?? null });
  });
  const byCollection = new Map<SyncedCollection, RecordModel[]>();
  for (const { job, record } of last.values()) {
    if (!record || job.req.method === 'DELETE') continue;
    const list = byCollection.get(job.req.collection) ?? [];
    list.push(record);
    byCollection.set(job.req.collection, list);
  }
  return byCollection;
}

export async function finish(
  ctx: FlushContext,
  job: Job,
  result: RowResult,
  fresh: ReadBack = new Map(),
): Promise<void> {
  const { db, report } = ctx;
  const { row, req } = job;
  if (result.type === 'done') {
    await db.outbox.where('id').equals(row.id).delete();
    report.done++;
    if (result.replaced) {
      // the server kept an equivalent record of its own: ours goes, theirs takes its place, and
      // changes still queued for ours (an unlike) now address theirs
      await applyServerDeletes(db, req.collection, [req.id]);
      if (result.record) await readdress(ctx, job, result.record.id);
    }
    if (result.record && req.method !== 'DELETE') {
      await applyServerRecords(db, req.collection, [result.record]);
    }
    for (const [collection, list] of fresh) {
      await applyServerRecords(db, collection, list, { skipOlder: true });
    }
    return;
  }
  if (result.type === 'retry') {
    const attempts = row.attempts + 1;
    await db.outbox
      .where('id')
      .equals(row.id)
      .modify({
        attempts,
        nextTryAt: ctx.now() + backoffMs(attempts),
        lastError: describeFailure(result.err),
      });
    report.retrying++;
    return;
  }
  if (result.type === 'final') {
    const moved = await moveToDeadLetters(
      db,
      row,
      errorStatus(result.err),
      explainedRefusal(result.err) ?? job.kind.failureMessage(job.payload),
      describeFailure(result.err),
      isHopeless(result.err),
    );
    if (moved) report.dead++;
  }
}

/**
 * After a create the server answered with an equivalent record of another id (a like of a card
 * liked on another device, a conversation the other fan opened first): every row still queued
 * that names our record, as its own record or in a payload field (a message's conversation), now
 * names the server's, and the local copies of those other rows follow it (their `apply` runs
 * again). A `moved:` marker in `syncState` lets a screen still holding our id find the record.
 */
async function readdress(ctx: FlushContext, job: Job, serverId: string): Promise<void> {
  const { db } = ctx;
  const oldId = job.req.id;
  const oldKey = job.row.recordKey;
  const newKey = recordKey(job.req.collection, serverId);
  if (oldKey === newKey) return;
  await db.transaction('rw', db.tables, async () => {
    const rows = await db.outbox.where('userId').equals(ctx.userId).sortBy('seq');
    // the server's record is one of ours, queued later (a like, unlike and like again whose
    // answers were lost): the rows already say what to do with both
    if (rows.some((r) => r.recordKey === newKey && isCreate(r))) return;
    const followers: OutboxRow[] = [];
    for (const r of rows) {
      const own = r.recordKey === oldKey;
      const payload = renamed(r.payload, oldId, serverId);
      if (!own && !payload) continue;
      await db.outbox.update(r.seq!, {
        ...(payload ? { payload } : {}),
        ...(own ? { recordKey: newKey } : {}),
      });
      ctx.stale.add(r.id);
      if (!own && payload) followers.push({ ...r, payload });
    }
    for (const r of followers) {
      const m = readMutation(r.kind, r.payload);
      if (!('error' in m)) await m.kind.apply(db, m.payload, ctx.userId);
    }
    await db.syncState.put({
      collection: MOVED_PREFIX + oldKey,
      updated: '',
      lastId: serverId,
      pulledAt: Date.now(),
    });
  });
}

const MOVED_PREFIX = 'moved:';

/** The id a record replaced by the server's equivalent now has, or null when it never moved. */
export async function movedTo(db: AppDB, key: RecordKey): Promise<string | null> {
  return (await db.syncState.get(MOVED_PREFIX + key))?.lastId ?? null;
}

function isCreate(row: OutboxRow): boolean {
  const m = readMutation(row.kind, row.payload);
  return !('error' in m) && m.kind.request(m.payload).method === 'POST';
}

/** The payload with every field naming `from` (alone or in a list) naming `to`; null: none did. */
function renamed(payload: unknown, from: string, to: string): Record<string, unknown> | null {
  if (!payload || typeof payload !== 'object') return null;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(payload as Record<string, unknown>)) {
    if (v === from) {
      out[k] = to;
      changed = true;
    } else if (Array.isArray(v) && v.includes(from)) {
      out[k] = v.map((x) => (x === from ? to : x));
      changed = true;
    } else out[k] = v;
  }
  return changed ? out : null;
}

/**
 * Moves a row to dead letters; false when the row is no longer queued (another flusher, running
 * without the lock, finished it first), so it is never set aside twice.
 */
export async function moveToDeadLetters(
  db: AppDB,
  row: OutboxRow,
  status: number,
  message: string,
  detail: string,
  hopeless = false,
): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.deadLetters, async () => {
    const removed = await db.outbox.where('id').equals(row.id).delete();
    if (!removed) return false;
    const dead: DeadLetterRow = {
      ...row,
      seq: undefined,
      failedAt: Date.now(),
      status,
      message: message || detail,
      detail,
      notifiedAt: 0,
      ...(hopeless ? { hopeless } : {}),
    };
    delete dead.seq;
    await db.deadLetters.add(dead);
    return true;
  });
}

const ROLLBACK_PREFIX = 'rollback:';

const SYNCED = new Set<string>(Object.keys(recordSchemas));

/**
 * Undoes the optimistic change of a refused row: puts back the server's copy of the record (or
 * removes it if the server has none), then re-applies the changes still queued for it. When the
 * server cannot be asked, a marker keeps the record to be put back by the next flush.
 */
export async function rollback(
  ctx: FlushContext,
  collection: SyncedCollection,
  id: string,
  refusedCreate = false,
): Promise<FlushReport['stopped']> {
  const { db, pb } = ctx;
  const marker = ROLLBACK_PREFIX + recordKey(collection, id);
  ctx.report.requests++;
  try {
    const record = await pb.collection(collection).getOne(id, { requestKey: null });
    await applyServerRecords(db, collection, [record]);
  } catch (err) {
    const f = classifyFailure(err);
    // a 404 also answers a session the server no longer takes: only trusted once it is checked
    const session = f === 'final' ? await confirmSession(ctx) : 'ok';
    // a refused create did not land: nothing to ask the server
    if (!refusedCreate && (f !== 'final' || session !== 'ok')) {
      await db.syncState.put({ collection: marker, updated: '', lastId: '', pulledAt: 0 });
      return f === 'auth' || session === 'auth' ? 'auth' : 'network';
    }
    // not on the server (or not ours to see): the local copy goes
    await db.transaction('rw', db.tables, async () => {
      await applyServerDeletes(db, collection, [id]);
      await rebase(db, [recordKey(collection, id)]);
    });
  }
  await db.syncState.delete(marker);
  return null;
}

/**
 * Undoes a refused row's optimistic change: its own record, and the other records its `apply`
 * changed (`touches`: the proposal a refused counter-proposal had marked `countered`).
 */
export async function rollbackRow(ctx: FlushContext, job: Job): Promise<FlushReport['stopped']> {
  const { collection, id, method } = job.req;
  const stopped = await rollback(ctx, collection, id, method === 'POST');
  if (stopped) return stopped;
  for (const key of job.kind.touches?.(job.payload) ?? []) {
    const [c, touched] = key.split('/');
    if (!c || !touched || !SYNCED.has(c)) continue;
    const again = await rollback(ctx, c as SyncedCollection, touched);
    if (again) return again;
  }
  return null;
}

/** Rollbacks an earlier flush could not finish (the server was unreachable then). */
export async function finishRollbacks(ctx: FlushContext): Promise<FlushReport['stopped']> {
  const markers = await ctx.db.syncState
    .where('collection')
    .startsWith(ROLLBACK_PREFIX)
    .primaryKeys();
  for (const marker of markers) {
    const [collection, id] = marker.slice(ROLLBACK_PREFIX.length).split('/');
    if (!collection || !id || !SYNCED.has(collection)) {
      await ctx.db.syncState.delete(marker);
      continue;
    }
    const stopped = await rollback(ctx, collection as SyncedCollection, id);
    if (stopped) return stopped;
  }
  return null;
}
