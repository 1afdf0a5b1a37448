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
        await collapseLikes(db, kind.kind, payload, session.userId);
        await kind.apply(db, payload, session.userId);
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
 * (docs/sync.md, The outbox): queuing a like.set for a user and card that still has an unsent
 * like.set replaces it, with the unlikes queued for that unsent like (the server never saw that
 * record), so like, unlike, like sends one create. Only rows no flush has handed to the network
 * (`sentAt`) are touched: a row sent once may have landed, and the rows after it must still go.
 * Like then unlike keeps both rows: the unlike also removes an equivalent like the server may hold
 * from another device. Runs inside the queuing transaction, before the new row's apply.
 */
async function collapseLikes(db: AppDB, kind: string, payload: unknown, userId: string) {
  if (kind !== KINDS.likeSet) return;
  const like = payload as { user: string; photoCard: string };
  const rows = await db.outbox
    .where('kind')
    .anyOf(KINDS.likeSet, KINDS.likeUnset)
    .filter((r) => {
      const p = r.payload as { user?: unknown; photoCard?: unknown };
      return r.userId === userId && p.user === like.user && p.photoCard === like.photoCard;
    })
    .toArray();
  const unsentSets = rows.filter((r) => r.kind === KINDS.likeSet && !r.sentAt);
  if (!unsentSets.length) return;
  const ids = new Set(unsentSets.map((r) => (r.payload as { id: string }).id));
  for (const r of rows) {
    if (r.sentAt || !ids.has((r.payload as { id: string }).id)) continue;
    await db.outbox.delete(r.seq!);
  }
  await db.likes.bulkDelete([...ids]);
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
