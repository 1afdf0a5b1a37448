/**
 * Sending one round's jobs: runs of JSON-only rows go as one `/api/batch` request (one transaction
 * on the server), a row with files alone as multipart. A refused batch is sent again row by row so
 * that only the bad row is set aside. Each answer goes to answers.ts to be read and to settle.ts
 * to take effect, with the records the rows changed on the server besides their own read back
 * first (read-back.ts).
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { SendRequest } from '@/data/outbox/index.ts';
import { interpret, type RowResult } from './answers.ts';
import { batchFailure } from './errors.ts';
import type { FlushContext, FlushReport } from './flush.ts';
import { carried, mergeReadBacks, readBack } from './read-back.ts';
import { finish, finishBatch, rollbackRow } from './settle.ts';
import type { Job } from './take.ts';

export async function sendJobs(
  ctx: FlushContext,
  jobs: Job[],
  batchMax: number,
): Promise<FlushReport['stopped']> {
  const { pb, report } = ctx;
  /** Keys whose remaining rows wait for the next round (a refusal, a readdress). */
  const failedKeys = new Set<string>();
  // rows pointed at another record (settle.ts, readdress) wait for the next round, taken afresh
  ctx.stale.clear();
  const waits = (j: Job) => ctx.stale.has(j.row.id) || j.keys.some((k) => failedKeys.has(k));
  let i = 0;
  while (i < jobs.length) {
    // a run of JSON-only rows becomes one batch; a row with files goes alone
    const run: Job[] = [];
    while (i < jobs.length && run.length < batchMax && !jobs[i]!.req.files) run.push(jobs[i++]!);
    if (!run.length) run.push(jobs[i++]!);
    const live = await handOver(
      ctx,
      run.filter((j) => !waits(j)),
    );
    if (!live.length) continue;

    if (live.length > 1) {
      report.requests++;
      try {
        const records = await sendBatch(
          pb,
          live.map((j) => j.req),
        );
        const inAnswers = carried(live, records);
        const fresh = mergeReadBacks(inAnswers, await readBack(pb, live, inAnswers));
        await finishBatch(ctx, live, records, fresh);
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
      if (waits(job)) continue;
      report.requests++;
      let result: RowResult;
      try {
        result = { type: 'done', record: await sendOne(pb, job.req) };
      } catch (err) {
        result = await interpret(ctx, job, err);
      }
      if (result.type === 'auth') return 'auth';
      await finish(
        ctx,
        job,
        result,
        result.type === 'done'
          ? await answerAndReadBack(pb, job, result.record ?? null)
          : undefined,
      );
      if (result.type === 'retry') return 'network';
      // the record's later rows were pointed at the server's record: sent in the next round
      if (result.type === 'done' && result.replaced) for (const k of job.keys) failedKeys.add(k);
      if (result.type === 'final') {
        for (const k of job.keys) failedKeys.add(k);
        const stopped = await rollbackRow(ctx, job);
        if (stopped) return stopped;
      }
    }
  }
  return null;
}

/** A landed row's carried and read-back copies (read-back.ts). */
async function answerAndReadBack(pb: PocketBase, job: Job, record: RecordModel | null) {
  const inAnswer = carried([job], [record]);
  return mergeReadBacks(inAnswer, await readBack(pb, [job], inAnswer));
}

/**
 * Marks the rows as handed to the network (`sentAt`) before they go, in one transaction, and keeps
 * only the jobs whose rows are still queued: a row the write path collapsed into a later change
 * since it was taken is not sent. Once marked, a row is never collapsed (it may land).
 */
async function handOver(ctx: FlushContext, jobs: Job[]): Promise<Job[]> {
  if (!jobs.length) return jobs;
  const { db } = ctx;
  const now = ctx.now();
  return db.transaction('rw', db.outbox, async () => {
    const rows = await db.outbox.bulkGet(jobs.map((j) => j.row.seq!));
    const kept: Job[] = [];
    const unmarked: number[] = [];
    jobs.forEach((job, k) => {
      const row = rows[k];
      if (row?.id !== job.row.id) return;
      kept.push(job);
      if (!row.sentAt) unmarked.push(row.seq!);
    });
    if (unmarked.length) {
      await db.outbox.bulkUpdate(unmarked.map((key) => ({ key, changes: { sentAt: now } })));
    }
    return kept;
  });
}

// The wire: one queued change as a PocketBase request, or a run of them as one batch.

function toFile(field: string, blob: Blob): Blob {
  if (typeof File !== 'undefined' && blob instanceof File && blob.name) return blob;
  const ext = (blob.type.split('/')[1] ?? 'bin').replace('jpeg', 'jpg').replace(/[^a-z0-9]/g, '');
  return new File([blob], `${field}.${ext || 'bin'}`, { type: blob.type });
}

function withFiles(req: SendRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { ...(req.body ?? {}) };
  for (const [field, value] of Object.entries(req.files ?? {})) {
    // a list is appended file by file under the field's name (the SDK's multipart)
    body[field] = Array.isArray(value)
      ? (value as readonly Blob[]).map((blob) => toFile(field, blob))
      : toFile(field, value as Blob);
  }
  return body;
}

async function sendOne(pb: PocketBase, req: SendRequest): Promise<RecordModel | null> {
  const svc = pb.collection(req.collection);
  const opts = { requestKey: null, ...(req.expand ? { expand: req.expand.field } : {}) };
  if (req.method === 'POST') return svc.create(withFiles(req), opts);
  if (req.method === 'PATCH') return svc.update(req.id, withFiles(req), opts);
  await svc.delete(req.id, opts);
  return null;
}

async function sendBatch(pb: PocketBase, reqs: SendRequest[]): Promise<(RecordModel | null)[]> {
  const batch = pb.createBatch();
  for (const req of reqs) {
    const c = batch.collection(req.collection);
    // no expand inside a batch (the server refuses it: a batch holds the write lock): the rows'
    // `readsBack` records are read back after it instead, 20 to a request
    if (req.method === 'POST') c.create(req.body ?? {});
    else if (req.method === 'PATCH') c.update(req.id, req.body ?? {});
    else c.delete(req.id);
  }
  const results = await batch.send({ requestKey: null });
  return results.map((r) =>
    r.body && typeof r.body === 'object' ? (r.body as RecordModel) : null,
  );
}
