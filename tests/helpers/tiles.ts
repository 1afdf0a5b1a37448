/**
 * Map tiles for e2e tests, without the internet: the built app asks the default OpenStreetMap
 * URL (src/lib/tiles.ts), and the browser context answers every tile with a small generated PNG
 * (CORS allowed, as OSM answers). Context-level routes also see the service worker's requests in
 * Chromium, so what the worker caches is what these handlers served.
 */
import { PNG } from 'pngjs';
import type { BrowserContext, Route } from 'playwright-core';

export const TILE_ROUTE = 'https://tile.openstreetmap.org/**';
export const TILE_SIZE = 256;

let cached: Buffer | null = null;

/** A 256x256 PNG: a pale ground with a grid line on two edges, so tile seams are visible. */
export function tilePng(): Buffer {
  if (cached) return cached;
  const png = new PNG({ width: TILE_SIZE, height: TILE_SIZE });
  for (let y = 0; y < TILE_SIZE; y++) {
    for (let x = 0; x < TILE_SIZE; x++) {
      const i = (y * TILE_SIZE + x) * 4;
      const edge = x === 0 || y === 0;
      png.data[i] = edge ? 200 : 232;
      png.data[i + 1] = edge ? 214 : 238;
      png.data[i + 2] = edge ? 206 : 230;
      png.data[i + 3] = 255;
    }
  }
  cached = PNG.sync.write(png);
  return cached;
}

export interface TileServer {
  /** Tile URLs answered so far (the page's and the service worker's requests). */
  requests: string[];
  /** Those of them the service worker asked for (Chromium tells which requests are its own). */
  fromWorker: string[];
  stop: () => Promise<void>;
}

/** Answers every OSM tile request in `context` with the generated PNG. */
export async function serveTiles(context: BrowserContext): Promise<TileServer> {
  const requests: string[] = [];
  const fromWorker: string[] = [];
  const handler = async (route: Route) => {
    requests.push(route.request().url());
    if (route.request().serviceWorker()) fromWorker.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'image/png',
      // no-store: the worker's copy can only come from its own fetch through this route
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' },
      body: tilePng(),
    });
  };
  await context.route(TILE_ROUTE, handler);
  return { requests, fromWorker, stop: () => context.unroute(TILE_ROUTE, handler) };
}

/** Fails every OSM tile request in `context` (a tile server that cannot be reached). */
export async function blockTiles(context: BrowserContext): Promise<TileServer> {
  const requests: string[] = [];
  const fromWorker: string[] = [];
  const handler = async (route: Route) => {
    requests.push(route.request().url());
    if (route.request().serviceWorker()) fromWorker.push(route.request().url());
    await route.abort('internetdisconnected');
  };
  await context.route(TILE_ROUTE, handler);
  return { requests, fromWorker, stop: () => context.unroute(TILE_ROUTE, handler) };
}
