/**
 * Offline packs (docs/offline-pack.md): on a page's request the worker downloads the images and map
 * tiles of one event or one day's events into that pack's own cache (`offline-pack:{pack}`), which
 * nothing expires, reports its progress to every open tab, and deletes the cache when the fan
 * removes the pack. The tile route (./tile-cache.ts) and the file route (./file-caches.ts) look in
 * the packs first (packedCopy). The messages are shared with the page (src/data/pb/offline-pack.ts).
 */
import { FILE_CACHES } from '@/data/pb/files.ts';
import { savedFileKey } from '@/data/pb/offline-images.ts';
import {
  PACK_CACHE_PREFIX,
  packCacheName,
  parsePackRequest,
  type PackReply,
  type PackSaveRequest,
} from '@/data/pb/offline-pack.ts';
import { tileConfig, tileUrlPattern } from '@/lib/tiles.ts';

declare const self: ServiceWorkerGlobalScope;

const PARALLEL_DOWNLOADS = 4;
const TILE_PATTERN = tileUrlPattern(tileConfig.url);
/** The browsing caches a pack copies from before downloading (./file-caches.ts, ./tile-cache.ts). */
const BROWSED_TILES = 'map-tiles';

type MessageSource = ExtendableMessageEvent['source'];

async function postToPages(source: MessageSource, message: PackReply): Promise<void> {
  // every open tab hears it (the list and a detail may both show the pack); the asker too
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const asker = source && 'id' in source && pages.some((p) => p.id === source.id) ? null : source;
  for (const target of asker ? [...pages, asker] : pages) target.postMessage(message);
}

function isQuotaError(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'QuotaExceededError';
}

/** The key a pack keeps a URL under: files without their token, tiles as they are. */
function packKey(url: string): string {
  return TILE_PATTERN.test(url) ? url : savedFileKey(url);
}

/** A copy of `url` kept by any pack, or undefined. */
export async function packedCopy(url: string): Promise<Response | undefined> {
  const names = (await caches.keys()).filter((n) => n.startsWith(PACK_CACHE_PREFIX));
  if (!names.length) return undefined;
  const key = packKey(url);
  for (const name of names) {
    // caches.match, not caches.open: opening a pack being removed would make it again, empty
    const hit = await caches.match(key, { cacheName: name, ignoreVary: true });
    if (hit) return hit;
  }
  return undefined;
}

/** A copy already on the device (this pack, another pack, a browsing or saved cache), if any. */
async function knownCopy(pack: Cache, key: string, tile: boolean): Promise<Response | undefined> {
  const own = await pack.match(key, { ignoreVary: true });
  if (own) return own;
  const other = await packedCopy(key);
  if (other) return other;
  const names = tile ? [BROWSED_TILES] : [FILE_CACHES.saved, FILE_CACHES.files];
  for (const name of names) {
    const hit = await caches.match(key, { cacheName: name, ignoreVary: true });
    if (hit && hit.status === 200) return hit;
  }
  return undefined;
}

/** Keeps one URL in the pack's cache; returns the bytes it takes there. */
async function keep(pack: Cache, url: string): Promise<number> {
  const tile = TILE_PATTERN.test(url);
  const key = packKey(url);
  const known = await knownCopy(pack, key, tile);
  const res =
    known ??
    (await fetch(
      url,
      tile ? { mode: 'cors', credentials: 'omit' } : { credentials: 'same-origin' },
    ));
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const body = await res.arrayBuffer();
  await pack.put(key, new Response(body, { status: 200, headers: res.headers }));
  return body.byteLength;
}

/**
 * Deletes a pack's cache. Its entries go first: a deleted cache that something still holds open
 * (a tile route's lookup a moment ago) keeps its bodies until it is collected, and the fan who
 * pressed 삭제 expects the space back now.
 */
async function dropPack(name: string): Promise<void> {
  if (!(await caches.has(name))) return;
  const cache = await caches.open(name);
  for (const request of await cache.keys()) await cache.delete(request);
  await caches.delete(name);
}

async function savePack(request: PackSaveRequest, source: MessageSource): Promise<void> {
  const { id, pack: packId } = request;
  const name = packCacheName(packId);
  const pack = await caches.open(name);
  const urls = [...request.files, ...request.tiles];
  const total = urls.length;
  const failed: string[] = [];
  let done = 0;
  let bytes = 0;
  let next = 0;
  let quota = false;
  const worker = async () => {
    while (next < urls.length && !quota) {
      const url = urls[next++]!;
      try {
        // not `bytes += await …`: that reads `bytes` before the wait, losing the other
        // downloads' bytes added meanwhile
        const stored = await keep(pack, url);
        bytes += stored;
        done++;
      } catch (err) {
        if (isQuotaError(err)) {
          quota = true; // storage is full: stop, and the partial pack goes below
          break;
        }
        failed.push(url); // offline, or the file is gone: the page offers to try again
      }
      await postToPages(source, { type: 'pack-progress', id, pack: packId, done, total, bytes });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, total) }, worker));
  if (quota) {
    await dropPack(name);
    await postToPages(source, {
      type: 'pack-done',
      id,
      pack: packId,
      done: 0,
      total,
      bytes: 0,
      failed: urls,
      error: 'quota',
    });
    return;
  }
  await postToPages(source, {
    type: 'pack-done',
    id,
    pack: packId,
    done,
    total,
    bytes,
    failed,
    error: null,
  });
}

export function registerOfflinePack(): void {
  self.addEventListener('message', (event) => {
    const request = parsePackRequest(event.data, self.location.origin, TILE_PATTERN);
    if (!request) return;
    if (request.type === 'pack-save') {
      event.waitUntil(savePack(request, event.source));
    } else {
      event.waitUntil(
        dropPack(packCacheName(request.pack)).then(() =>
          postToPages(event.source, { type: 'pack-removed', id: request.id, pack: request.pack }),
        ),
      );
    }
  });
}
