/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell and every route chunk (the list is injected at build
 * time by vite-plugin-pwa), answers navigations with index.html so every route opens offline, and
 * keeps bounded runtime caches of PocketBase files (card images, logos, event photos).
 *
 * It never caches /api responses other than files: data reaches the screens from IndexedDB (Dexie),
 * not from HTTP caches.
 *
 * Background Sync: the page registers the `outbox` sync after queueing a change; the browser fires
 * it when the network is back, even if the app was closed, and the worker flushes the outbox with
 * the same code and the same stored session as the page (src/data). The Web Lock in that code
 * keeps the worker and open tabs from sending at the same time.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { db } from '../src/data/db/index.ts';
import { createClient } from '../src/data/pb/client.ts';
import { flushOutbox } from '../src/data/sync/flush.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app route is a client route: serve the precached shell. PocketBase's own paths
// (/api, the admin UI at /_/) must reach the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/_\//],
  }),
);

// Record files are immutable per file name (PocketBase renames on every upload), so cache-first
// is safe. Bounded so a phone's storage is not filled by browsing.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/files/') &&
    request.method === 'GET',
  new CacheFirst({
    cacheName: 'pb-files',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: 1500,
        maxAgeSeconds: 60 * 60 * 24 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// The page asks a waiting worker to take over when the user accepts the update toast.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** Flushes with a client made now, so it sends with the session stored at this moment. */
async function flushFromWorker(): Promise<void> {
  const { pb } = await createClient(self.location.origin, db);
  const report = await flushOutbox({ db, pb, ignoreBackoff: true });
  // a rejected sync is retried by the browser later (with its own backoff); only network
  // trouble is worth that: a missing session waits for the next login in a page
  if (report.stopped === 'network') throw new Error('outbox: network still unavailable');
}

self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag === 'outbox') e.waitUntil(flushFromWorker());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
