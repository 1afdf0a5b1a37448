/**
 * Taking the work of one flush round: the signed-in user's rows that may go now, oldest first, each
 * read back into its kind, payload and request. A row waits while an older row of its record (or
 * its kind's `orderKey`, or a record it points to) is backing off; a row that cannot be read is set
 * aside as a dead letter.
 */
import type { OutboxRow } from '@/data/db/index.ts';
import { readMutation, type AnyMutationKind, type SendRequest } from '@/data/outbox/index.ts';
import type { FlushContext } from './flush.ts';
import { moveToDeadLetters } from './settle.ts';

export interface Job {
  row: OutboxRow;
  kind: AnyMutationKind;
  payload: unknown;
  req: SendRequest;
  /**
   * Rows sharing a key are sent in queue order: the record (or the kind's `orderKey`) first, then
   * the records the request points to (`dependsOn`).
   */
  keys: string[];
}

/**
 * Rows to send now, oldest first: a row waits while an older row of one of its keys is waiting
 * (its record, its order key, a record it points to).
 */
export async function takeJobs(ctx: FlushContext, cutoff: number): Promise<Job[]> {
  const rows = await ctx.db.outbox.orderBy('seq').toArray();
  const blocked = new Set<string>();
  const jobs: Job[] = [];
  for (const row of rows) {
    if (row.userId !== ctx.userId) continue;
    const m = readMutation(row.kind, row.payload);
    const keys =
      'error' in m
        ? [row.recordKey]
        : [m.kind.orderKey?.(m.payload) ?? row.recordKey, ...(m.kind.dependsOn?.(m.payload) ?? [])];
    const wait = keys.some((k) => blocked.has(k)) || row.nextTryAt > cutoff;
    if (wait || 'error' in m) {
      // everything after it on one of its keys waits too
      for (const k of keys) blocked.add(k);
    }
    if (wait) continue;
    if ('error' in m) {
      // unreadable (written by an incompatible version or corrupted): set aside, not dropped
      if (await moveToDeadLetters(ctx.db, row, 0, m.error, '')) ctx.report.dead++;
      continue;
    }
    jobs.push({ row, kind: m.kind, payload: m.payload, req: m.kind.request(m.payload), keys });
  }
  return jobs;
}
