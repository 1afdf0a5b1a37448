/**
 * PocketBase record files (card images, logos, event photos): cache-first, because a record file
 * is immutable per file name (PocketBase renames on every upload).
 *
 * Browsing fills a bounded cache so a phone's storage is not filled by scrolling; the images of a
 * collect book saved for offline live in their own cache without expiry (./saved-images.ts),
 * looked up first, so browsing 1,500 other images can never evict what the user asked to keep
 * for an event without network. An offline pack's event images (./offline-pack.ts) are looked
 * up there too, after the saved copies.
 *
 * Protected files (reports' images, collect books' covers) are fetched with a short-lived file
 * token (`?token=`, src/data/pb/file-token.ts). Both caches key every file on its URL without the
 * token, so a copy fetched with one token answers the next token's URL, and the token-less URL a
 * screen asks for offline (when no token can be had). The token itself is never stored
 * (docs/files.md, Protected files and file tokens).
 */
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { FILE_CACHES } from '@/data/pb/files.ts';
import { savedFileKey } from '@/data/pb/offline-images.ts';
import { packedCopy } from './offline-pack.ts';

declare const self: ServiceWorkerGlobalScope;

const browsedFiles = new CacheFirst({
  cacheName: FILE_CACHES.files,
  plugins: [
    { cacheKeyWillBeUsed: async ({ request }) => savedFileKey(request.url) },
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({
      maxEntries: 1500,
      maxAgeSeconds: 60 * 60 * 24 * 60,
      purgeOnQuotaError: true,
    }),
  ],
});

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

async function savedCopy(request: Request): Promise<Response | undefined> {
  const saved = await caches.open(FILE_CACHES.saved);
  return saved.match(savedFileKey(request.url), { ignoreVary: true });
}

export function registerFileCaches(): void {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      url.pathname.startsWith('/api/files/') &&
      request.method === 'GET',
    async (options) => {
      const saved = (await savedCopy(options.request)) ?? (await packedCopy(options.request.url));
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
}
