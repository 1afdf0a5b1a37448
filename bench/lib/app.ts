/**
 * The built app for benchmarks that drive the real thing (Lighthouse, offline start, a fan's
 * session): one production build into a temp dir, as `npm run build` makes it (the client, and
 * beside it the first-screen renderer's SSR bundle from the same vite.config.ts), map tiles from a
 * loopback tile server (so /meetup paints its map without the internet), and a PocketBase serving
 * the build with the demo seed and the renderer answering its main routes' navigations.
 *
 * `npm run bench` builds once and hands the same `BenchApp` to every benchmark; a benchmark run on
 * its own (`npx tsx bench/<name>/run.ts`) builds its own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../../server/pocketbase.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { tilePng } from '../../tests/helpers/tiles.ts';
import { buildBenchPage, type BuiltPage } from './page-build.ts';
import { startBenchServer, startBenchServerOnDataDir, type BenchServer } from './server.ts';

const APP_CONFIG = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));
/** The renderer's entry, built as `npm run build` does (`vite build --ssr src/entry-server.tsx`). */
const SSR_ENTRY = fileURLToPath(new URL('../../src/entry-server.tsx', import.meta.url));
/**
 * The app's delta pulls (the renderer's too) keep their checkpoints 10 s behind the server's
 * clock, so for 10 s after a write every pull reads it again; a renderer that reads records empties
 * its page cache. Figures are taken once the seed is older than this.
 */
export const SEED_SETTLE_MS = 11_000;

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
  /** The first-screen renderer's bundle (entry-server.js), in a temp dir of its own. */
  ssr: BuiltPage;
  tiles: TileServer;
  /** Stops the tile server and removes both builds. */
  dispose(): Promise<void>;
}

/**
 * Builds the app with its tiles pointed at a fresh loopback tile server. The build reads
 * `VITE_TILE_URL` from the environment, as a deployment would set it. `testApi` builds in the test
 * handle (`window.__pocamarket`, `POCAMARKET_TEST_API=1` as `npm run test:e2e` does); without it the
 * build is the one that ships.
 */
export async function buildBenchApp({ testApi = false } = {}): Promise<BenchApp> {
  const tiles = await startTileServer();
  const previous = process.env.VITE_TILE_URL;
  const previousTestApi = process.env.POCAMARKET_TEST_API;
  process.env.VITE_TILE_URL = tiles.urlTemplate;
  if (testApi) process.env.POCAMARKET_TEST_API = '1';
  else delete process.env.POCAMARKET_TEST_API;
  let build: BuiltPage | null = null;
  let ssr: BuiltPage | null = null;
  try {
    build = await buildBenchPage(APP_CONFIG, 'app');
    ssr = await buildBenchPage(APP_CONFIG, 'app-ssr', { ssrEntry: SSR_ENTRY });
    // the SSR bundle imports its dependencies (react, dexie...) from node_modules, as dist-ssr/
    // does from the project's; a link lets Node find them from the temp dir (removing the dir
    // removes the link, never its target)
    symlinkSync(join(ROOT, 'node_modules'), join(ssr.dir, 'node_modules'), 'dir');
    const [client, server] = [build, ssr];
    return {
      build: client,
      ssr: server,
      tiles,
      dispose: async () => {
        await tiles.stop();
        client.remove();
        server.remove();
      },
    };
  } catch (err) {
    build?.remove();
    ssr?.remove();
    await tiles.stop();
    throw err;
  } finally {
    if (previous === undefined) delete process.env.VITE_TILE_URL;
    else process.env.VITE_TILE_URL = previous;
    if (previousTestApi === undefined) delete process.env.POCAMARKET_TEST_API;
    else process.env.POCAMARKET_TEST_API = previousTestApi;
  }
}

export interface DemoServer extends BenchServer {
  /** When the demo seed finished (`Date.now()`). */
  seededAt: number;
}

/**
 * A PocketBase serving `app`'s build with the demo seed (its own temp data dir), its main routes'
 * navigations answered by the first-screen renderer (started beside it on `app.ssr`).
 */
export async function startDemoServer(app: BenchApp): Promise<DemoServer> {
  const server = await startBenchServer({ publicDir: app.build.dir, ssrDir: app.ssr.dir });
  try {
    await seedDemo(await server.admin());
    return Object.assign(server, { seededAt: Date.now() });
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/**
 * A PocketBase serving `app`'s build on an existing data dir (e.g. the catalogue's,
 * bench/catalogue/data-dir.ts), left as it is (`startBenchServerOnDataDir` runs on a copy of its
 * databases), its main routes' navigations answered by the renderer started beside it.
 */
export function startAppOnDataDir(
  app: BenchApp,
  dataDir: string,
): Promise<BenchServer & { bootMs: number }> {
  return startBenchServerOnDataDir(dataDir, { publicDir: app.build.dir, ssrDir: app.ssr.dir });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the demo seed is older than the pulls' safety window (SEED_SETTLE_MS). */
export async function waitForSeedToSettle(server: DemoServer): Promise<void> {
  const wait = server.seededAt + SEED_SETTLE_MS - Date.now();
  if (wait > 0) await sleep(wait);
}

/** What a navigation to `path` got: status, encoding, size, and whether the first screen is in it. */
export interface FirstScreenCheck {
  path: string;
  status: number;
  contentEncoding: string;
  /** Decoded size of the HTML. */
  htmlBytes: number;
  /** `<script type="application/json" id="first-screen">` is in the HTML. */
  payload: boolean;
  /** Photo card tiles (`data-testid="photo-card"`) in the HTML. */
  cards: number;
  /** Until the whole answer was read, ms. */
  ms: number;
}

/**
 * Requests `path` as a browser's navigation would (Accept: text/html, brotli accepted) and looks
 * for the server-rendered first screen in the answer. Also warms the renderer's page cache.
 */
export async function fetchFirstScreen(
  server: BenchServer,
  path: string,
): Promise<{ check: FirstScreenCheck; html: string }> {
  const started = performance.now();
  const res = await fetch(new URL(path, server.url), {
    headers: { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' },
  });
  const html = await res.text();
  const ms = performance.now() - started;
  const check: FirstScreenCheck = {
    path,
    status: res.status,
    contentEncoding: res.headers.get('content-encoding') ?? '',
    htmlBytes: Buffer.byteLength(html),
    payload: html.includes('<script type="application/json" id="first-screen">'),
    cards: html.split('data-testid="photo-card"').length - 1,
    ms: Number(ms.toFixed(1)),
  };
  return { check, html };
}

/** What is wrong with a page whose HTML should hold its first screen, or null. */
export function firstScreenProblem(check: FirstScreenCheck, withCards: boolean): string | null {
  if (check.status !== 200) return `${check.path}: HTTP ${check.status}`;
  if (!check.payload) return `${check.path}: no first-screen payload in the HTML (plain shell?)`;
  if (withCards && !check.cards) return `${check.path}: no photo card markup in the HTML`;
  return null;
}
