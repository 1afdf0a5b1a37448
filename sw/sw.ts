/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell and every route chunk (the list is injected at build
 * time by vite-plugin-pwa), answers navigations with index.html so every route opens offline, and
 * keeps bounded runtime caches of PocketBase files (card images, logos, event photos).
 *
 * It never caches /api responses other than files: data reaches the screens from IndexedDB (Dexie),
 * not from HTTP caches. Later issues add the outbox flush (Background Sync) and push here, reusing
 * src/data.
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

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
