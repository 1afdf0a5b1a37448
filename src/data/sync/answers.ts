/**
 * Reading a failed request of one queued change into an outcome: done (a replay of something that
 * already landed), retry, wait for login, or the server's final refusal.
 *
 * PocketBase does not answer 401 to a record request with a token it no longer accepts (revoked,
 * signed with an old key): it serves the request as anonymous, so a create is refused with 400 and
 * an update or delete answers 404. Before such an answer is taken as the server's last word, the
 * session is checked once per flush with an auth refresh (`confirmSession`, errors.ts).
 */
import type { RecordModel } from 'pocketbase';
import { readMutation } from '@/data/outbox/index.ts';
import { applyServerDeletes } from './apply.ts';
import { classifyFailure, confirmSession, errorStatus, isDuplicate, isIdTaken } from './errors.ts';
import type { FlushContext } from './flush.ts';
import type { Job } from './take.ts';

export type RowResult =
  /**
   * `record`: the server's copy to store. `replaced`: our create was not stored because the server
   * holds an equivalent record (`record`, when it could be fetched), so our local copy goes.
   */
  | { type: 'done'; record?: RecordModel | null; replaced?: boolean }
  | { type: 'retry'; err: unknown }
  | { type: 'auth' }
  | { type: 'final'; err: unknown };

/** Reads an error of one row's request into an outcome, checking replays with the server. */
export async function interpret(ctx: FlushContext, job: Job, err: unknown): Promise<RowResult> {
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
      const owners = typeof kind.ownerField === 'string' ? [kind.ownerField] : kind.ownerField;
      if (owners?.some((f) => existing[f] === ctx.userId)) {
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
