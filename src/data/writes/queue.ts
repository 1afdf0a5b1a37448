/**
 * The one write path of the app. A change is applied to the local copy and its outbox row is
 * added in the same IndexedDB transaction: either both happen or neither does, so the screen never
 * shows a change that is not queued, and a queued change is never missing from the screen.
 */
import * as v from 'valibot';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { recordKey, type MutationKind } from '@/data/outbox/index.ts';
import { readSession } from '@/data/session/session.ts';
import { isQuotaError, StorageFullError } from '@/data/storage.ts';
import { announceQueued } from '@/data/sync/signals.ts';

import { InvalidInputError, LoginRequiredError } from './errors.ts';

export { InvalidInputError, LoginRequiredError };

export interface QueueContext {
  db: AppDB;
  userId: string;
}

/** One change to queue: a kind and its payload (`change(kind, payload)` keeps them matched). */
export interface Change {
  kind: MutationKind<unknown>;
  payload: unknown;
}

/** A change of one kind, typed by that kind's payload. */
export function change<P>(kind: MutationKind<P>, payload: P): Change {
  return { kind: kind as MutationKind<unknown>, payload };
}

/**
 * Queues the changes built by `build` (which may read the local store, and returns the changes
 * to queue, in order, of any kinds, or none for a no-op): opening a conversation is a create or a
 * new context, depending on what is here. Returns the changes with their checked payloads. Throws
 * LoginRequiredError, InvalidInputError or StorageFullError; on any throw nothing is changed.
 */
export async function queueChanges(
  build: (ctx: QueueContext) => Promise<Change[]> | Change[],
  db: AppDB = defaultDb,
): Promise<Change[]> {
  let queued: Change[];
  try {
    queued = await db.transaction('rw', db.tables, async () => {
      const session = await readSession(db);
      if (!session) throw new LoginRequiredError();
      const changes = await build({ db, userId: session.userId });
      const out: Change[] = [];
      for (const { kind, payload: raw } of changes) {
        const payload = v.parse(kind.payload, raw);
        await kind.supersede?.(db, payload, session.userId);
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
        out.push({ kind, payload });
      }
      return out;
    });
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError();
    throw err;
  }
  if (queued.length) announceQueued();
  return queued;
}

/**
 * Queues mutations of one kind built by `build` (which may read the local store, and returns the
 * payloads to queue, in order, or none for a no-op); see queueChanges.
 */
export async function queueMutations<P>(
  kind: MutationKind<P>,
  build: (ctx: QueueContext) => Promise<P[]> | P[],
  db: AppDB = defaultDb,
): Promise<P[]> {
  const queued = await queueChanges(
    async (ctx) => (await build(ctx)).map((p) => change(kind, p)),
    db,
  );
  return queued.map((c) => c.payload as P);
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
