/**
 * The outbox flush, shared by the page and the service worker. It sends queued changes of the
 * signed-in user, oldest first, and removes a row only after the server has confirmed it, so a
 * crash or a lost response leads to a resend, never to a loss. Resends are harmless:
 *
 * - creates carry their client id; "id already exists" on a record we own means an earlier send
 *   landed, and counts as done;
 * - deletes answered 404 were already done; so is an edit answered 404 when a later queued row
 *   deletes that record anyway;
 * - updates set fields or apply relation set operations (`cardInfo+`/`cardInfo-`), which give the
 *   same result when repeated;
 * - a create refused as a duplicate of an equivalent record (a like of a card the user already
 *   liked on another device) is done; the server's record replaces ours locally, and the changes
 *   still queued for ours (an unlike) are pointed at it.
 *
 * Order is kept per record (a row waits while an older row of the same record is backing off),
 * or per `orderKey` where one logical thing spans records (a like and a later re-like of the same
 * card are two like records).
 * Runs of JSON-only rows go in one `/api/batch` request (one transaction); rows with files go
 * alone as multipart. If a batch is refused, its rows are sent one by one so that only the bad
 * one is set aside.
 *
 * Outcomes (see errors.ts): temporary failures back off (1 s doubling to 30 s) and stop this
 * flush; 401 stops everything until the next login; any other refusal moves the row to
 * `deadLetters`, and the record is put back to what the server holds (if the server cannot be
 * asked right then, a `rollback:` marker in `syncState` makes the next flush do it).
 *
 * PocketBase does not answer 401 to a record request with a token it no longer accepts (revoked,
 * signed with an old key): it serves the request as anonymous, so a create is refused with 400 and
 * an update or delete answers 404. Before such an answer is taken as the server's last word (a
 * dead letter, or a delete counted as done), the session is checked once per flush with an auth
 * refresh; if the server rejects it, the flush stops as for a 401 and every row is kept.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB, DeadLetterRow, OutboxRow } from '../db/index.ts';
import { readMutation, type AnyMutationKind, type SendRequest } from '../mutations/index.ts';
import { recordSchemas, type SyncedCollection } from '../pb/records.ts';
import { readSession } from '../session/session.ts';
import { applyServerDeletes, applyServerRecords, rebase, recordKey } from './apply.ts';
import {
  backoffMs,
  classifyFailure,
  describeFailure,
  errorStatus,
  isDuplicate,
  isIdTaken,
} from './errors.ts';
import { withOutboxLock, type LockRunner } from './lock.ts';

export const BATCH_MAX = 50;
const MAX_ROUNDS = 50;

export interface FlushOptions {
  db: AppDB;
  pb: PocketBase;
  /** Send rows that are still backing off (the network just came back, the user asked). */
  ignoreBackoff?: boolean;
  batchMax?: number;
  lock?: LockRunner;
  now?: () => number;
}

export interface FlushReport {
  /** Rows confirmed by the server and removed. */
  done: number;
  /** HTTP requests made (a batch counts once). */
  requests: number;
  /** Rows that failed temporarily and wait for a retry. */
  retrying: number;
  /** Rows moved to dead letters. */
  dead: number;
  /** Rows left in the outbox (of any user). */
  remaining: number;
  /** Why the flush stopped early, if it did. */
  stopped: 'network' | 'auth' | 'no-session' | null;
  /** Earliest time a backing-off row may be tried again. */
  nextTryAt: number | null;
}

interface Job {
  row: OutboxRow;
  kind: AnyMutationKind;
  payload: unknown;
  req: SendRequest;
  /** Rows with one key are sent in queue order: the record, or the kind's `orderKey`. */
  key: string;
}

type RowResult =
  /**
   * `record`: the server's copy to store. `replaced`: our create was not stored because the server
   * holds an equivalent record (`record`, when it could be fetched), so our local copy goes.
   */
  | { type: 'done'; record?: RecordModel | null; replaced?: boolean }
  | { type: 'retry'; err: unknown }
  | { type: 'auth' }
  | { type: 'final'; err: unknown };

/** What one flush knows while it runs. */
interface FlushContext {
  db: AppDB;
  pb: PocketBase;
  userId: string;
  report: FlushReport;
  now: () => number;
  /** Whether the server still accepts the session: asked at most once per flush. */
  sessionCheck?: Promise<'ok' | 'auth' | 'retry'>;
}

/** Sends the outbox under the cross-context lock. */
export function flushOutbox(opts: FlushOptions): Promise<FlushReport> {
  const lock = opts.lock ?? withOutboxLock;
  return lock(() => flushLocked(opts));
}

function toFile(field: string, blob: Blob): Blob {
  if (typeof File !== 'undefined' && blob instanceof File && blob.name) return blob;
  const ext = (blob.type.split('/')[1] ?? 'bin').replace('jpeg', 'jpg').replace(/[^a-z0-9]/g, '');
  return new File([blob], `${field}.${ext || 'bin'}`, { type: blob.type });
}

function withFiles(req: SendRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { ...(req.body ?? {}) };
  for (const [field, blob] of Object.entries(req.files ?? {})) body[field] = toFile(field, blob);
  return body;
}

async function sendOne(pb: PocketBase, req: SendRequest): Promise<RecordModel | null> {
  const svc = pb.collection(req.collection);
  const opts = { requestKey: null };
  if (req.method === 'POST') return svc.create(withFiles(req), opts);
  if (req.method === 'PATCH') return svc.update(req.id, withFiles(req), opts);
  await svc.delete(req.id, opts);
  return null;
}

async function sendBatch(pb: PocketBase, jobs: Job[]): Promise<(RecordModel | null)[]> {
  const batch = pb.createBatch();
  for (const { req } of jobs) {
    const c = batch.collection(req.collection);
    if (req.method === 'POST') c.create(req.body ?? {});
    else if (req.method === 'PATCH') c.update(req.id, req.body ?? {});
    else c.delete(req.id);
  }
  const results = await batch.send({ requestKey: null });
  return results.map((r) =>
    r.body && typeof r.body === 'object' ? (r.body as RecordModel) : null,
  );
}

/**
 * Whether the server still accepts our token (see the top of this file). An auth refresh is the
 * one request that answers 401 for a token the server no longer takes; when it succeeds, the
 * refreshed token is stored as a side effect.
 */
function confirmSession(ctx: FlushContext): Promise<'ok' | 'auth' | 'retry'> {
  ctx.sessionCheck ??= (async () => {
    ctx.report.requests++;
    try {
      await ctx.pb.collection('users').authRefresh({ requestKey: null });
      return 'ok';
    } catch (err) {
      return classifyFailure(err) === 'retry' ? 'retry' : 'auth';
    }
  })();
  return ctx.sessionCheck;
}

/** Reads an error of one row's request into an outcome, checking replays with the server. */
async function interpret(ctx: FlushContext, job: Job, err: unknown): Promise<RowResult> {
  const { req, kind } = job;
  const f = classifyFailure(err);
  if (f === 'retry') return { type: 'retry', err };
  if (f === 'auth') return { type: 'auth' };
  let goneSince = false;
  if (req.method === 'POST' && isIdTaken(err)) {
    // an earlier send landed (its answer was lost): done if the record is ours
    ctx.report.requests++;
    try {
      const existing = await ctx.pb.collection(req.collection).getOne(req.id, { requestKey: null });
      if (kind.ownerField && existing[kind.ownerField] === ctx.userId) {
        return { type: 'done', record: existing };
      }
    } catch (checkErr) {
      const cf = classifyFailure(checkErr);
      if (cf === 'retry') return { type: 'retry', err: checkErr };
      if (cf === 'auth') return { type: 'auth' };
      // 404: the record was created and then deleted (the server remembers deleted ids, see
      // pb_hooks/guards.pb.js), or our session is not accepted (checked below)
      goneSince = errorStatus(checkErr) === 404;
    }
  } else if (req.method === 'POST' && kind.duplicateIsDone && isDuplicate(err)) {
    // what the user wanted is already true on the server (a like from another device)
    return { type: 'done', record: await findEquivalent(ctx, job), replaced: true };
  }
  // a 4xx: only the server's last word if it still takes our session
  const session = await confirmSession(ctx);
  if (session === 'retry') return { type: 'retry', err };
  if (session === 'auth') return { type: 'auth' };
  if (goneSince) {
    // our create landed earlier and someone (the user on another device, an admin) deleted it
    // since: replaying it must not bring it back
    await applyServerDeletes(ctx.db, req.collection, [req.id]);
    return { type: 'done' };
  }
  if (errorStatus(err) === 404) {
    if (req.method === 'DELETE') return { type: 'done' };
    // an edit of a record the user deletes later (the delete may have landed already, with an
    // earlier send whose answer was lost): moot, not a failure to report
    if (await deletedLater(ctx, job)) return { type: 'done' };
  }
  return { type: 'final', err };
}

/** Whether a row queued after this one deletes the same record. */
async function deletedLater(ctx: FlushContext, job: Job): Promise<boolean> {
  const later = await ctx.db.outbox.where('recordKey').equals(job.row.recordKey).toArray();
  return later.some((r) => {
    if (r.userId !== ctx.userId || (r.seq ?? 0) <= (job.row.seq ?? 0)) return false;
    const m = readMutation(r.kind, r.payload);
    return !('error' in m) && m.kind.request(m.payload).method === 'DELETE';
  });
}

/** The server's record equivalent to a create refused as a duplicate, or null if not found. */
async function findEquivalent(ctx: FlushContext, job: Job): Promise<RecordModel | null> {
  const fields = job.kind.sameAs?.(job.payload);
  if (!fields) return null;
  const filter = Object.keys(fields)
    .map((f) => `${f} = {:${f}}`)
    .join(' && ');
  ctx.report.requests++;
  try {
    return await ctx.pb
      .collection(job.req.collection)
      .getFirstListItem(ctx.pb.filter(filter, fields), { requestKey: null });
  } catch {
    return null; // the next pull brings it
  }
}

async function flushLocked(opts: FlushOptions): Promise<FlushReport> {
  const { db, pb } = opts;
  const now = opts.now ?? Date.now;
  const batchMax = Math.max(1, Math.min(opts.batchMax ?? BATCH_MAX, BATCH_MAX));
  const report: FlushReport = {
    done: 0,
    requests: 0,
    retrying: 0,
    dead: 0,
    remaining: 0,
    stopped: null,
    nextTryAt: null,
  };

  const session = await readSession(db);
  if (!session) {
    report.remaining = await db.outbox.count();
    report.stopped = report.remaining ? 'no-session' : null;
    return report;
  }
  const ctx: FlushContext = { db, pb, userId: session.userId, report, now };
  // sends with the session stored now (the service worker's client may be older than a login)
  if (pb.authStore.token !== session.token) {
    pb.authStore.save(session.token, session.record as RecordModel);
  }

  report.stopped = await finishRollbacks(ctx);
  let ignoreBackoff = opts.ignoreBackoff ?? false;
  for (let round = 0; round < MAX_ROUNDS && !report.stopped; round++) {
    const jobs = await readyJobs(ctx, ignoreBackoff ? Infinity : now());
    if (!jobs.length) break;
    report.stopped = await sendJobs(ctx, jobs, batchMax);
    // later rounds only pick up rows queued meanwhile; backing-off rows keep their time
    ignoreBackoff = false;
  }

  const left = await db.outbox.toArray();
  report.remaining = left.length;
  const waiting = left.filter((r) => r.userId === ctx.userId && r.nextTryAt > now());
  report.nextTryAt = waiting.length ? Math.min(...waiting.map((r) => r.nextTryAt)) : null;
  return report;
}

/** Rows to send now, oldest first: a row waits while an older row of its record is waiting. */
async function readyJobs(ctx: FlushContext, cutoff: number): Promise<Job[]> {
  const rows = await ctx.db.outbox.orderBy('seq').toArray();
  const blocked = new Set<string>();
  const jobs: Job[] = [];
  for (const row of rows) {
    if (row.userId !== ctx.userId) continue;
    const m = readMutation(row.kind, row.payload);
    const key = 'error' in m ? row.recordKey : (m.kind.orderKey?.(m.payload) ?? row.recordKey);
    if (blocked.has(key)) continue;
    if (row.nextTryAt > cutoff) {
      blocked.add(key);
      continue;
    }
    if ('error' in m) {
      // unreadable (written by an incompatible version or corrupted): set aside, not dropped
      if (await moveToDeadLetters(ctx.db, row, 0, m.error, '')) ctx.report.dead++;
      blocked.add(key);
      continue;
    }
    jobs.push({ row, kind: m.kind, payload: m.payload, req: m.kind.request(m.payload), key });
  }
  return jobs;
}

async function sendJobs(
  ctx: FlushContext,
  jobs: Job[],
  batchMax: number,
): Promise<FlushReport['stopped']> {
  const { pb, report } = ctx;
  /** Records whose remaining rows wait for the next round (a refusal, a readdress). */
  const failedKeys = new Set<string>();
  let i = 0;
  while (i < jobs.length) {
    // a run of JSON-only rows becomes one batch; a row with files goes alone
    const run: Job[] = [];
    while (i < jobs.length && run.length < batchMax && !jobs[i]!.req.files) run.push(jobs[i++]!);
    if (!run.length) run.push(jobs[i++]!);
    const live = run.filter((j) => !failedKeys.has(j.key));
    if (!live.length) continue;

    if (live.length > 1) {
      report.requests++;
      try {
        const records = await sendBatch(pb, live);
        await finishBatch(ctx, live, records);
        continue;
      } catch (err) {
        // PocketBase answers a batch with one failed request as a whole 400; the request's own
        // status (a rate limit, a server error) is inside, and decides whether to retry
        const f = batchFailure(err);
        if (f === 'auth') return 'auth';
        if (f === 'retry') {
          for (const j of live) await finish(ctx, j, { type: 'retry', err });
          return 'network';
        }
        // refused as a whole: find the bad row by sending them one by one
      }
    }

    for (const job of live) {
      if (failedKeys.has(job.key)) continue;
      report.requests++;
      let result: RowResult;
      try {
        result = { type: 'done', record: await sendOne(pb, job.req) };
      } catch (err) {
        result = await interpret(ctx, job, err);
      }
      if (result.type === 'auth') return 'auth';
      await finish(ctx, job, result);
      if (result.type === 'retry') return 'network';
      // the record's later rows were pointed at the server's record: sent in the next round
      if (result.type === 'done' && result.replaced) failedKeys.add(job.key);
      if (result.type === 'final') {
        failedKeys.add(job.key);
        const { collection, id, method } = job.req;
        const stopped = await rollback(ctx, collection, id, method === 'POST');
        if (stopped) return stopped;
      }
    }
  }
  return null;
}

/** How a refused batch should be read: by the worst status among its failed requests. */
function batchFailure(err: unknown): 'retry' | 'auth' | 'final' {
  const outer = classifyFailure(err);
  if (outer !== 'final') return outer;
  const inner = (err as { response?: { data?: { requests?: unknown } } } | null)?.response?.data
    ?.requests;
  const statuses =
    inner && typeof inner === 'object'
      ? Object.values(inner as Record<string, { response?: { status?: unknown } } | undefined>).map(
          (r) => (typeof r?.response?.status === 'number' ? r.response.status : -1),
        )
      : [];
  const kinds = statuses.filter((st) => st >= 0).map((st) => classifyFailure({ status: st }));
  if (kinds.includes('auth')) return 'auth';
  if (kinds.includes('retry')) return 'retry';
  return 'final';
}

/**
 * Finishes a confirmed batch in one pass: its rows leave the outbox in one transaction, and the
 * server's copies are stored once per collection (a row at a time made 400 IndexedDB transactions
 * for 200 rows, slower than the network).
 */
async function finishBatch(
  ctx: FlushContext,
  jobs: Job[],
  records: (RecordModel | null)[],
): Promise<void> {
  const { db, report } = ctx;
  await db.outbox
    .where('id')
    .anyOf(jobs.map((j) => j.row.id))
    .delete();
  report.done += jobs.length;
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
  for (const [collection, list] of byCollection) await applyServerRecords(db, collection, list);
}

async function finish(ctx: FlushContext, job: Job, result: RowResult): Promise<void> {
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
      job.kind.failureMessage(job.payload),
      describeFailure(result.err),
    );
    if (moved) report.dead++;
  }
}

/**
 * Points the queued rows of a create that the server answered with an equivalent record of
 * another id (`{id}` payloads, the likes) at that record instead.
 */
async function readdress(ctx: FlushContext, job: Job, serverId: string): Promise<void> {
  const { db } = ctx;
  const oldKey = job.row.recordKey;
  const newKey = recordKey(job.req.collection, serverId);
  if (oldKey === newKey) return;
  await db.transaction('rw', db.outbox, async () => {
    // the server's record is one of ours, queued later (a like, unlike and like again whose
    // answers were lost): the rows already say what to do with both
    if (await db.outbox.where('recordKey').equals(newKey).count()) return;
    const rows = await db.outbox.where('recordKey').equals(oldKey).toArray();
    for (const r of rows) {
      if (r.userId !== ctx.userId || !r.payload || typeof r.payload !== 'object') continue;
      const payload = { ...(r.payload as Record<string, unknown>), id: serverId };
      await db.outbox.update(r.seq!, { payload, recordKey: newKey });
    }
  });
}

/**
 * Moves a row to dead letters; false when the row is no longer queued (another flusher, running
 * without the lock, finished it first), so it is never set aside twice.
 */
async function moveToDeadLetters(
  db: AppDB,
  row: OutboxRow,
  status: number,
  message: string,
  detail: string,
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
async function rollback(
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

/** Rollbacks an earlier flush could not finish (the server was unreachable then). */
async function finishRollbacks(ctx: FlushContext): Promise<FlushReport['stopped']> {
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
