/**
 * Keeping images offline on a page's request (a collect book's cards, its group logo, the books'
 * covers): the worker downloads them a few at a time into the saved-images cache, which nothing
 * expires and the file route reads first (./file-caches.ts), and reports its progress to every
 * open tab. The messages are shared with the page (src/data/pb/offline-images.ts).
 */
import { FILE_CACHES } from '@/data/pb/files.ts';
import {
  SAVED_IMAGES_CACHE,
  parseCacheImagesRequest,
  savedFileKey,
  type CacheImagesReply,
  type CacheImagesRequest,
} from '@/data/pb/offline-images.ts';

declare const self: ServiceWorkerGlobalScope;

const PARALLEL_DOWNLOADS = 4;

type MessageSource = ExtendableMessageEvent['source'];

async function postToPages(source: MessageSource, message: CacheImagesReply): Promise<void> {
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
  const key = savedFileKey(url);
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
    caches.open(SAVED_IMAGES_CACHE),
    caches.open(FILE_CACHES.files),
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
        // read `bytes` only after the await: `bytes += await …` reads it first, and with four
        // downloads in flight the others' additions made meanwhile would be lost
        const kept = await keepImage(saved, browsed, url);
        bytes += kept;
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

export function registerSavedImages(): void {
  self.addEventListener('message', (event) => {
    const request = parseCacheImagesRequest(event.data, self.location.origin);
    if (request) event.waitUntil(cacheImages(request, event.source));
  });
}
