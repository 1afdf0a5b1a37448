/**
 * The first-screen render server, a child process of the launcher (server/ssr/renderer.ts): on
 * 127.0.0.1 only, asked by PocketBase (pb_hooks/lib/ssr.js) for the HTML of a navigation to a main
 * route. See docs/first-visit.md.
 *
 * - Its store is the client's own: the SSR build of the app (dist-ssr/entry-server.js) with Dexie
 *   over fake-indexeddb, filled and kept current by the client's delta pull as an anonymous
 *   visitor, so it only ever knows what anyone may read.
 * - A request pulls first (at most once a second; one small request when nothing changed), then
 *   answers from a cache of rendered pages that any applied change empties: a page is rendered
 *   once per catalogue change, not per visit.
 * - Pages go out brotli- or gzip-compressed as the browser asked (PocketBase passes its
 *   Accept-Encoding along).
 *
 * Environment: PB_URL (PocketBase, required), DIST_DIR (the client build, for index.html),
 * SSR_DIR (the SSR build), APP_URL (the public origin for share previews; default PB_URL).
 * Prints `[ssr] listening on <port>` once ready.
 */
// IndexedDB for the app's Dexie store, before the app's bundle (and Dexie) load
import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import PocketBase from 'pocketbase';
import { fillTemplate, type Manifest } from './page.ts';

interface Entry {
  render(url: string): Promise<{
    status: 200 | 404;
    module: string | null;
    html: string;
    payload: string;
    preview: { title: string; description: string; image: string };
  }>;
  pull(pb: PocketBase): Promise<{ records: number; deleted: number }>;
  isRenderedPath(pathname: string): boolean;
}

const pbUrl = process.env.PB_URL;
const distDir = process.env.DIST_DIR;
const ssrDir = process.env.SSR_DIR;
if (!pbUrl || !distDir || !ssrDir) throw new Error('PB_URL, DIST_DIR and SSR_DIR are required');
const origin = process.env.APP_URL || pbUrl;

// The router, bundled with its browser flag so it draws the tree the client hydrates
// (vite.config.ts), registers itself on `self` as in a browser; nothing else here reads it.
(globalThis as { self?: unknown }).self ??= globalThis;

const template = readFileSync(join(distDir, 'index.html'), 'utf8');
const manifestFile = join(distDir, '.vite/manifest.json');
const manifest = (
  existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {}
) as Manifest;
const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as Entry;

const pb = new PocketBase(pbUrl);
pb.autoCancellation(false);

/** Pages kept rendered; the oldest goes first. Bounded, as any id can be asked for. */
const CACHE_LIMIT = 500;
/** A request waits at most this long for its pull; past it, the store as it is serves. */
const PULL_FRESH_MS = 1000;

interface Cached {
  status: number;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}
const cache = new Map<string, Cached>();
let pulledAt = 0;
let pulling: Promise<void> | null = null;
let everPulled = false;

function pull(): Promise<void> {
  if (Date.now() - pulledAt < PULL_FRESH_MS && everPulled) return Promise.resolve();
  pulling ??= entry
    .pull(pb)
    .then((r) => {
      pulledAt = Date.now();
      everPulled = true;
      if (r.records || r.deleted) cache.clear();
    })
    .finally(() => {
      pulling = null;
    });
  return pulling;
}

/** `/exchange?group=x&utm=…` → `/exchange?group=x`: only what changes the page is kept. */
function normalise(url: URL): string {
  const group = url.pathname.toLowerCase() === '/exchange' ? url.searchParams.get('group') : null;
  return group && /^[a-z0-9]{15}$/.test(group) ? `${url.pathname}?group=${group}` : url.pathname;
}

async function renderPage(path: string): Promise<Cached> {
  const hit = cache.get(path);
  if (hit) return hit;
  const page = await entry.render(path);
  const raw = Buffer.from(fillTemplate(template, page, origin, path, manifest));
  const entryOut: Cached = {
    status: page.status,
    raw,
    br: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip: gzipSync(raw, { level: 9 }),
  };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(path, entryOut);
  return entryOut;
}

function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const asked = new URL(req.url ?? '/', 'http://renderer');
  if (req.method !== 'GET' || asked.pathname !== '/render') {
    res.writeHead(404).end();
    return;
  }
  const target = new URL(asked.searchParams.get('url') ?? '', 'http://app');
  if (!entry.isRenderedPath(target.pathname)) {
    res.writeHead(404).end();
    return;
  }
  await pull();
  const page = await renderPage(normalise(target));
  const encoding = req.headers['accept-encoding'];
  const [body, coding] = accepts(encoding, 'br')
    ? [page.br, 'br']
    : accepts(encoding, 'gzip')
      ? [page.gzip, 'gzip']
      : [page.raw, ''];
  res.writeHead(page.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'X-First-Screen': '1',
    ...(coding ? { 'Content-Encoding': coding } : {}),
  });
  res.end(body);
}

const server = createServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    // PocketBase down, a record that breaks a screen: PocketBase serves the plain shell instead.
    console.error('[ssr] render failed', req.url, err);
    if (!res.headersSent) res.writeHead(503).end();
    else res.destroy();
  });
});
server.listen(Number(process.env.SSR_PORT ?? 0), '127.0.0.1', () => {
  console.log(`[ssr] listening on ${(server.address() as AddressInfo).port}`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
