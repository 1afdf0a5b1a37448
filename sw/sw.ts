/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell and every route chunk (the list is injected at build
 * time by vite-plugin-pwa), answers navigations with index.html so every route opens offline, and
 * keeps bounded runtime caches of PocketBase files (card images, logos, event photos) and of the
 * map tiles a fan has viewed, plus an unbounded one of the images the user saved for offline (a
 * collect book's group).
 *
 * It never caches /api responses other than files: data reaches the screens from IndexedDB (Dexie),
 * not from HTTP caches.
 *
 * Background Sync: the page registers the `outbox` sync after queueing a change; the browser fires
 * it when the network is back, even if the app was closed, and the worker flushes the outbox with
 * the same code and the same stored session as the page (src/data). The Web Lock in that code
 * keeps the worker and open tabs from sending at the same time.
 *
 * Push: each push (sent by server/ for a `notifications` row) is shown as a notification and
 * stored in the local inbox, so /alerts lists it at once, offline too; clicking it marks it read
 * and opens its route in an open tab (or a new one).
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
import { db } from '@/data/db/index.ts';
import { tileConfig, tileUrlPattern } from '@/lib/tiles.ts';
import { createClient } from '@/data/pb/client.ts';
import { flushOutbox } from '@/data/sync/flush.ts';
import { parsePushPayload, safeAppPath } from '@/data/push/payload.ts';
import { storePushedNotification } from '@/data/push/inbox.ts';
import { markNotificationRead } from '@/data/writes/notifications.ts';
import { ko } from '@/i18n/ko.ts';
import { FILE_CACHES, withoutFileToken } from '@/data/pb/files.ts';
import { koAlerts } from '@/i18n/ko-alerts.ts';

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
// is safe. Browsing fills a bounded cache so a phone's storage is not filled by scrolling; the
// images of a collect book saved for offline live in their own cache without expiry (see the
// 'cache-images' message below), looked up first, so browsing 1,500 other images can never
// evict what the user asked to keep for an event without network.
//
// Protected files (reports' images, collect books' covers) are fetched with a short-lived file
// token (`?token=`, src/data/pb/file-token.ts). Both caches key every file on its URL without
// the token, so a copy fetched with one token answers the next token's URL, and the token-less
// URL a screen asks for offline (when no token can be had). The token itself is never stored.
const FILES_CACHE = FILE_CACHES.files;
const SAVED_FILES_CACHE = FILE_CACHES.saved;

/** The cache key of a file request: its URL without the file token. */
function fileCacheKey(url: string): string {
  return withoutFileToken(url);
}

const browsedFiles = new CacheFirst({
  cacheName: FILES_CACHE,
  plugins: [
    { cacheKeyWillBeUsed: async ({ request }) => fileCacheKey(request.url) },
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({
      maxEntries: 1500,
      maxAgeSeconds: 60 * 60 * 24 * 60,
      purgeOnQuotaError: true,
    }),
  ],
});

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/files/') &&
    request.method === 'GET',
  async (options) => {
    const saved = await caches
      .open(SAVED_FILES_CACHE)
      .then((cache) => cache.match(fileCacheKey(options.request.url), { ignoreVary: true }));
    if (saved) return saved;
    try {
      return await browsedFiles.handle(options);
    } catch (err) {
      // Offline and never cached: an <img> gets a quiet placeholder instead of a broken-image
      // icon (and no network error in the console); other callers still see the failure.
      if (options.request.destination === 'image') return offlineImagePlaceholder();
      throw err;
    }
  },
);

// Map tiles (the configured provider, src/lib/tiles.ts): the ones a fan has looked at are kept so
// the map of places already visited still draws offline. Bounded, because panning around a city
// fetches hundreds of tiles; tiles change rarely, so a month-old one is still fine. Only real
// 200 answers are kept: the layer asks with CORS, and an opaque answer would cost megabytes of
// quota each. Offline and never seen, a tile is left blank (the markers and list still work).
const TILES_CACHE = 'map-tiles';
const TILE_PATTERN = tileUrlPattern(tileConfig.url);

const tiles = new CacheFirst({
  cacheName: TILES_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({
      maxEntries: 800,
      maxAgeSeconds: 60 * 60 * 24 * 30,
      purgeOnQuotaError: true,
    }),
  ],
});

registerRoute(
  ({ url, request }) => request.method === 'GET' && TILE_PATTERN.test(url.href),
  async (options) => {
    try {
      return await tiles.handle(options);
    } catch {
      return blankTile();
    }
  },
);

// A 1x1 transparent PNG: Leaflet stretches it over the tile's square, leaving the map's background.
const BLANK_TILE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACklEQVR4AWMAAQAABQABNtCI3QAAAABJRU5ErkJggg==';

function blankTile(): Response {
  const bytes = Uint8Array.from(atob(BLANK_TILE_PNG), (c) => c.charCodeAt(0));
  return new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': 'image/png',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
    },
  });
}

const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450" viewBox="0 0 300 450">' +
  '<rect width="300" height="450" fill="#f6f1f5"/>' +
  '<path d="M118 205h64v48h-64z M130 217l14 14 10-8 16 18" fill="none" stroke="#d9ccd5" ' +
  'stroke-width="6" stroke-linejoin="round"/></svg>';

function offlineImagePlaceholder(): Response {
  return new Response(PLACEHOLDER_SVG, {
    status: 200,
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' },
  });
}

// The page asks a waiting worker to take over when the user accepts the update toast, and asks
// for a collect book's images to be kept offline.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'notification-open') {
    const tag = (data as { tag?: unknown }).tag;
    if (typeof tag === 'string') event.waitUntil(openShownNotification(tag));
  }
  if (data?.type === 'cache-images') {
    const request = parseCacheImages(data);
    if (request) event.waitUntil(cacheImages(request, event.source));
  }
});

// ---------------------------------------------------------------- keeping images offline
// Protocol (the page side is src/features/collect-book/offline-images.ts, which the worker may
// not import, so the shapes are repeated there):
//   page → worker  {type: 'cache-images', id, urls}
//   worker → page  {type: 'cache-images-progress', id, done, total, bytes}   (after each image)
//                  {type: 'cache-images-done', id, done, total, bytes, failed: string[]}
// `done` counts images that are now kept (already saved, copied from the browsing cache, or
// downloaded); `bytes` only what this run stored.

interface CacheImagesRequest {
  id: string;
  urls: string[];
}

const MAX_IMAGES_PER_REQUEST = 5000;
const PARALLEL_DOWNLOADS = 4;

/** Only same-origin record files: the message must not turn the worker into a general fetcher. */
function parseCacheImages(data: unknown): CacheImagesRequest | null {
  const d = data as { id?: unknown; urls?: unknown };
  if (typeof d.id !== 'string' || !Array.isArray(d.urls)) return null;
  const urls: string[] = [];
  for (const raw of d.urls.slice(0, MAX_IMAGES_PER_REQUEST)) {
    if (typeof raw !== 'string') continue;
    try {
      const url = new URL(raw, self.location.origin);
      if (url.origin === self.location.origin && url.pathname.startsWith('/api/files/'))
        urls.push(url.href);
    } catch {
      // not a URL: skipped, and not counted
    }
  }
  // one download per file, whatever token each URL carries
  const byKey = new Map<string, string>();
  for (const u of urls) if (!byKey.has(fileCacheKey(u))) byKey.set(fileCacheKey(u), u);
  return { id: d.id, urls: [...byKey.values()] };
}

type MessageSource = ExtendableMessageEvent['source'];

async function postToPages(source: MessageSource, message: unknown): Promise<void> {
  // every open tab hears it (a second tab may show the same book); the asking client too, even
  // when it is not a window this worker controls
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const asker = source && 'id' in source && pages.some((p) => p.id === source.id) ? null : source;
  for (const target of asker ? [...pages, asker] : pages) target.postMessage(message);
}

/**
 * Keeps one image in the saved cache (under its token-less URL); returns the bytes stored (0 when
 * it was already kept).
 */
async function keepImage(saved: Cache, browsed: Cache, url: string): Promise<number> {
  const key = fileCacheKey(url);
  if (await saved.match(key, { ignoreVary: true })) return 0;
  const known = await browsed.match(key, { ignoreVary: true });
  const res = known ?? (await fetch(url, { credentials: 'same-origin' }));
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const body = await res.arrayBuffer();
  await saved.put(key, new Response(body, { status: 200, headers: res.headers }));
  return body.byteLength;
}

async function cacheImages({ id, urls }: CacheImagesRequest, source: MessageSource): Promise<void> {
  const [saved, browsed] = await Promise.all([
    caches.open(SAVED_FILES_CACHE),
    caches.open(FILES_CACHE),
  ]);
  const total = urls.length;
  const failed: string[] = [];
  let done = 0;
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      try {
        bytes += await keepImage(saved, browsed, url);
        done++;
      } catch {
        failed.push(url); // offline, or the file is gone: the page offers to try again
      }
      await postToPages(source, { type: 'cache-images-progress', id, done, total, bytes });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, total) }, worker));
  await postToPages(source, { type: 'cache-images-done', id, done, total, bytes, failed });
}

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

// ---------------------------------------------------------------- push alerts
// Payload (server/ push dispatcher): {"id","title","body","url","topic","created"}; `id` is the
// server's `notifications` row, so the pull that brings the row later replaces our copy.

const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/badge-96.png';

interface AlertData {
  url: string;
  id: string;
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data?.text()));
});

async function showPush(text: string | undefined): Promise<void> {
  const p = parsePushPayload(text);
  if (!p) {
    // Not one of ours (or broken): Chrome shows its own generic notice when a push shows
    // nothing, so show ours, pointing at the inbox.
    console.warn('[sw] push with an unreadable payload');
    await self.registration.showNotification(ko.app.name, {
      body: koAlerts.alerts.fallbackBody,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      lang: 'ko',
      data: { url: '/alerts', id: '' } satisfies AlertData,
    });
    return;
  }
  await Promise.all([
    self.registration.showNotification(p.title, {
      body: p.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      tag: p.id,
      lang: 'ko',
      data: { url: p.url, id: p.id } satisfies AlertData,
    }),
    // a storage failure must not keep the notification from showing
    storePushedNotification(db, p).catch((err: unknown) =>
      console.warn('[sw] could not store the pushed alert', err),
    ),
  ]);
}

function alertData(notification: Notification): AlertData {
  const d = notification.data as Partial<AlertData> | null;
  return {
    url: safeAppPath(typeof d?.url === 'string' ? d.url : '/alerts'),
    id: typeof d?.id === 'string' ? d.id : '',
  };
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openAlert(alertData(event.notification)));
});

/**
 * What a click on an alert does: mark it read (queued like any change, sent now if possible) and
 * show its route in an open tab of the app, or a new one.
 */
async function openAlert({ url, id }: AlertData): Promise<void> {
  await Promise.all([focusOrOpen(url), id ? markReadAndSend(id) : null]);
}

async function focusOrOpen(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client =
    windows.find((c) => c.focused) ??
    windows.find((c) => c.visibilityState === 'visible') ??
    windows[0];
  if (client) {
    // focus needs the click's user activation; a test's message has none, so it may fail
    const focused = await client.focus().catch(() => client);
    // navigate answers null or throws for a tab this worker does not control: open a new one
    if (await focused.navigate(target).catch(() => null)) return;
  }
  await self.clients.openWindow(target);
}

async function markReadAndSend(id: string): Promise<void> {
  try {
    if (await markNotificationRead(id, db)) await flushFromWorker();
  } catch (err) {
    // queued (or not signed in): the page's flusher or Background Sync sends it later
    console.warn('[sw] could not mark the alert read now', err);
  }
}

/**
 * A page asks to open one of the alerts shown now, as if it was clicked: headless Chromium (the
 * e2e tests) cannot click a system notification. Only a notification this worker showed can be
 * opened, and only an in-app route, so this gives a page nothing it could not do itself.
 */
async function openShownNotification(tag: string): Promise<void> {
  const [shown] = await self.registration.getNotifications({ tag });
  if (!shown) return;
  const data = alertData(shown);
  shown.close();
  await openAlert(data);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
