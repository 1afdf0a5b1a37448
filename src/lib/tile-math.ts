/**
 * Slippy-map tile numbers (web mercator, 256 px tiles, as OpenStreetMap and Leaflet count them) and
 * the bounded block of tiles an offline pack keeps around each event (docs/offline-pack.md, What a
 * pack holds). Pure: the page computes the list, the service worker only downloads it.
 */
import { DEFAULT_LEVEL, DETAIL_LEVEL, levelAfterClusterClick, levelToZoom } from './map-levels';

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

/** Web mercator is undefined at the poles; OSM cuts the world at ±85.0511°. */
const MAX_LATITUDE = 85.0511287798;

/** The column of the tile holding longitude `lng` at zoom `z` (standard slippy-map formula). */
export function lngToTileX(lng: number, z: number): number {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  return Math.min(n - 1, Math.max(0, x));
}

/** The row of the tile holding latitude `lat` at zoom `z` (standard slippy-map formula). */
export function latToTileY(lat: number, z: number): number {
  const n = 2 ** z;
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const rad = (clamped * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return Math.min(n - 1, Math.max(0, y));
}

/** The tile holding a point at zoom `z`. */
export function tileAt(lat: number, lng: number, z: number): TileCoord {
  return { z, x: lngToTileX(lng, z), y: latToTileY(lat, z) };
}

/**
 * The (2·radius+1)² tiles centred on the tile holding the point, cut at the world's edges (no
 * wrapping: an event is never on the antimeridian).
 */
export function tileBlock(lat: number, lng: number, z: number, radius: number): TileCoord[] {
  const centre = tileAt(lat, lng, z);
  const last = 2 ** z - 1;
  const out: TileCoord[] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = centre.x + dx;
      const y = centre.y + dy;
      if (x >= 0 && y >= 0 && x <= last && y <= last) out.push({ z, x, y });
    }
  }
  return out;
}

export interface PackLevel {
  zoom: number;
  /** Tiles kept on each side of the event's tile: 1 is a 3×3 block, 2 a 5×5 one. */
  radius: number;
}

/**
 * The zoom levels a pack keeps (docs/offline-pack.md, What a pack holds): the event detail's map
 * (level 3, zoom 17) and the /meetup map where a fan looks around an event: its opening level 8
 * (zoom 12, a 5×5 block since a phone's map is taller than one tile is wide), and the level a
 * cluster click lands on (level 5, zoom 15).
 */
export const PACK_LEVELS: readonly PackLevel[] = [
  { zoom: levelToZoom(DETAIL_LEVEL), radius: 1 },
  { zoom: levelToZoom(levelAfterClusterClick(DEFAULT_LEVEL)), radius: 1 },
  { zoom: levelToZoom(DEFAULT_LEVEL), radius: 2 },
];

/** The most tiles one event adds to a pack (43 with PACK_LEVELS). */
export const MAX_TILES_PER_EVENT = PACK_LEVELS.reduce((n, l) => n + (2 * l.radius + 1) ** 2, 0);

/**
 * Every tile a pack keeps for these points, each once (events close together share tiles), in
 * zoom order then row then column, so the list is stable.
 */
export function packTiles(
  points: ReadonlyArray<{ lat: number; lng: number }>,
  levels: readonly PackLevel[] = PACK_LEVELS,
): TileCoord[] {
  const seen = new Map<string, TileCoord>();
  for (const p of points) {
    for (const level of levels) {
      for (const t of tileBlock(p.lat, p.lng, level.zoom, level.radius)) {
        const key = `${t.z}/${t.x}/${t.y}`;
        if (!seen.has(key)) seen.set(key, t);
      }
    }
  }
  return [...seen.values()].sort((a, b) => a.z - b.z || a.y - b.y || a.x - b.x);
}

/** Leaflet's default subdomains for a template with `{s}`. */
const SUBDOMAINS = 'abc';

/**
 * The URL Leaflet's TileLayer requests for `tile` from `template` (src/lib/tiles.ts): the same
 * subdomain choice (`abs(x + y) mod 3`) and `{r}` ('@2x' on a high-density screen), so the pack
 * holds exactly the URLs the map will ask for.
 */
export function tileUrl(template: string, tile: TileCoord, retina = false): string {
  const values: Record<string, string> = {
    s: SUBDOMAINS[Math.abs(tile.x + tile.y) % SUBDOMAINS.length]!,
    z: String(tile.z),
    x: String(tile.x),
    y: String(tile.y),
    r: retina ? '@2x' : '',
  };
  return template.replace(/\{([a-z0-9_-]+)\}/gi, (m, key: string) => values[key] ?? m);
}
