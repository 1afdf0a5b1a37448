// Slippy-map tile numbers and the pack's tile blocks (src/lib/tile-math.ts).
import { describe, expect, it } from 'vitest';
import {
  MAX_TILES_PER_EVENT,
  PACK_LEVELS,
  latToTileY,
  lngToTileX,
  packTiles,
  tileAt,
  tileBlock,
  tileUrl,
} from '@/lib/tile-math.ts';
import { DEFAULT_LEVEL, DETAIL_LEVEL, levelToZoom } from '@/lib/map-levels.ts';
import { DEFAULT_TILE_URL, tileUrlPattern } from '@/lib/tiles.ts';

/** The inverse formulas: the north-west corner of tile (x, y) at zoom z. */
function corner(x: number, y: number, z: number): { lat: number; lng: number } {
  const n = 2 ** z;
  const lng = (x / n) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
  return { lat, lng };
}

describe('lngToTileX / latToTileY', () => {
  it('numbers the world as OpenStreetMap does', () => {
    expect(tileAt(0, 0, 0)).toEqual({ z: 0, x: 0, y: 0 });
    expect(tileAt(0.0001, 0.0001, 1)).toEqual({ z: 1, x: 1, y: 0 });
    expect(tileAt(-0.0001, -0.0001, 1)).toEqual({ z: 1, x: 0, y: 1 });
    // Seoul City Hall (worked by hand with the formula)
    expect(tileAt(37.5665, 126.978, 12)).toEqual({ z: 12, x: 3492, y: 1586 });
    expect(tileAt(37.5665, 126.978, 17)).toEqual({ z: 17, x: 111767, y: 50757 });
  });

  it('puts every point inside its tile (checked with the inverse formulas)', () => {
    const points = [
      [37.556944, 126.923917],
      [35.1796, 129.0756],
      [-33.8688, 151.2093],
      [51.5074, -0.1278],
      [64.1466, -21.9426],
    ] as const;
    for (const [lat, lng] of points) {
      for (const z of [6, 12, 15, 17, 19]) {
        const x = lngToTileX(lng, z);
        const y = latToTileY(lat, z);
        const nw = corner(x, y, z);
        const se = corner(x + 1, y + 1, z);
        expect(lng).toBeGreaterThanOrEqual(nw.lng);
        expect(lng).toBeLessThan(se.lng);
        expect(lat).toBeLessThanOrEqual(nw.lat);
        expect(lat).toBeGreaterThan(se.lat);
      }
    }
  });

  it('stays inside the world at its edges and the poles', () => {
    expect(lngToTileX(180, 3)).toBe(7);
    expect(lngToTileX(-180, 3)).toBe(0);
    expect(latToTileY(90, 3)).toBe(0);
    expect(latToTileY(-90, 3)).toBe(7);
  });
});

describe('tileBlock', () => {
  it('is the (2r+1)² block centred on the point’s tile', () => {
    const block = tileBlock(37.5665, 126.978, 17, 1);
    expect(block).toHaveLength(9);
    expect(block[4]).toEqual({ z: 17, x: 111767, y: 50757 });
    expect(new Set(block.map((t) => t.x))).toEqual(new Set([111766, 111767, 111768]));
    expect(new Set(block.map((t) => t.y))).toEqual(new Set([50756, 50757, 50758]));
    expect(tileBlock(37.5665, 126.978, 12, 2)).toHaveLength(25);
  });

  it('is cut at the world’s edges, never wrapped', () => {
    expect(tileBlock(85, -179.9, 3, 1)).toEqual([
      { z: 3, x: 0, y: 0 },
      { z: 3, x: 1, y: 0 },
      { z: 3, x: 0, y: 1 },
      { z: 3, x: 1, y: 1 },
    ]);
  });
});

describe('packTiles', () => {
  it('keeps the detail map’s and the list map’s levels around each event, bounded', () => {
    expect(PACK_LEVELS.map((l) => l.zoom)).toEqual([
      levelToZoom(DETAIL_LEVEL),
      15,
      levelToZoom(DEFAULT_LEVEL),
    ]);
    expect(MAX_TILES_PER_EVENT).toBe(9 + 9 + 25);
    const one = packTiles([{ lat: 37.556944, lng: 126.923917 }]);
    expect(one).toHaveLength(MAX_TILES_PER_EVENT);
    expect(new Set(one.map((t) => t.z))).toEqual(new Set([12, 15, 17]));
  });

  it('shares the tiles of events close together, each once, in a stable order', () => {
    const a = { lat: 37.556944, lng: 126.923917 };
    const b = { lat: 37.5571, lng: 126.9241 }; // a few metres away
    const both = packTiles([a, b]);
    expect(both).toEqual(packTiles([b, a]));
    expect(both.length).toBeLessThan(2 * MAX_TILES_PER_EVENT);
    expect(new Set(both.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(both.length);
    const ten = packTiles(
      Array.from({ length: 10 }, (_, i) => ({ lat: 37.5 + i * 0.01, lng: 126.9 + i * 0.02 })),
    );
    expect(ten.length).toBeLessThanOrEqual(10 * MAX_TILES_PER_EVENT);
    expect(packTiles([])).toEqual([]);
  });
});

describe('tileUrl', () => {
  it('builds the URL Leaflet asks for, which the worker’s tile route matches', () => {
    const url = tileUrl(DEFAULT_TILE_URL, { z: 17, x: 111767, y: 50757 });
    expect(url).toBe('https://tile.openstreetmap.org/17/111767/50757.png');
    expect(tileUrlPattern(DEFAULT_TILE_URL).test(url)).toBe(true);
  });

  it('picks Leaflet’s subdomain and the retina suffix', () => {
    const template = 'https://{s}.tiles.example/{z}/{x}/{y}{r}.png?key=k';
    expect(tileUrl(template, { z: 3, x: 1, y: 0 })).toBe('https://b.tiles.example/3/1/0.png?key=k');
    expect(tileUrl(template, { z: 3, x: 2, y: 2 }, true)).toBe(
      'https://b.tiles.example/3/2/2@2x.png?key=k',
    );
    expect(tileUrl(template, { z: 3, x: 1, y: 1 })).toContain('https://c.');
    expect(tileUrlPattern(template).test(tileUrl(template, { z: 3, x: 1, y: 1 }, true))).toBe(true);
  });
});
