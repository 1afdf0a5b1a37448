/**
 * The built app for benchmarks that drive the real thing (bundle, Lighthouse, offline start, a
 * fan's session): one production build into a temp dir, map tiles from a loopback tile server
 * (so /meetup paints its map without the internet), and a PocketBase serving the build with the
 * demo seed.
 *
 * `npm run bench` builds once and hands the same `BenchApp` to every benchmark; a benchmark run on
 * its own (`npx tsx bench/<name>/run.ts`) builds its own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { seedDemo } from '../../server/seed/index.ts';
import { tilePng } from '../../tests/helpers/tiles.ts';
import { buildBenchPage, type BuiltPage } from './page-build.ts';
import { startBenchServer, type BenchServer } from './server.ts';

const APP_CONFIG = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

export interface TileServer {
  /** Leaflet URL template, e.g. http://127.0.0.1:40123/{z}/{x}/{y}.png */
  urlTemplate: string;
  /** Tiles answered so far. */
  served(): number;
  stop(): Promise<void>;
}

/** Answers every `/{z}/{x}/{y}.png` with the e2e tests' generated tile (CORS open, cacheable). */
export async function startTileServer(): Promise<TileServer> {
  let count = 0;
  const server: Server = createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    count++;
    res.writeHead(200, {
      'Content-Type': 'image/png',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'public, max-age=86400',
    });
    res.end(tilePng());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    served: () => count,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface BenchApp {
  /** The production build (vite.config.ts), in a temp dir. */
  build: BuiltPage;
  tiles: TileServer;
  /** Stops the tile server and removes the build. */
  dispose(): Promise<void>;
}

/**
 * Builds the app with its tiles pointed at a fresh loopback tile server. The build reads
 * `VITE_TILE_URL` from the environment, as a deployment would set it.
 */
export async function buildBenchApp(): Promise<BenchApp> {
  const tiles = await startTileServer();
  const previous = process.env.VITE_TILE_URL;
  process.env.VITE_TILE_URL = tiles.urlTemplate;
  try {
    const build = await buildBenchPage(APP_CONFIG, 'app');
    return {
      build,
      tiles,
      dispose: async () => {
        await tiles.stop();
        build.remove();
      },
    };
  } catch (err) {
    await tiles.stop();
    throw err;
  } finally {
    if (previous === undefined) delete process.env.VITE_TILE_URL;
    else process.env.VITE_TILE_URL = previous;
  }
}

/** A PocketBase serving `app`'s build with the demo seed (its own temp data dir). */
export async function startDemoServer(app: BenchApp): Promise<BenchServer> {
  const server = await startBenchServer({ publicDir: app.build.dir });
  try {
    await seedDemo(await server.admin());
    return server;
  } catch (err) {
    await server.stop();
    throw err;
  }
}
