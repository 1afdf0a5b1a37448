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
 * Outcomes: temporary failures back off (1 s doubling to 30 s) and stop this
 * flush; 401 stops everything until the next login; any other refusal moves the row to
 * `deadLetters`, and the record is put back to what the server holds (if the server cannot be
 * asked right then, a `rollback:` marker in `syncState` makes the next flush do it).
 *
 * The flush reads top-down, one job per file, each calling only the files after it:
 * flush.ts (this loop) → take.ts (the rows to send now) → send.ts (batches and the wire) →
 * answers.ts (what a failed request means) → settle.ts (each outcome's effect on the outbox: done,
 * retry with backoff, dead letter and rollback) → errors.ts (reading an error, asking whether the
 * session still holds). See docs/sync.md, Flush.
 */
import type PocketBase from 'pocketbase';
import { BaseAuthStore, type RecordModel } from 'pocketbase';
import type { AppDB } from '@/data/db/index.ts';
import { readSession } from '@/data/session/session.ts';
import { withOutboxLock, type LockRunner } from './lock.ts';
import { takeJobs } from './take.ts';
import { sendJobs } from './send.ts';
import { finishRollbacks } from './settle.ts';

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

/** What one flush knows while it runs. */
export interface FlushContext {
  db: AppDB;
  pb: PocketBase;
  userId: string;
  report: FlushReport;
  now: () => number;
  /** Whether the server still accepts the session: asked at most once per flush. */
  sessionCheck?: Promise<'ok' | 'auth' | 'retry'>;
  /** Ids of rows whose payload changed since this round took them (settle.ts, readdress). */
  stale: Set<string>;
}

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
  const ctx: FlushContext = { db, pb, userId: session.userId, report, now, stale: new Set() };
  // sends with the session stored now (the service worker's client may be older than a login).
  // Held in memory only: the page's auth store writes every save to IndexedDB, and a logout that
  // landed since the read above would be undone by writing this session back.
  if (pb.authStore.token !== session.token) {
    BaseAuthStore.prototype.save.call(pb.authStore, session.token, session.record as RecordModel);
  }

  report.stopped = await finishRollbacks(ctx);
  let ignoreBackoff = opts.ignoreBackoff ?? false;
  for (let round = 0; round < MAX_ROUNDS && !report.stopped; round++) {
    const jobs = await takeJobs(ctx, ignoreBackoff ? Infinity : now());
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
