/**
 * Whether a record queued through the outbox has reached the server, for screens that wait on one
 * write (the report forms' success and failure modals). Read from the sync bookkeeping only:
 * 'pending' while any outbox row of `collection/id` is queued, 'failed' once the server refused it
 * for good (a dead letter), else 'sent'. A record that was never queued reads 'sent' too, so ask
 * only about ids a write returned.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { recordKey } from '@/data/outbox/names.ts';
import type { SyncedCollection } from '@/data/pb/records.ts';

export type Delivery = 'pending' | 'failed' | 'sent';

export async function deliveryOf(
  collection: SyncedCollection,
  id: string,
  db: AppDB = defaultDb,
): Promise<Delivery> {
  const key = recordKey(collection, id);
  // Read both tables in one transaction: the flush moves a refused row from the outbox to the
  // dead letters in one transaction, so this never sees it in neither.
  return db.transaction('r', db.outbox, db.deadLetters, async () => {
    if ((await db.outbox.where('recordKey').equals(key).count()) > 0) return 'pending';
    if ((await db.deadLetters.where('recordKey').equals(key).count()) > 0) return 'failed';
    return 'sent';
  });
}

// Records whose outcome a screen shows itself (the report forms' success and failure modals), so
// the app-wide notice of a refused change does not repeat it as a toast. Kept for a while after
// the screen stops watching: the notice and the screen learn of the refusal in the same moment.
const watched = new Map<string, number>();
const LINGER_MS = 10_000;

/** Marks `collection/id` as followed by a screen; returns the release function. */
export function watchDelivery(collection: SyncedCollection, id: string): () => void {
  const key = recordKey(collection, id);
  watched.set(key, (watched.get(key) ?? 0) + 1);
  return () => {
    setTimeout(() => {
      const n = (watched.get(key) ?? 1) - 1;
      if (n > 0) watched.set(key, n);
      else watched.delete(key);
    }, LINGER_MS);
  };
}

/** Whether a screen shows this record's outcome itself (see watchDelivery). */
export function isDeliveryWatched(recordKey: string): boolean {
  return watched.has(recordKey);
}
