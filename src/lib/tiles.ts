/**
 * Where map tiles come from. Set at build time:
 *
 *   VITE_TILE_URL          a Leaflet URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png
 *   VITE_TILE_ATTRIBUTION  the credit line the provider requires (HTML, shown in the map corner)
 *
 * The default is OpenStreetMap's standard tiles with their required attribution. Tiles are
 * requested with CORS (`crossOrigin`), so the service worker can cache real responses (an opaque
 * one costs megabytes of quota each); the tile server must send Access-Control-Allow-Origin (OSM
 * does). The service worker caches the tiles a fan has viewed, bounded (see sw/sw.ts), so a map of
 * places already visited still draws offline; with no tiles at all the markers and list still work.
 */

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface TileConfig {
  url: string;
  attribution: string;
}

function envValue(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export const tileConfig: TileConfig = {
  url: envValue(import.meta.env.VITE_TILE_URL) ?? DEFAULT_TILE_URL,
  attribution: envValue(import.meta.env.VITE_TILE_ATTRIBUTION) ?? DEFAULT_TILE_ATTRIBUTION,
};

const PLACEHOLDERS: Record<string, string> = {
  s: '[a-z0-9-]+',
  z: '\\d+',
  x: '\\d+',
  y: '-?\\d+',
  r: '(?:@2x)?',
};

/**
 * A regular expression matching every URL the template can produce ({s} a subdomain, {z}/{x}/{y}
 * numbers, {r} the retina suffix, any other {key} one path-free segment), for the service worker's
 * tile route. The query string, if the template has one, must match as written.
 */
export function tileUrlPattern(template: string): RegExp {
  let source = '';
  let rest = template;
  for (;;) {
    const m = /\{([a-z0-9_-]+)\}/i.exec(rest);
    if (!m) break;
    source += escapeRegExp(rest.slice(0, m.index));
    source += PLACEHOLDERS[m[1]!] ?? '[^/?#]*';
    rest = rest.slice(m.index + m[0].length);
  }
  source += escapeRegExp(rest);
  return new RegExp(`^${source}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
