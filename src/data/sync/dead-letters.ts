/**
 * Changes the server refused for good: the row moves to `deadLetters` (kept, never dropped
 * silently, shown with its Korean message) and the record is put back to the server's copy. When
 * the server cannot be asked right then, a `rollback:` marker in `syncState` makes the next flush
 * finish the job.
 */
import type { AppDB, DeadLetterRow, OutboxRow } from '@/data/db/index.ts';
import { recordSchemas, type SyncedCollection } from '@/data/pb/records.ts';
import { recordKey } from '@/data/outbox/names.ts';
import { applyServerDeletes, applyServerRecords, rebase } from './apply.ts';
import { classifyFailure } from './errors.ts';
import type { FlushContext, FlushReport } from './flush-context.ts';
import { confirmSession } from './outcomes.ts';

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
