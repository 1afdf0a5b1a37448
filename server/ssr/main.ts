/**
 * The first-screen render server, a child process of the launcher (server/ssr/renderer.ts): on
 * 127.0.0.1 only, asked by PocketBase (pb_hooks/lib/ssr.js) for the HTML of a navigation to a main
 * route. See docs/first-visit.md.
 *
 * - Its store is the client's own: the SSR build of the app (dist-ssr/entry-server.js) with Dexie
 *   over fake-indexeddb, filled and kept current by the client's delta pull as an anonymous
 *   visitor, so it only ever knows what anyone may read. It pulls a guest's scope, not the whole
 *   catalogue: what a page shows beyond it is read from PocketBase when the page is drawn, and
 *   evicted past a bound (docs/first-visit.md, What the render server holds).
 * - A request pulls first (at most once a second; one small request when nothing changed), then
 *   answers from a cache of rendered pages that any applied change empties: a page is rendered
 *   once per catalogue change, not per visit. A page that read beyond the scope is checked
 *   against PocketBase once its answers are WINDOW_FRESH_MS old, and drawn again if they changed.
 * - GET /stats (not passed on by PocketBase) says what the store holds and the process's memory.
 * - Pages go out brotli- or gzip-compressed as the browser asked (PocketBase passes its
 *   Accept-Encoding along).
 *
 * Environment: PB_URL (PocketBase, required), DIST_DIR (the client build, for index.html),
 * SSR_DIR (the SSR build), APP_URL (the public origin for share previews; default PB_URL),
 * SSR_CACHE_MAX (cards and posts kept beyond the scope, each; default RENDER_CACHE_MAX),
 * SSR_FRESH_RENDERS (pages one visitor may have drawn fresh per 10 s; default 20),
 * SSR_FRESH_WINDOW_MS (that window; default 10,000).
 * Prints `[ssr] listening on <port>` once ready (how the launcher learns the port; it shows the
 * line at LOG_LEVEL=debug only) and otherwise only its failures, on stderr. SIGTERM: it stops
 * taking connections, lets the renders under way finish (at most 2 s) and exits; the launcher
 * stops it after PocketBase, its only client (docs/operators.md, Restarts).
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

interface PageCheck {
  reads: unknown[];
  digest: string;
}
interface WindowReader {
  pb: PocketBase;
  freshMs: number;
}
interface Entry {
  render(
    url: string,
    opts: { reader: WindowReader },
  ): Promise<{
    status: 200 | 404;
    module: string | null;
    html: string;
    payload: string;
    preview: { title: string; description: string; image: string; noindex?: boolean };
    check: PageCheck | null;
    dataAt: number;
  }>;
  revalidate(check: PageCheck, reader: WindowReader): Promise<{ same: boolean; dataAt: number }>;
  pull(pb: PocketBase, opts: { cacheMax: number }): Promise<{ records: number; deleted: number }>;
  storeStats(): Promise<{ rows: Record<string, number>; cardsByGroup: Record<string, number> }>;
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
/** A built stylesheet's text by its URL path (`/assets/x.css`), read once; null when missing. */
const cssFiles = new Map<string, string | null>();
function readCss(href: string): string | null {
  if (!cssFiles.has(href)) {
    const file = join(distDir!, href.replace(/^\/+/, ''));
    cssFiles.set(
      href,
      /^\/assets\/[\w.-]+\.css$/.test(href) && existsSync(file) ? readFileSync(file, 'utf8') : null,
    );
  }
  return cssFiles.get(href)!;
}
const manifestFile = join(distDir, '.vite/manifest.json');
const manifest = (
  existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {}
) as Manifest;
const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as Entry;

const pb = new PocketBase(pbUrl);
pb.autoCancellation(false);

/** Pages kept rendered; the oldest goes first. Bounded, as any id can be asked for. */
const CACHE_LIMIT = 500;
/**
 * Pages one visitor (PocketBase passes their address) may have drawn fresh per FRESH_WINDOW_MS;
 * past it they get the shell and their browser draws the page. A cached page is 7–11 ms, a fresh
 * one 76–113 ms of this one process: made-up ids (each a fresh 404) at 4 connections took another
 * visitor's median from 12 to 152 ms. SSR_FRESH_RENDERS sets another bound.
 */
const FRESH_RENDERS = Number(process.env.SSR_FRESH_RENDERS) || 20;
const FRESH_WINDOW_MS = Number(process.env.SSR_FRESH_WINDOW_MS) || 10_000;
const freshBy = new Map<string, { since: number; n: number }>();

/** Counts one fresh draw for `address`; false when it has had its share of this window. */
function mayDraw(address: string): boolean {
  if (!address) return true;
  const now = Date.now();
  if (freshBy.size > 10_000) {
    for (const [k, v] of freshBy) if (now - v.since >= FRESH_WINDOW_MS) freshBy.delete(k);
  }
  const seen = freshBy.get(address);
  if (!seen || now - seen.since >= FRESH_WINDOW_MS) {
    freshBy.set(address, { since: now, n: 1 });
    return true;
  }
  if (seen.n >= FRESH_RENDERS) return false;
  seen.n++;
  return true;
}

/** Whether serving `path` now means drawing it (not cached, or its answers are old). */
function needsDraw(path: string): boolean {
  if (drawing.has(path)) return false; // joining a draw under way costs nothing more
  const hit = cache.get(path);
  return !hit || (!!hit.check && Date.now() - hit.dataAt >= WINDOW_FRESH_MS);
}
/** A request waits at most this long for its pull; past it, the store as it is serves. */
const PULL_FRESH_MS = 1000;
/**
 * How old PocketBase's answers beyond the scope (windows) a page is drawn or served from may be:
 * a card edited on the server is on its pages within this (docs/first-visit.md).
 */
const WINDOW_FRESH_MS = 5000;
/** Cards, and posts, the store keeps beyond the guest's scope at most (the pages' windows). */
const RENDER_CACHE_MAX = 1000;
const cacheMax = Number(process.env.SSR_CACHE_MAX) || RENDER_CACHE_MAX;
const reader = { pb, freshMs: WINDOW_FRESH_MS };

interface Cached {
  status: number;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  check: PageCheck | null;
  /** When the oldest window answer the page shows was asked (0: one could not be read). */
  dataAt: number;
}
const cache = new Map<string, Cached>();
/** Pages being drawn or checked, so concurrent requests for one page share the work. */
const drawing = new Map<string, Promise<Cached>>();
/** Counts the emptyings of the page cache: a page drawn across one is not kept. */
let generation = 0;
let pulledAt = 0;
let pulling: Promise<void> | null = null;
let everPulled = false;

function pull(): Promise<void> {
  if (Date.now() - pulledAt < PULL_FRESH_MS && everPulled) return Promise.resolve();
  pulling ??= entry
    .pull(pb, { cacheMax })
    .then((r) => {
      pulledAt = Date.now();
      everPulled = true;
      if (r.records || r.deleted) {
        cache.clear();
        generation++;
      }
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

/** A cached page, or one drawn now (after checking a cached one whose answers are old). */
function renderPage(path: string): Promise<Cached> {
  const hit = cache.get(path);
  if (hit && (!hit.check || Date.now() - hit.dataAt < WINDOW_FRESH_MS)) {
    return Promise.resolve(hit);
  }
  let work = drawing.get(path);
  if (!work) {
    work = drawPage(path, hit).finally(() => drawing.delete(path));
    drawing.set(path, work);
  }
  return work;
}

async function drawPage(path: string, hit: Cached | undefined): Promise<Cached> {
  const drawnIn = generation;
  if (hit?.check) {
    const now = await entry.revalidate(hit.check, reader);
    if (now.same) {
      hit.dataAt = now.dataAt;
      return hit;
    }
  }
  const page = await entry.render(path, { reader });
  const raw = Buffer.from(fillTemplate(template, page, origin, path, manifest, readCss));
  const out: Cached = {
    status: page.status,
    raw,
    br: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip: gzipSync(raw, { level: 9 }),
    check: page.check,
    dataAt: page.dataAt,
  };
  // "not found" while PocketBase did not answer is no answer: PocketBase serves the shell
  if (page.status === 404 && !page.dataAt) throw new Error('a window was not read');
  if (generation !== drawnIn) return out;
  // a "not found" is not kept: made-up ids would push real pages out of the cache (a public book
  // nobody may see is a 200 kept out of search: not kept either)
  if (page.status === 404 || page.preview.noindex) {
    cache.delete(path); // a page it was (a book made private since) is no more
    return out;
  }
  cache.delete(path);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(path, out);
  return out;
}

/** What the store holds and the process's memory, MB (GET /stats). */
async function stats(): Promise<unknown> {
  const mem = process.memoryUsage();
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return {
    ...(await entry.storeStats()),
    pages: cache.size,
    cacheMax,
    memory: { rss: mb(mem.rss), heapUsed: mb(mem.heapUsed) },
  };
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
  if (req.method === 'GET' && asked.pathname === '/stats') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(await stats()));
    return;
  }
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
  const path = normalise(target);
  const address = String(req.headers['x-client-address'] ?? '');
  if (needsDraw(path) && !mayDraw(address)) {
    // PocketBase serves the shell for any answer but a page
    res.writeHead(429).end();
    return;
  }
  const page = await renderPage(path);
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
/**
 * Warms up as soon as PocketBase answers (it starts after this process): the first pull, and the
 * lists drawn from it, so the first fan's page is not the one that waits for them (past PocketBase's
 * 4 s it would get the plain shell). Tries for a minute; a request does the same work anyway.
 */
async function warmUp(): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      await pull();
      // pages drawn from the scope alone: what the renderer holds stays what it was asked for
      for (const path of ['/exchange', '/meetup']) await renderPage(path).catch(() => {});
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

server.listen(Number(process.env.SSR_PORT ?? 0), '127.0.0.1', () => {
  console.log(`[ssr] listening on ${(server.address() as AddressInfo).port}`);
  void warmUp();
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    // kept-alive connections with nothing in flight would hold close() open
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 2_000).unref();
  });
}
