/**
 * Keeps a collect book's card images available offline (docs/product-rules.md, Collect book;
 * docs/architecture.md, The service worker): the images of every card of the book's group, and the
 * group logo, at the exact URLs the screens request, are downloaded by the service worker into its
 * saved-images cache, which its file route reads before the bounded browsing cache and which
 * nothing expires.
 *
 * The page computes the URLs from the local store and talks to the worker with messages; the
 * worker does the downloads (a few at a time) so they go on when the screen changes. The
 * messages are shared with the worker (src/data/pb/offline-images.ts).
 *
 * No React here: the hook is use-save-offline.ts; start-data.ts loads this module lazily to
 * save the user's own books in the background.
 */
import { listCollectBooksOf } from '@/domains/collect-books/queries';
import { getGroup } from '@/domains/catalogue/groups';
import { listPhotoCards } from '@/domains/catalogue/photo-cards';
import { getFileToken } from '@/data/pb/file-token';
import { BOOK_COVER_THUMB, fileUrl, withFileToken } from '@/data/pb/files';
import {
  SAVED_IMAGES_CACHE,
  cacheImagesRequest,
  isCacheImagesReply,
  type SaveProgress,
  type SaveResult,
} from '@/data/pb/offline-images';
import { bookCardImageUrl } from '@/domains/catalogue/card-image';

export type { SaveProgress, SaveResult };

/** Used for the size estimate when no image could be measured (a 320px-wide card rendition). */
const FALLBACK_IMAGE_BYTES = 30_000;
const ESTIMATE_SAMPLES = 3;

/** True when this browser can keep images offline (a service worker and Cache Storage). */
export function offlineImagesSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'caches' in self;
}

/**
 * The image URLs a book of `groupId` shows: every card image at the grid's size and the group
 * logo (or, for older cards of a group without a logo, the card's own), as the tiles build them.
 */
export async function bookImageUrls(groupId: string): Promise<string[]> {
  if (!groupId) return [];
  const [group, cards] = await Promise.all([getGroup(groupId), listPhotoCards({ group: groupId })]);
  const urls = new Set<string>();
  if (group?.logoImage) urls.add(fileUrl('groups', group.id, group.logoImage, '100x100'));
  for (const card of cards) {
    if (card.cardImg) urls.add(bookCardImageUrl(card));
    if (!group?.logoImage && card.logoImage)
      urls.add(fileUrl('photoCards', card.id, card.logoImage));
  }
  return [...urls];
}

/** Which of `urls` the worker already keeps offline. */
export async function savedImageUrls(urls: readonly string[]): Promise<Set<string>> {
  if (!offlineImagesSupported() || !urls.length) return new Set();
  const cache = await caches.open(SAVED_IMAGES_CACHE);
  const hits = await Promise.all(urls.map((u) => cache.match(u, { ignoreVary: true })));
  return new Set(urls.filter((_, i) => hits[i]));
}

async function measure(url: string): Promise<number | null> {
  try {
    // HEAD skips the worker's routes (they answer GET only) and downloads no image
    const res = await fetch(url, { method: 'HEAD' });
    const length = Number(res.headers.get('content-length'));
    return res.ok && length > 0 ? length : null;
  } catch {
    return null; // offline: the estimate falls back
  }
}

/**
 * About how many bytes saving `missing` will store: the average size of a few of them (from the
 * server's Content-Length) times their number.
 */
export async function estimateBytes(missing: readonly string[]): Promise<number> {
  if (!missing.length) return 0;
  const sample = missing.slice(0, ESTIMATE_SAMPLES);
  const sizes = (await Promise.all(sample.map(measure))).filter((n): n is number => n !== null);
  const average = sizes.length
    ? sizes.reduce((a, b) => a + b, 0) / sizes.length
    : FALLBACK_IMAGE_BYTES;
  return Math.round(average * missing.length);
}

async function activeWorker(): Promise<ServiceWorker | null> {
  if (!offlineImagesSupported()) return null;
  if (navigator.serviceWorker.controller) return navigator.serviceWorker.controller;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg?.active ?? null;
}

/**
 * Asks the worker to keep `urls` offline; `onProgress` hears each image. Resolves when the
 * worker is done (`failed` lists what could not be fetched); rejects when there is no worker.
 */
export async function saveImagesOffline(
  urls: readonly string[],
  onProgress?: (p: SaveProgress) => void,
): Promise<SaveResult> {
  const worker = await activeWorker();
  if (!worker) throw new Error('offline-images: no active service worker');
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const container = navigator.serviceWorker;
  return new Promise<SaveResult>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (!isCacheImagesReply(event.data) || event.data.id !== id) return;
      const { done, total, bytes } = event.data;
      onProgress?.({ done, total, bytes });
      if (event.data.type === 'cache-images-done') {
        container.removeEventListener('message', onMessage);
        resolve({ done, total, bytes, failed: event.data.failed ?? [] });
      }
    };
    container.addEventListener('message', onMessage);
    // a page that was loaded before any worker existed gets messages only once started
    container.startMessages();
    worker.postMessage(cacheImagesRequest(id, urls));
  });
}

/** Keeps every image of a collect book of `groupId` offline (see saveImagesOffline). */
export async function saveBookImagesOffline(
  groupId: string,
  onProgress?: (p: SaveProgress) => void,
): Promise<SaveResult> {
  return saveImagesOffline(await bookImageUrls(groupId), onProgress);
}

/**
 * Drops saved images no book of the user shows any more (a book deleted, a card removed, another
 * account's books on this device): the saved cache has no expiry, so this is what bounds it.
 */
async function pruneSavedImages(keep: ReadonlySet<string>): Promise<void> {
  const cache = await caches.open(SAVED_IMAGES_CACHE);
  const base = location.origin;
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (url.origin === base && !keep.has(url.pathname + url.search)) await cache.delete(request);
  }
}

/**
 * The automatic part: the images of every group the user keeps a book of, one group after the
 * other, then the books' own covers, in the background. The worker skips what it already keeps,
 * so a later run costs little and picks up cards added since; a run that got everything then
 * prunes what no book shows.
 *
 * Covers are protected files: they are asked for with a file token, and the worker keeps them
 * under their URL without it (what the shelf asks for offline).
 */
export async function saveOwnedBooksOffline(userId: string): Promise<void> {
  if (!(await activeWorker())) return;
  const books = await listCollectBooksOf(userId);
  const groups = [...new Set(books.map((b) => b.group).filter(Boolean))];
  const keep = new Set<string>();
  let complete = true;
  for (const group of groups) {
    if (!navigator.onLine) return;
    const urls = await bookImageUrls(group);
    for (const u of urls) keep.add(u);
    const result = await saveImagesOffline(urls);
    if (result.failed.length) complete = false;
  }
  const covers = books
    .filter((b) => b.thumbNail)
    .map((b) => fileUrl('collectBook', b.id, b.thumbNail, BOOK_COVER_THUMB));
  if (covers.length && navigator.onLine) {
    for (const u of covers) keep.add(u);
    const token = await getFileToken();
    const result = token
      ? await saveImagesOffline(covers.map((u) => withFileToken(u, token)))
      : null;
    if (!result || result.failed.length) complete = false;
  }
  if (complete) await pruneSavedImages(keep);
}
