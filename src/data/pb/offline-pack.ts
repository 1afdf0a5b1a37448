/**
 * The messages a page and the service worker exchange to keep an offline pack (docs/offline-pack.md):
 * the images and map tiles of one event or of one day's events, shared by both sides. The page side
 * is src/features/offline-pack/pack-client.ts, the worker side sw/offline-pack.ts.
 *
 *   page → worker  {type: 'pack-save', id, pack, files, tiles}
 *                  {type: 'pack-remove', id, pack}
 *   worker → page  {type: 'pack-progress', id, pack, done, total, bytes}   (after each file)
 *                  {type: 'pack-done', id, pack, done, total, bytes, failed, error}
 *                  {type: 'pack-removed', id, pack}
 *
 * Each pack is its own cache (`offline-pack:{pack}`), so removing one is deleting that cache, and
 * frees its space whatever other packs hold. `bytes` is what the pack's cache holds at the end.
 * `error: 'quota'` means the device ran out of space: the worker has already removed the partial
 * pack.
 */
import { savedFileKey } from './offline-images';

/** Every pack's cache name starts with this (the worker's routes look in them first). */
export const PACK_CACHE_PREFIX = 'offline-pack:';

/** At most this many files and tiles are taken from one request (a day is at most 10 events). */
export const MAX_PACK_FILES = 200;
export const MAX_PACK_TILES = 600;

/** A pack's id: letters, digits and `-` (`event-{id}`, `day-2026-11-28`). */
const PACK_ID = /^[a-z0-9-]{1,64}$/i;

export function packCacheName(pack: string): string {
  return `${PACK_CACHE_PREFIX}${pack}`;
}

export interface PackSaveRequest {
  type: 'pack-save';
  id: string;
  pack: string;
  /** Same-origin record files (`/api/files/…`). */
  files: string[];
  /** Map tile URLs of the configured tile server. */
  tiles: string[];
}

export interface PackRemoveRequest {
  type: 'pack-remove';
  id: string;
  pack: string;
}

export interface PackProgress {
  done: number;
  total: number;
  bytes: number;
}

export interface PackProgressMessage extends PackProgress {
  type: 'pack-progress';
  id: string;
  pack: string;
}

export interface PackDoneMessage extends PackProgress {
  type: 'pack-done';
  id: string;
  pack: string;
  failed: string[];
  /** 'quota': storage is full and the partial pack was removed. */
  error: 'quota' | null;
}

export interface PackRemovedMessage {
  type: 'pack-removed';
  id: string;
  pack: string;
}

export type PackReply = PackProgressMessage | PackDoneMessage | PackRemovedMessage;

/**
 * A page's request as the worker accepts it, or null: a valid pack id; record files of this
 * origin only and tiles matching the tile server's pattern only (so the message cannot turn the
 * worker into a general fetcher); each URL once; bounded counts.
 */
export function parsePackRequest(
  data: unknown,
  origin: string,
  tilePattern: RegExp,
): PackSaveRequest | PackRemoveRequest | null {
  const d = data as {
    type?: unknown;
    id?: unknown;
    pack?: unknown;
    files?: unknown;
    tiles?: unknown;
  } | null;
  if (typeof d?.id !== 'string' || typeof d.pack !== 'string' || !PACK_ID.test(d.pack)) {
    return null;
  }
  if (d.type === 'pack-remove') return { type: 'pack-remove', id: d.id, pack: d.pack };
  if (d.type !== 'pack-save' || !Array.isArray(d.files) || !Array.isArray(d.tiles)) return null;
  const files = new Map<string, string>();
  for (const raw of d.files.slice(0, MAX_PACK_FILES)) {
    if (typeof raw !== 'string') continue;
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || !url.pathname.startsWith('/api/files/')) continue;
    const key = savedFileKey(url.href);
    if (!files.has(key)) files.set(key, url.href);
  }
  const tiles = new Set<string>();
  for (const raw of d.tiles.slice(0, MAX_PACK_TILES)) {
    if (typeof raw === 'string' && tilePattern.test(raw)) tiles.add(raw);
  }
  return {
    type: 'pack-save',
    id: d.id,
    pack: d.pack,
    files: [...files.values()],
    tiles: [...tiles],
  };
}

/** Whether a message from the worker is a reply about a pack. */
export function isPackReply(data: unknown): data is PackReply {
  const d = data as Partial<PackReply> | null;
  return (
    !!d &&
    (d.type === 'pack-progress' || d.type === 'pack-done' || d.type === 'pack-removed') &&
    typeof d.id === 'string' &&
    typeof d.pack === 'string'
  );
}
