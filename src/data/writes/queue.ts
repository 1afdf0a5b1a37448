/**
 * The one write path of the app. A change is applied to the local copy and its outbox row is
 * added in the same IndexedDB transaction: either both happen or neither does, so the screen never
 * shows a change that is not queued, and a queued change is never missing from the screen.
 */
import * as v from 'valibot';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { KINDS, recordKey, type MutationKind } from '@/data/outbox/index.ts';
import { readSession } from '@/data/session/session.ts';
import { isQuotaError, StorageFullError } from '@/data/storage.ts';
import { announceQueued } from '@/data/sync/signals.ts';

import { InvalidInputError, LoginRequiredError } from './errors.ts';

export { InvalidInputError, LoginRequiredError };

export interface QueueContext {
  db: AppDB;
  userId: string;
}

/**
 * Queues mutations built by `build` (which may read the local store, and returns the payloads to
 * queue, in order, or none for a no-op). Throws LoginRequiredError, InvalidInputError or
 * StorageFullError; on any throw nothing is changed.
 */
export async function queueMutations<P>(
  kind: MutationKind<P>,
  build: (ctx: QueueContext) => Promise<P[]> | P[],
  db: AppDB = defaultDb,
): Promise<P[]> {
  let queued: P[];
  try {
    queued = await db.transaction('rw', db.tables, async () => {
      const session = await readSession(db);
      if (!session) throw new LoginRequiredError();
      const payloads = await build({ db, userId: session.userId });
      for (const raw of payloads) {
        const payload = v.parse(kind.payload, raw);
        const absorbed = await netEffect(db, kind.kind, payload, session.userId);
        await kind.apply(db, payload, session.userId);
        if (absorbed) continue;
        await db.outbox.add({
          id: newRecordId(),
          kind: kind.kind,
          recordKey: recordKey(kind.collection, kind.recordId(payload)),
          userId: session.userId,
          payload,
          createdAt: Date.now(),
          attempts: 0,
          nextTryAt: 0,
        });
      }
      return payloads;
    });
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError();
    throw err;
  }
  if (queued.length) announceQueued();
  return queued;
}

/**
 * Rapid toggles of one like collapse to their net effect before anything is sent
 * (docs/sync.md, The outbox): a like.set replaces an unsent like.set of the same user and card,
 * and a like.unset of a like whose like.set is still unsent removes that row instead of queuing
 * (the server never heard of the like). Only rows no flush has handed to the network (`sentAt`)
 * are touched: a row sent once may have landed, and its later rows must still go. Runs inside
 * the queuing transaction; returns true when the new change needs no row of its own.
 */
async function netEffect(db: AppDB, kind: string, payload: unknown, userId: string) {
  if (kind !== KINDS.likeSet && kind !== KINDS.likeUnset) return false;
  const like = payload as { id: string; user: string; photoCard: string };
  const unsentSets = (
    await db.outbox
      .where('kind')
      .equals(KINDS.likeSet)
      .filter((r) => r.userId === userId && !r.sentAt)
      .toArray()
  ).filter((r) => {
    const p = r.payload as { user?: unknown; photoCard?: unknown };
    return p.user === like.user && p.photoCard === like.photoCard;
  });
  if (kind === KINDS.likeSet) {
    // replaced: the new like is the one that goes (and is shown)
    for (const r of unsentSets) {
      await db.outbox.delete(r.seq!);
      await db.likes.delete((r.payload as { id: string }).id);
    }
    return false;
  }
  const set = unsentSets.find((r) => (r.payload as { id: string }).id === like.id);
  if (!set) return false;
  await db.outbox.delete(set.seq!);
  return true;
}

/** Queues one mutation; see queueMutations. */
export async function queueMutation<P>(
  kind: MutationKind<P>,
  build: (ctx: QueueContext) => Promise<P | null> | P | null,
  db: AppDB = defaultDb,
): Promise<P | null> {
  const [queued] = await queueMutations(
    kind,
    async (ctx) => {
      const p = await build(ctx);
      return p === null ? [] : [p];
    },
    db,
  );
  return queued ?? null;
}
