/**
 * The app shell: every built file is precached (the list is injected at build time by
 * vite-plugin-pwa), and navigations are answered with index.html so every route opens offline.
 * A waiting worker takes over when the page asks (the user accepted the update toast), and a new
 * worker takes control of open tabs at once.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

export function registerPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();

  // Every in-app route is a client route: serve the precached shell. PocketBase's own paths
  // (/api, the admin UI at /_/) must reach the network.
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('index.html'), {
      denylist: [/^\/api\//, /^\/_\//],
    }),
  );
}

export function registerUpdates(): void {
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(self.clients.claim());
  });
}
