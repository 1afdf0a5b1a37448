/**
 * The outbox flush, shared by the page and the service worker. It sends queued changes of the
 * signed-in user, oldest first, and removes a row only after the server has confirmed it, so a
 * crash or a lost response leads to a resend, never to a loss. Resends are harmless:
 *
 * - creates carry their client id; "id already exists" on a record we own means an earlier send
 *   landed, and counts as done;
 * - deletes answered 404 were already done;
 * - updates set fields or apply relation set operations (`cardInfo+`/`cardInfo-`), which give the
 *   same result when repeated.
 *
 * Order is kept per record (a row waits while an older row of the same record is backing off).
 * Runs of JSON-only rows go in one `/api/batch` request (one transaction); rows with files go
 * alone as multipart. If a batch is refused, its rows are sent one by one so that only the bad
 * one is set aside.
 *
 * Outcomes (see errors.ts): temporary failures back off (1 s doubling to 30 s) and stop this
 * flush; 401 stops everything until the next login; any other refusal moves the row to
 * `deadLetters`, and the record is put back to what the server holds.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB, DeadLetterRow, OutboxRow } from '../db/index.ts';
import { readMutation, type AnyMutationKind, type SendRequest } from '../mutations/index.ts';
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
}

type RowResult =
  | { type: 'done'; record?: RecordModel | null; deleted?: boolean }
  | { type: 'retry'; err: unknown }
  | { type: 'auth' }
  | { type: 'final'; err: unknown };

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
  return results.map((r) => (r.body && typeof r.body === 'object' ? (r.body as RecordModel) : null));
}

/** Reads an error of one row's request into an outcome, checking replays with the server. */
async function interpret(
  pb: PocketBase,
  job: Job,
  userId: string,
  err: unknown,
): Promise<RowResult> {
  const { req, kind } = job;
  if (req.method === 'DELETE' && errorStatus(err) === 404) return { type: 'done', deleted: true };
  if (req.method === 'POST' && isIdTaken(err)) {
    // an earlier send landed (its answer was lost): done if the record is ours
    try {
      const existing = await pb.collection(req.collection).getOne(req.id, { requestKey: null });
      if (kind.ownerField && existing[kind.ownerField] === userId) {
        return { type: 'done', record: existing };
      }
      return { type: 'final', err };
    } catch (checkErr) {
      const f = classifyFailure(checkErr);
      if (f === 'retry') return { type: 'retry', err: checkErr };
      if (f === 'auth') return { type: 'auth' };
      return { type: 'final', err };
    }
  }
  if (req.method === 'POST' && kind.duplicateIsDone && isDuplicate(err)) {
    return { type: 'done', deleted: true };
  }
  const f = classifyFailure(err);
  if (f === 'retry') return { type: 'retry', err };
  if (f === 'auth') return { type: 'auth' };
  return { type: 'final', err };
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
  const userId = session.userId;
  // sends with the session stored now (the service worker's client may be older than a login)
  if (pb.authStore.token !== session.token) pb.authStore.save(session.token, session.record as RecordModel);

  let ignoreBackoff = opts.ignoreBackoff ?? false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const jobs = await readyJobs(db, userId, ignoreBackoff ? Infinity : now(), report);
    if (!jobs.length) break;
    const stop = await sendJobs(opts, jobs, userId, batchMax, report, now);
    if (stop) {
      report.stopped = stop;
      break;
    }
    // later rounds only pick up rows queued meanwhile; backing-off rows keep their time
    ignoreBackoff = false;
  }

  const left = await db.outbox.toArray();
  report.remaining = left.length;
  const waiting = left.filter((r) => r.userId === userId && r.nextTryAt > now());
  report.nextTryAt = waiting.length ? Math.min(...waiting.map((r) => r.nextTryAt)) : null;
  return report;
}

/** Rows to send now, oldest first: a row waits while an older row of its record is waiting. */
async function readyJobs(
  db: AppDB,
  userId: string,
  cutoff: number,
  report: FlushReport,
): Promise<Job[]> {
  const rows = await db.outbox.orderBy('seq').toArray();
  const blocked = new Set<string>();
  const jobs: Job[] = [];
  for (const row of rows) {
    if (row.userId !== userId || blocked.has(row.recordKey)) continue;
    if (row.nextTryAt > cutoff) {
      blocked.add(row.recordKey);
      continue;
    }
    const m = readMutation(row.kind, row.payload);
    if ('error' in m) {
      // unreadable (written by an incompatible version or corrupted): set aside, not dropped
      await moveToDeadLetters(db, row, 0, m.error, '');
      report.dead++;
      blocked.add(row.recordKey);
      continue;
    }
    jobs.push({ row, kind: m.kind, payload: m.payload, req: m.kind.request(m.payload) });
  }
  return jobs;
}

async function sendJobs(
  opts: FlushOptions,
  jobs: Job[],
  userId: string,
  batchMax: number,
  report: FlushReport,
  now: () => number,
): Promise<FlushReport['stopped']> {
  const { db, pb } = opts;
  const failedKeys = new Set<string>();
  let i = 0;
  while (i < jobs.length) {
    // a run of JSON-only rows becomes one batch; a row with files goes alone
    const run: Job[] = [];
    while (i < jobs.length && run.length < batchMax && !jobs[i]!.req.files) run.push(jobs[i++]!);
    if (!run.length) run.push(jobs[i++]!);
    const live = run.filter((j) => !failedKeys.has(j.row.recordKey));
    if (!live.length) continue;

    if (live.length > 1) {
      report.requests++;
      try {
        const records = await sendBatch(pb, live);
        for (let k = 0; k < live.length; k++) {
          await finish(db, live[k]!, { type: 'done', record: records[k] ?? null }, report, now);
        }
        continue;
      } catch (err) {
        const f = classifyFailure(err);
        if (f === 'auth') return 'auth';
        if (f === 'retry') {
          for (const j of live) await finish(db, j, { type: 'retry', err }, report, now);
          return 'network';
        }
        // refused as a whole: find the bad row by sending them one by one
      }
    }

    for (const job of live) {
      if (failedKeys.has(job.row.recordKey)) continue;
      report.requests++;
      let result: RowResult;
      try {
        result = { type: 'done', record: await sendOne(pb, job.req) };
      } catch (err) {
        result = await interpret(pb, job, userId, err);
      }
      if (result.type === 'auth') return 'auth';
      await finish(db, job, result, report, now);
      if (result.type === 'retry') return 'network';
      if (result.type === 'final') {
        failedKeys.add(job.row.recordKey);
        await rollback(pb, db, job);
      }
    }
  }
  return null;
}

async function finish(
  db: AppDB,
  job: Job,
  result: RowResult,
  report: FlushReport,
  now: () => number,
): Promise<void> {
  const { row, req } = job;
  if (result.type === 'done') {
    await db.outbox.where('id').equals(row.id).delete();
    report.done++;
    if (result.record && req.method !== 'DELETE') {
      await applyServerRecords(db, req.collection, [result.record]);
    } else if (result.deleted && req.method === 'POST') {
      // the server kept an equivalent record of its own: ours is dropped; the next pull brings it
      await applyServerDeletes(db, req.collection, [req.id]);
    }
    return;
  }
  if (result.type === 'retry') {
    const attempts = row.attempts + 1;
    await db.outbox
      .where('id')
      .equals(row.id)
      .modify({ attempts, nextTryAt: now() + backoffMs(attempts), lastError: describeFailure(result.err) });
    report.retrying++;
    return;
  }
  if (result.type === 'final') {
    await moveToDeadLetters(
      db,
      row,
      errorStatus(result.err),
      job.kind.failureMessage(job.payload),
      describeFailure(result.err),
    );
    report.dead++;
  }
}

async function moveToDeadLetters(
  db: AppDB,
  row: OutboxRow,
  status: number,
  message: string,
  detail: string,
): Promise<void> {
  await db.transaction('rw', db.outbox, db.deadLetters, async () => {
    await db.outbox.where('id').equals(row.id).delete();
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
  });
}

/**
 * Undo the optimistic change of a refused row: put back the server's copy of the record (or
 * remove it if the server has none), then re-apply the changes still queued for it.
 */
async function rollback(pb: PocketBase, db: AppDB, job: Job): Promise<void> {
  const { req } = job;
  try {
    const record = await pb.collection(req.collection).getOne(req.id, { requestKey: null });
    await applyServerRecords(db, req.collection, [record]);
  } catch (err) {
    if (errorStatus(err) === 404 || errorStatus(err) === 403) {
      await applyServerDeletes(db, req.collection, [req.id]);
      await db.transaction('rw', db.tables, () => rebase(db, [recordKey(req.collection, req.id)]));
    } else if (req.method === 'POST') {
      // the server could not be asked; a refused create certainly did not land
      await applyServerDeletes(db, req.collection, [req.id]);
    }
  }
}
