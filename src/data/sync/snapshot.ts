/**
 * A guest's first pull from the catalogue snapshot (docs/scaling.md, The catalogue behind a CDN;
 * the server side is pb_hooks/lib/catalogue.js). Two GETs a CDN can answer, with no session sent:
 * the index (`/api/pocamarket/catalogue`, kept 30 s) names the version, and the snapshot of that
 * version (immutable) holds the public collections as a guest's first pull would bring them, with
 * each one's cursor and the server's clock before the reads.
 *
 * The records are applied like a pull page and the cursors stored as the checkpoints (under the
 * same safety window), so the ordinary delta pull goes on from there and brings whatever changed
 * after the snapshot was made: an old snapshot (a CDN's stale index) costs a bigger delta, never a
 * missed change. Anything wrong (offline, an old server, a 404 for a version just replaced, a
 * malformed body) and the caller pulls as before.
 */
import type PocketBase from 'pocketbase';
import { pbTimestampMs } from '@/data/time.ts';

export const SNAPSHOT_INDEX_PATH = '/api/pocamarket/catalogue';

export interface SnapshotPage {
  items: Record<string, unknown>[];
  cursor: { updated: string; id: string } | null;
}

export interface Snapshot {
  /** The server's clock before it read the snapshot (ms). */
  now: number;
  collections: Map<string, SnapshotPage>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function getJson(url: string): Promise<unknown> {
  // plain fetch: no Authorization header, so a CDN may answer it
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) throw new Error(`[sync] snapshot ${res.status}`);
  return res.json();
}

/** The snapshot for `wanted` collections, or null when there is none to use. */
export async function fetchSnapshot(
  pb: PocketBase,
  wanted: readonly string[],
): Promise<Snapshot | null> {
  try {
    const index = await getJson(pb.buildURL(SNAPSHOT_INDEX_PATH));
    if (!isObject(index) || typeof index['path'] !== 'string') return null;
    if (!index['path'].startsWith(`${SNAPSHOT_INDEX_PATH}/`)) return null;
    const body = await getJson(pb.buildURL(index['path']));
    if (!isObject(body) || typeof body['now'] !== 'string' || !isObject(body['collections'])) {
      return null;
    }
    const now = pbTimestampMs(body['now']);
    if (!Number.isFinite(now)) return null;
    const collections = new Map<string, SnapshotPage>();
    for (const name of wanted) {
      const raw = body['collections'][name];
      if (!isObject(raw) || !Array.isArray(raw['items'])) continue;
      const c = raw['cursor'];
      const cursor =
        isObject(c) && typeof c['updated'] === 'string' && typeof c['id'] === 'string'
          ? { updated: c['updated'], id: c['id'] }
          : null;
      collections.set(name, { items: (raw['items'] as unknown[]).filter(isObject), cursor });
    }
    return collections.size ? { now, collections } : null;
  } catch {
    return null;
  }
}
