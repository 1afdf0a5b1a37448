/**
 * Background Sync: the page registers the `outbox` sync after queueing a change; the browser fires
 * it when the network is back, even if the app was closed, and the worker flushes the outbox with
 * the same code and the same stored session as the page (src/data). The Web Lock in that code
 * keeps the worker and open tabs from sending at the same time.
 */
import { db } from '@/data/db/index.ts';
import { createClient } from '@/data/pb/client.ts';
import { flushOutbox } from '@/data/sync/flush.ts';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** Flushes with a client made now, so it sends with the session stored at this moment. */
export async function flushFromWorker(): Promise<void> {
  const { pb } = await createClient(self.location.origin, db);
  const report = await flushOutbox({ db, pb, ignoreBackoff: true });
  // a rejected sync is retried by the browser later (with its own backoff); only network
  // trouble is worth that: a missing session waits for the next login in a page
  if (report.stopped === 'network') throw new Error('outbox: network still unavailable');
}

export function registerBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const e = event as SyncEvent;
    if (e.tag === 'outbox') e.waitUntil(flushFromWorker());
  });
}
