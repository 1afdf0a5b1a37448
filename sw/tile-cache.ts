/**
 * Map tiles (the configured provider, src/lib/tiles.ts): the ones a fan has looked at are kept so
 * the map of places already visited still draws offline. Bounded, because panning around a city
 * fetches hundreds of tiles; tiles change rarely, so a month-old one is still fine. Only real 200
 * answers are kept: the layer asks with CORS, and an opaque answer would cost megabytes of quota
 * each. Offline and never seen, a tile is left blank (the markers and list still work). The tiles
 * an offline pack keeps around its events (docs/offline-pack.md) are looked up before all that.
 */
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { tileConfig, tileUrlPattern } from '@/lib/tiles.ts';
import { packedCopy } from './offline-pack.ts';

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

export function registerTileCache(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && TILE_PATTERN.test(url.href),
    async (options) => {
      // the tiles of an offline pack first: kept on request, never expired (./offline-pack.ts)
      const packed = await packedCopy(options.request.url);
      if (packed) return packed;
      try {
        return await tiles.handle(options);
      } catch {
        return blankTile();
      }
    },
  );
}
