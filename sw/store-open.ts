/**
 * The local store's tables are made here, in the worker's thread, while it installs: on a first
 * visit, creating some thirty object stores and their indexes is one IndexedDB upgrade event of
 * 30–40 ms unthrottled, and the page's main thread would otherwise run it when its data layer
 * starts (docs/first-visit.md). A page that opens the store first makes them itself, as before;
 * a failure here (no storage) changes nothing for the page.
 */
import { db } from '@/data/db/index.ts';

declare const self: ServiceWorkerGlobalScope;

export function registerStoreOpen(): void {
  self.addEventListener('install', (event) => {
    event.waitUntil(
      db.open().then(
        () => undefined,
        (err: unknown) => console.warn('[sw] the local store did not open', err),
      ),
    );
  });
}
