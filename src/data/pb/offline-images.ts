/**
 * The messages a page and the service worker exchange to keep record images offline (a collect
 * book's cards, its group logo, the books' covers), shared by both sides: the page side is
 * src/features/collect-book/offline-images.ts, the worker side sw/saved-images.ts.
 *
 *   page → worker  {type: 'cache-images', id, urls}
 *   worker → page  {type: 'cache-images-progress', id, done, total, bytes}   (after each image)
 *                  {type: 'cache-images-done', id, done, total, bytes, failed: string[]}
 *
 * `done` counts images that are now kept (already saved, copied from the browsing cache, or
 * downloaded); `bytes` only what this run stored. The worker keeps them in the saved-files cache
 * (FILE_CACHES.saved), under each URL without its file token (savedFileKey).
 */
import { FILE_CACHES, withoutFileToken } from './files';

/** The worker's cache of images kept offline: no expiry, read before the browsing cache. */
export const SAVED_IMAGES_CACHE = FILE_CACHES.saved;

/** At most this many URLs are taken from one request; the rest is ignored. */
export const MAX_IMAGES_PER_REQUEST = 5000;

export interface CacheImagesRequest {
  type: 'cache-images';
  id: string;
  urls: string[];
}

export interface SaveProgress {
  done: number;
  total: number;
  bytes: number;
}

export interface SaveResult extends SaveProgress {
  failed: string[];
}

export interface CacheImagesProgress extends SaveProgress {
  type: 'cache-images-progress';
  id: string;
}

export interface CacheImagesDone extends SaveResult {
  type: 'cache-images-done';
  id: string;
}

export type CacheImagesReply = CacheImagesProgress | CacheImagesDone;

/**
 * The cache key of a record file: its URL without the file token, so a copy fetched with one
 * short-lived token answers the next token's URL and the token-less URL a screen asks offline.
 */
export function savedFileKey(url: string): string {
  return withoutFileToken(url);
}

/** The page's request to keep `urls` offline, answered under `id`. */
export function cacheImagesRequest(id: string, urls: readonly string[]): CacheImagesRequest {
  return { type: 'cache-images', id, urls: [...urls] };
}

/**
 * A page's request as the worker accepts it, or null when it is none: only same-origin record
 * files (`/api/files/`, so the message cannot turn the worker into a general fetcher), one URL
 * per file whatever token each carries, at most MAX_IMAGES_PER_REQUEST.
 */
export function parseCacheImagesRequest(data: unknown, origin: string): CacheImagesRequest | null {
  const d = data as { type?: unknown; id?: unknown; urls?: unknown } | null;
  if (d?.type !== 'cache-images' || typeof d.id !== 'string' || !Array.isArray(d.urls)) {
    return null;
  }
  const byKey = new Map<string, string>();
  for (const raw of d.urls.slice(0, MAX_IMAGES_PER_REQUEST)) {
    if (typeof raw !== 'string') continue;
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      continue; // not a URL: skipped, and not counted
    }
    if (url.origin !== origin || !url.pathname.startsWith('/api/files/')) continue;
    const key = savedFileKey(url.href);
    if (!byKey.has(key)) byKey.set(key, url.href);
  }
  return { type: 'cache-images', id: d.id, urls: [...byKey.values()] };
}

/** Whether a message from the worker is a progress or done report of a cache-images request. */
export function isCacheImagesReply(data: unknown): data is CacheImagesReply {
  const d = data as Partial<CacheImagesReply> | null;
  return (
    !!d &&
    (d.type === 'cache-images-progress' || d.type === 'cache-images-done') &&
    typeof d.id === 'string' &&
    typeof d.done === 'number' &&
    typeof d.total === 'number' &&
    typeof d.bytes === 'number'
  );
}
