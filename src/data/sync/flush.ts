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
 * The parts: send.ts (the requests), outcomes.ts (reading failures, including tokens PocketBase
 * no longer accepts), dead-letters.ts (refusals and rollbacks), flush-context.ts (shared types).
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB } from '@/data/db/index.ts';
import { readMutation, recordKey } from '@/data/outbox/index.ts';
import type { SyncedCollection } from '@/data/pb/records.ts';
import { readSession } from '@/data/session/session.ts';
import { applyServerDeletes, applyServerRecords } from './apply.ts';
import { finishRollbacks, moveToDeadLetters, rollback } from './dead-letters.ts';
import { backoffMs, batchFailure, describeFailure, errorStatus } from './errors.ts';
import type { FlushContext, FlushReport, Job, RowResult } from './flush-context.ts';
import { withOutboxLock, type LockRunner } from './lock.ts';
import { interpret } from './outcomes.ts';
import { sendBatch, sendOne } from './send.ts';

export type { FlushReport } from './flush-context.ts';

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

/** Sends the outbox under the cross-context lock. */
export function flushOutbox(opts: FlushOptions): Promise<FlushReport> {
  const lock = opts.lock ?? withOutboxLock;
  return lock(() => flushLocked(opts));
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
        const records = await sendBatch(
          pb,
          live.map((j) => j.req),
        );
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
