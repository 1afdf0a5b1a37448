/**
 * The app on a real-size catalogue against the demo seed: the built app (bench/lib/app.ts, the
 * client and the first-screen renderer) started once on the demo seed (358 cards, 10 groups) and
 * once on the catalogue data dir (./data-dir.ts: the demo seed plus 200,000 cards in 500 groups),
 * with the same figures for both, side by side:
 *
 * - the data dir: the demo seed's time through the API; the catalogue's build (first time, from
 *   its stamp) and reuse (this run); PocketBase's start on it;
 * - a guest's first visit, as src/data/sync/pull.ts makes it: the catalogue snapshot
 *   (pb_hooks/catalogue.pb.js, built on the first ask: groups, meetups, comments), then
 *   `POST /api/pocamarket/pull` rounds from the snapshot's cursors until no entry has more, the
 *   cards and posts by the guest's scope (the favourite group, RIIZE; docs/sync.md); and the whole
 *   catalogue's pull from scratch (what every device, and the renderer, pulled before scopes);
 * - the renderer's first pull (time from the server's start until `/` comes back with its first
 *   screen: the renderer pulls a guest's scope and reads what a page shows beyond it when it draws
 *   the page, docs/first-visit.md, What the render server holds);
 * - each server-rendered first screen (`/`, `/exchange`, `/exchange?group={the detail card's
 *   group}`, `/exchangeDetail/{id}`, `/meetup`, `/meetupDetail/{id}`): the HTML raw, gzip and
 *   brotli as the renderer sends them, the embedded `<script type="application/json"
 *   id="first-screen">` payload, and the answer's time (first render, then from the renderer's page
 *   cache);
 * - the renderer's and PocketBase's memory (RSS, and the renderer's peak) after those screens, and
 *   the cards and posts the renderer's store holds then (its GET /stats);
 * - a generated card's image through the files API (`?thumb=200x0` and a listed thumb size).
 *
 * Nothing asserts on time; what did not come out as expected is listed under `problems`.
 */
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import {
  brotliCompressSync,
  constants,
  gunzipSync,
  brotliDecompressSync,
  gzipSync,
} from 'node:zlib';
import {
  buildBenchApp,
  fetchFirstScreen,
  SEED_SETTLE_MS,
  startAppOnDataDir,
  startDemoServer,
  type BenchApp,
} from '../lib/app.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { pocketBaseVersion, type BenchServer } from '../lib/server.ts';
import { summarize, type Summary } from '../lib/stats.ts';
import {
  catalogueDataDir,
  DEFAULT_CARDS,
  DEFAULT_GROUPS,
  type CatalogueStamp,
} from './data-dir.ts';

export interface CatalogueBenchOptions {
  cards: number;
  groups: number;
  /** Runs of each timed request (medians). */
  runs: number;
  /** Pulls from scratch on the catalogue (each is hundreds of requests). */
  scratchPulls: number;
  /** Build the data dir again even if it is current. */
  rebuild: boolean;
  /** The built app (`npm run bench` shares one); built here when absent. */
  app?: BenchApp;
  log?: (line: string) => void;
}

export const DEFAULTS: CatalogueBenchOptions = {
  cards: DEFAULT_CARDS,
  groups: DEFAULT_GROUPS,
  runs: 5,
  scratchPulls: 1,
  rebuild: false,
};

export const QUICK: Partial<CatalogueBenchOptions> = {
  cards: 20_000,
  groups: 50,
  runs: 2,
};

/**
 * The collections a guest's pull asks for, in pull order: src/data/db SYNCED_TABLES without
 * src/data/session SIGNED_IN_TABLES (the app's modules use the `@/` alias, which the benchmarks'
 * Node does not resolve), then the tombstones.
 */
export const GUEST_COLLECTIONS = [
  'groups',
  'photoCards',
  'users',
  'meetUps',
  'comments',
  'exchangeList',
  'notices',
] as const;
const TOMBSTONES = 'tombstones';
/** src/data/sync/pull.ts: stored checkpoints stay this far behind the server's clock. */
const SAFETY_WINDOW_MS = 10_000;

const PAGES = [
  '/',
  '/exchange',
  '/exchange?group={group}',
  '/exchangeDetail/{card}',
  '/meetup',
  '/meetupDetail/{meetup}',
];
/** A first screen's HTML, compressed, at most (bytes): over it is listed under `problems`. */
const FIRST_SCREEN_MAX_BR = 60_000;
const PAYLOAD = /<script type="application\/json" id="first-screen">([\s\S]*?)<\/script>/;
const ID = /^[a-z0-9]{15}$/;

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body as sent (compressed if the server compressed it). */
  body: Buffer;
  ms: number;
}

/** One HTTP request, body read as sent (no decompression), timed to its last byte. */
function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      url,
      {
        method: opts.method ?? 'GET',
        headers: {
          ...(opts.body ? { 'Content-Type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (typeof v === 'string') headers[k] = v;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

function decoded(a: Answer): Buffer {
  const coding = a.headers['content-encoding'] ?? '';
  if (coding === 'br') return brotliDecompressSync(a.body);
  if (coding === 'gzip') return gunzipSync(a.body);
  return a.body;
}

const navigation = (encoding: string) => ({
  Accept: 'text/html',
  ...(encoding ? { 'Accept-Encoding': encoding } : {}),
});

/** Resident and peak memory of a process (Linux /proc), MB. */
function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PocketBase's datetime text. */
const pbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const pbMs = (text: string) => Date.parse(text.replace(' ', 'T'));

interface PullFigures {
  requests: number;
  /** Response bodies, bytes (PocketBase sends them uncompressed). */
  bytes: number;
  /** The same bodies gzip'd (level 6), bytes: with compression in front. */
  gzipBytes: number;
  records: number;
  ms: number;
  /** Sum of the requests' times (the rest is this process reading the answers). */
  serverMs: number;
}

/**
 * A guest's pull rounds as src/data/sync/pull.ts makes them: every collection of `names` from its
 * cursor, one `POST /api/pocamarket/pull` a round, only the collections with more asked again.
 */
interface Entry {
  key: string;
  name: string;
  group?: string;
}
const plain = (name: string): Entry => ({ key: name, name });

async function pullRounds(
  server: BenchServer,
  entries: Entry[],
  cursors: Map<string, { updated: string; id: string }>,
): Promise<PullFigures> {
  const figures: PullFigures = {
    requests: 0,
    bytes: 0,
    gzipBytes: 0,
    records: 0,
    ms: 0,
    serverMs: 0,
  };
  const started = performance.now();
  let pending = [...entries];
  while (pending.length) {
    if (figures.requests >= 1000) throw new Error('pull did not finish in 1000 rounds');
    const body = JSON.stringify({
      collections: pending.map((e) => {
        const at = cursors.get(e.key);
        const scope = e.key === e.name ? {} : { key: e.key, group: e.group };
        return at
          ? { name: e.name, ...scope, updated: at.updated, id: at.id }
          : { name: e.name, ...scope };
      }),
    });
    const a = await request(`${server.url}/api/pocamarket/pull`, { method: 'POST', body });
    figures.requests++;
    figures.serverMs += a.ms;
    if (a.status !== 200)
      throw new Error(`pull: HTTP ${a.status} ${a.body.toString().slice(0, 200)}`);
    figures.bytes += a.body.length;
    figures.gzipBytes += gzipSync(a.body).length;
    const answer = JSON.parse(a.body.toString()) as {
      collections: Record<
        string,
        { items: unknown[]; more: boolean; cursor: { updated: string; id: string } | null }
      >;
    };
    const next: Entry[] = [];
    for (const e of pending) {
      const page = answer.collections[e.key]!;
      figures.records += page.items.length;
      if (page.cursor) cursors.set(e.key, page.cursor);
      if (page.more) next.push(e);
    }
    pending = next;
  }
  figures.ms = performance.now() - started;
  return figures;
}

interface SnapshotFigures {
  /** The index request that built the snapshot (the first ask on this server), ms. */
  buildMs: number;
  /** Later index requests (from memory), ms. */
  indexMs: Summary;
  /** The snapshot's body, ms. */
  bodyMs: Summary;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
  records: number;
  /** Collections the snapshot stopped short on (more than its MAX_ROWS). */
  cutShort: string[];
}

/**
 * A guest's scope (docs/sync.md, Pull by scope): every collection but the cards and posts whole,
 * and of those the favourite group's (RIIZE, the default), under their own keys.
 */
async function guestEntries(server: BenchServer): Promise<Entry[]> {
  const filter = encodeURIComponent('groupName = "RIIZE"');
  const a = await request(`${server.url}/api/collections/groups/records?filter=${filter}`);
  const riize = (JSON.parse(a.body.toString()) as { items: { id: string }[] }).items[0]!.id;
  const out: Entry[] = [];
  for (const name of GUEST_COLLECTIONS) {
    if (name === 'photoCards' || name === 'exchangeList') {
      out.push({ key: `${name}@g:${riize}`, name, group: riize });
    } else out.push(plain(name));
  }
  return out;
}

/** The snapshot as src/data/sync/snapshot.ts reads it, then the pull from its cursors. */
async function guestFirstVisit(
  server: BenchServer,
  runs: number,
): Promise<{ snapshot: SnapshotFigures; pull: PullFigures }> {
  const first = await request(`${server.url}/api/pocamarket/catalogue`);
  if (first.status !== 200) throw new Error(`catalogue index: HTTP ${first.status}`);
  const index = JSON.parse(first.body.toString()) as { path: string };
  const indexMs: number[] = [];
  const bodyMs: number[] = [];
  let body: Buffer = Buffer.alloc(0);
  for (let r = 0; r < runs; r++) {
    indexMs.push((await request(`${server.url}/api/pocamarket/catalogue`)).ms);
    const a = await request(`${server.url}${index.path}`);
    if (a.status !== 200) throw new Error(`catalogue snapshot: HTTP ${a.status}`);
    bodyMs.push(a.ms);
    body = a.body;
  }
  const snap = JSON.parse(body.toString()) as {
    now: string;
    collections: Record<
      string,
      { items: unknown[]; more: boolean; cursor: { updated: string; id: string } | null }
    >;
  };
  const now = pbMs(snap.now);
  const cap = pbDate(now - SAFETY_WINDOW_MS);
  const cursors = new Map<string, { updated: string; id: string }>();
  let records = 0;
  const cutShort: string[] = [];
  for (const [name, page] of Object.entries(snap.collections)) {
    records += page.items.length;
    if (page.more) cutShort.push(name);
    if (!page.cursor) continue;
    // pull.ts stores a checkpoint no later than the server's clock minus the safety window
    cursors.set(name, page.cursor.updated > cap ? { updated: cap, id: '' } : page.cursor);
  }
  cursors.set(TOMBSTONES, { updated: cap, id: '' });
  const pull = await pullRounds(
    server,
    [...(await guestEntries(server)), plain(TOMBSTONES)],
    cursors,
  );
  return {
    snapshot: {
      buildMs: first.ms,
      indexMs: summarize(indexMs),
      bodyMs: summarize(bodyMs),
      bytes: body.length,
      gzipBytes: gzipSync(body).length,
      brotliBytes: brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
      }).length,
      records,
      cutShort,
    },
    pull,
  };
}

interface PageFigures {
  path: string;
  status: number;
  raw: number;
  gzip: number;
  br: number;
  payload: number;
  payloadShare: number;
  /** The payload alone, brotli (quality 9, as the renderer compresses). */
  payloadBr: number;
  cards: number;
  /** The first request for the page (rendered then, unless an earlier one rendered it), ms. */
  firstMs: number;
  /** Later requests (brotli), from the renderer's page cache unless a pull brought changes, ms. */
  ms: Summary;
}

async function measurePage(server: BenchServer, path: string, runs: number): Promise<PageFigures> {
  const first = await request(`${server.url}${path}`, { headers: navigation('br') });
  const times: number[] = [];
  let br = first;
  for (let r = 0; r < runs; r++) {
    br = await request(`${server.url}${path}`, { headers: navigation('br') });
    times.push(br.ms);
  }
  const gzip = await request(`${server.url}${path}`, { headers: navigation('gzip') });
  const raw = await request(`${server.url}${path}`, { headers: navigation('') });
  const html = decoded(raw).toString();
  const payload = PAYLOAD.exec(html)?.[1] ?? '';
  const payloadBytes = Buffer.byteLength(payload);
  return {
    path,
    status: br.status,
    raw: raw.body.length,
    gzip: gzip.headers['content-encoding'] === 'gzip' ? gzip.body.length : NaN,
    br: br.headers['content-encoding'] === 'br' ? br.body.length : NaN,
    payload: payloadBytes,
    payloadShare: raw.body.length ? (100 * payloadBytes) / raw.body.length : 0,
    payloadBr: brotliCompressSync(Buffer.from(payload), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
    }).length,
    cards: html.split('data-testid="photo-card"').length - 1,
    firstMs: first.ms,
    ms: summarize(times),
  };
}

/** Polls `/` until it comes back with its first screen; ms from the call, and the polls. */
async function waitForFirstScreen(
  server: BenchServer,
  timeoutMs: number,
): Promise<{ ms: number; polls: number } | null> {
  const started = performance.now();
  let polls = 0;
  while (performance.now() - started < timeoutMs) {
    polls++;
    const { check } = await fetchFirstScreen(server, '/');
    if (check.status === 200 && check.payload) return { ms: performance.now() - started, polls };
    await sleep(1000);
  }
  return null;
}

interface VariantResult {
  name: string;
  label: string;
  cards: number;
  groups: number;
  /** The demo seed through the API, or the catalogue's build (from its stamp), ms. */
  dataMs: number;
  /** The catalogue dir: checking and reusing it in this run, ms; built in this run. */
  reuseMs?: number;
  builtThisRun?: boolean;
  stamp?: CatalogueStamp;
  bootMs: number;
  rendererReadyMs: number | null;
  rendererPolls: number;
  ids: { card: string; group: string; meetup: string; from: string[] };
  snapshot: SnapshotFigures;
  pullFromSnapshot: PullFigures;
  pullFromScratch: PullFigures[];
  pages: PageFigures[];
  memory: {
    renderer: { rss: number; peak: number } | null;
    pocketbase: { rss: number; peak: number } | null;
  };
  /** What the renderer's store holds after the screens (its GET /stats), or null. */
  rendererStore: { photoCards: number; exchangeList: number } | null;
  files?: { path: string; status: number; type: string; bytes: number; ms: number }[];
}

export interface CatalogueBenchResult {
  name: 'catalogue';
  machine: MachineInfo;
  config: Omit<CatalogueBenchOptions, 'app' | 'log'>;
  variants: VariantResult[];
  problems: string[];
  notes: string[];
  totalMs: number;
}

/**
 * The ids the pages get: a card (and its group, for `/exchange?group=`) and the first meetup of
 * the /meetup list.
 */
async function pickIds(
  server: BenchServer,
  card: string | null,
): Promise<{ card: string; group: string; meetup: string; from: string[] }> {
  const from: string[] = [];
  const pb = server.client();
  if (card) {
    from.push(`card ${card}: a generated card of the biggest group`);
  } else {
    const home = (await fetchFirstScreen(server, '/')).html;
    const row = home.indexOf('data-testid="home-row-latest"');
    card = row >= 0 ? (/data-card-id="([a-z0-9]{15})"/.exec(home.slice(row))?.[1] ?? '') : '';
    if (card) from.push(`card ${card}: the first tile of the home page's latest row`);
    else {
      card = (await pb.collection('photoCards').getList(1, 1, { sort: '-created,-id' })).items[0]!
        .id;
      from.push(`card ${card}: the newest card (API)`);
    }
  }
  const list = (await fetchFirstScreen(server, '/meetup')).html;
  let meetup = /data-testid="meetup-card"[^>]*?data-id="([a-z0-9]{15})"/.exec(list)?.[1] ?? '';
  if (ID.test(meetup)) from.push(`meetup ${meetup}: the first meetup of the /meetup list`);
  else {
    const today = new Date().toISOString().slice(0, 10);
    meetup = (
      await pb.collection('meetUps').getList(1, 1, {
        sort: 'startDate,id',
        filter: pb.filter('endDate >= {:today}', { today }),
      })
    ).items[0]!.id;
    from.push(`meetup ${meetup}: the first meetup not yet over (API)`);
  }
  const group = String((await pb.collection('photoCards').getOne(card)).group);
  from.push(`group ${group}: the card's`);
  return { card, group, meetup, from };
}

/** The cards and posts the renderer's store holds (its GET /stats, 127.0.0.1 only). */
async function rendererStore(
  server: BenchServer,
): Promise<{ photoCards: number; exchangeList: number } | null> {
  if (!server.renderer) return null;
  try {
    const a = await request(`${server.renderer.url}/stats`);
    if (a.status !== 200) return null;
    const { rows } = JSON.parse(a.body.toString()) as { rows: Record<string, number> };
    return { photoCards: rows['photoCards'] ?? 0, exchangeList: rows['exchangeList'] ?? 0 };
  } catch {
    return null;
  }
}

async function measureVariant(
  server: BenchServer & { bootMs?: number },
  base: Omit<
    VariantResult,
    | 'bootMs'
    | 'rendererReadyMs'
    | 'rendererPolls'
    | 'ids'
    | 'snapshot'
    | 'pullFromSnapshot'
    | 'pullFromScratch'
    | 'pages'
    | 'memory'
    | 'rendererStore'
  >,
  opts: { runs: number; scratchPulls: number; sampleCard: string | null; settleUntil: number },
  problems: string[],
  log: (line: string) => void,
): Promise<VariantResult> {
  // a seed younger than the pulls' safety window would be read again by every pull
  const wait = opts.settleUntil - Date.now();
  if (wait > 0) await sleep(wait);
  // the snapshot first: its first ask on this server builds it (the renderer's pull asks too)
  log(`${base.label}: a guest's first visit (snapshot, then the pull from its cursors)`);
  const visit = await guestFirstVisit(server, opts.runs);
  log(
    `  snapshot ${(visit.snapshot.bytes / 1e6).toFixed(1)} MB, then ${visit.pull.requests} pull requests, ${(visit.pull.bytes / 1e6).toFixed(1)} MB`,
  );
  const scratch: PullFigures[] = [];
  for (let r = 0; r < opts.scratchPulls; r++) {
    log(`${base.label}: a pull from scratch (no snapshot) ${r + 1}/${opts.scratchPulls}`);
    scratch.push(await pullRounds(server, GUEST_COLLECTIONS.map(plain), new Map()));
  }

  log(`${base.label}: waiting for the renderer's first pull (/ with its first screen)`);
  const ready = await waitForFirstScreen(server, 20 * 60_000);
  if (!ready) problems.push(`${base.label}: / never came back with its first screen in 20 min`);
  else log(`  ready after ${(ready.ms / 1000).toFixed(1)} s (${ready.polls} requests)`);

  const ids = await pickIds(server, opts.sampleCard);
  for (const line of ids.from) log(`  ${line}`);
  const pages: PageFigures[] = [];
  for (const route of PAGES) {
    const path = route
      .replace('{card}', ids.card)
      .replace('{group}', ids.group)
      .replace('{meetup}', ids.meetup);
    const page = await measurePage(server, path, opts.runs);
    pages.push(page);
    log(
      `  ${path}: ${page.raw.toLocaleString('en-US')} B raw, ${page.br.toLocaleString('en-US')} B br, payload ${page.payloadShare.toFixed(0)}%`,
    );
    if (page.status !== 200) problems.push(`${base.label} ${path}: HTTP ${page.status}`);
    else if (!page.payload) problems.push(`${base.label} ${path}: no first-screen payload`);
    if (page.br > FIRST_SCREEN_MAX_BR) {
      problems.push(
        `${base.label} ${path}: ${KB(page.br)} KB brotli, over the first screen's ${KB(FIRST_SCREEN_MAX_BR)} KB`,
      );
    }
  }
  const memory = {
    renderer: memoryOf(server.renderer?.proc.pid),
    pocketbase: memoryOf(server.proc.pid),
  };
  const store = await rendererStore(server);
  log(
    `  renderer after the screens: ${memory.renderer ? Math.round(memory.renderer.rss) : '?'} MB RSS, ${store ? `${store.photoCards} cards and ${store.exchangeList} posts in its store` : 'no /stats'}`,
  );
  return {
    ...base,
    bootMs: server.bootMs ?? 0,
    rendererReadyMs: ready?.ms ?? null,
    rendererPolls: ready?.polls ?? 0,
    ids,
    snapshot: visit.snapshot,
    pullFromSnapshot: visit.pull,
    pullFromScratch: scratch,
    pages,
    memory,
    rendererStore: store,
  };
}

/** A generated card's image through the files API. */
async function checkFiles(
  server: BenchServer,
  stamp: CatalogueStamp,
  problems: string[],
): Promise<NonNullable<VariantResult['files']>> {
  const out: NonNullable<VariantResult['files']> = [];
  const file = `/api/files/photoCards/${stamp.sample.card}/${stamp.sample.cardImg}`;
  for (const query of ['', '?thumb=200x0', '?thumb=160x320f']) {
    const a = await request(`${server.url}${file}${query}`);
    const type = a.headers['content-type'] ?? '';
    out.push({ path: `${file}${query}`, status: a.status, type, bytes: a.body.length, ms: a.ms });
    if (a.status !== 200 || !type.startsWith('image/')) {
      problems.push(`${file}${query}: HTTP ${a.status} ${type}`);
    }
  }
  return out;
}

const KB = (n: number) => Number((n / 1000).toFixed(1));

function rowsOf(variants: VariantResult[]): Row[] {
  const rows: Row[] = [];
  const pair = (
    figure: string,
    value: (v: VariantResult) => Row['value'] | null | undefined,
    unit: string,
  ) => {
    for (const v of variants) {
      const x = value(v);
      if (x === null || x === undefined || (typeof x === 'number' && Number.isNaN(x))) continue;
      rows.push({ figure: `${figure} [${v.label}]`, value: x, unit });
    }
  };
  const s = (ms: number) => Number((ms / 1000).toFixed(1));
  pair('data dir: demo seed through the API', (v) => (v.stamp ? undefined : s(v.dataMs)), 's');
  pair('data dir: build (first time)', (v) => (v.stamp ? s(v.stamp.buildMs) : undefined), 's');
  for (const step of ['demoSeed', 'generate', 'insert', 'files', 'firstBoot'] as const) {
    pair(`data dir: build: ${step}`, (v) => (v.stamp ? s(v.stamp.steps[step]) : undefined), 's');
  }
  pair('data dir: reuse (check the stamp)', (v) => v.reuseMs, 'ms');
  pair(
    'data dir: data.db',
    (v) => (v.stamp ? Number((v.stamp.dbBytes / 1e6).toFixed(1)) : undefined),
    'MB',
  );
  pair('PocketBase start to healthy', (v) => (v.bootMs ? s(v.bootMs) : undefined), 's');
  pair('snapshot: build (first index request)', (v) => Math.round(v.snapshot.buildMs), 'ms');
  pair('snapshot: index (from memory)', (v) => v.snapshot.indexMs, 'ms');
  pair('snapshot: body download', (v) => v.snapshot.bodyMs, 'ms');
  pair('snapshot: body', (v) => KB(v.snapshot.bytes), 'KB');
  pair('snapshot: body gzip (estimate)', (v) => KB(v.snapshot.gzipBytes), 'KB');
  pair('snapshot: body brotli (estimate)', (v) => KB(v.snapshot.brotliBytes), 'KB');
  pair('snapshot: records', (v) => v.snapshot.records, '');
  pair('pull after snapshot: requests', (v) => v.pullFromSnapshot.requests, '');
  pair('pull after snapshot: records', (v) => v.pullFromSnapshot.records, '');
  pair('pull after snapshot: bodies', (v) => KB(v.pullFromSnapshot.bytes), 'KB');
  pair(
    'pull after snapshot: bodies gzip (estimate)',
    (v) => KB(v.pullFromSnapshot.gzipBytes),
    'KB',
  );
  pair('pull after snapshot: time', (v) => s(v.pullFromSnapshot.ms), 's');
  pair('pull after snapshot: server time', (v) => s(v.pullFromSnapshot.serverMs), 's');
  pair(
    'first visit (snapshot + pull): bytes',
    (v) => KB(v.snapshot.bytes + v.pullFromSnapshot.bytes),
    'KB',
  );
  const scratch = (v: VariantResult, f: (p: PullFigures) => number, digits = 1) =>
    v.pullFromScratch.length ? summarize(v.pullFromScratch.map(f), digits) : undefined;
  pair('pull from scratch: requests', (v) => scratch(v, (p) => p.requests, 0), '');
  pair('pull from scratch: records', (v) => scratch(v, (p) => p.records, 0), '');
  pair('pull from scratch: bodies', (v) => scratch(v, (p) => KB(p.bytes)), 'KB');
  pair('pull from scratch: time', (v) => scratch(v, (p) => p.ms / 1000), 's');
  pair('pull from scratch: per request', (v) => scratch(v, (p) => p.serverMs / p.requests), 'ms');
  pair(
    'renderer: first pull (/ with its first screen)',
    (v) => (v.rendererReadyMs === null ? 'never' : s(v.rendererReadyMs)),
    's',
  );
  const pageNames =
    variants[0]?.pages.map((_, i) => PAGES[i]!.replace(/\{(card|group|meetup)\}/, '{id}')) ?? [];
  pageNames.forEach((name, i) => {
    const p = (v: VariantResult) => v.pages[i];
    pair(`${name} HTML raw`, (v) => p(v) && KB(p(v)!.raw), 'KB');
    pair(`${name} HTML gzip`, (v) => p(v) && KB(p(v)!.gzip), 'KB');
    pair(`${name} HTML br`, (v) => p(v) && KB(p(v)!.br), 'KB');
    pair(`${name} first-screen payload (raw)`, (v) => p(v) && KB(p(v)!.payload), 'KB');
    pair(
      `${name} payload share of raw HTML`,
      (v) => p(v) && Number(p(v)!.payloadShare.toFixed(1)),
      '%',
    );
    pair(`${name} payload alone, br`, (v) => p(v) && KB(p(v)!.payloadBr), 'KB');
    pair(`${name} first answer`, (v) => p(v) && Number(p(v)!.firstMs.toFixed(1)), 'ms');
    pair(`${name} answer (br, cached)`, (v) => p(v)?.ms, 'ms');
  });
  pair(
    'renderer RSS after the screens',
    (v) => v.memory.renderer && Math.round(v.memory.renderer.rss),
    'MB',
  );
  pair('renderer peak RSS', (v) => v.memory.renderer && Math.round(v.memory.renderer.peak), 'MB');
  pair('renderer store: cards after the screens', (v) => v.rendererStore?.photoCards, '');
  pair('renderer store: posts after the screens', (v) => v.rendererStore?.exchangeList, '');
  pair(
    'PocketBase RSS after the screens',
    (v) => v.memory.pocketbase && Math.round(v.memory.pocketbase.rss),
    'MB',
  );
  for (const v of variants) {
    for (const f of v.files ?? []) {
      const q = f.path.includes('?') ? f.path.slice(f.path.indexOf('?')) : '(original)';
      rows.push({
        figure: `card image ${q}: HTTP ${f.status} ${f.type} [${v.label}]`,
        value: KB(f.bytes),
        unit: 'KB',
      });
    }
  }
  return rows;
}

export async function runCatalogueBench(
  options: Partial<CatalogueBenchOptions> = {},
): Promise<{ result: CatalogueBenchResult; rows: Row[] }> {
  const opts = { ...DEFAULTS, ...options };
  const log = opts.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const problems: string[] = [];
  const notes: string[] = [];
  const label = opts.cards >= 1000 ? `${Math.round(opts.cards / 1000)}k` : String(opts.cards);

  // the data dir first: built (minutes) before the app, or reused
  log(
    `catalogue: data dir for ${opts.cards.toLocaleString('en-US')} cards in ${opts.groups} groups`,
  );
  const dd = await catalogueDataDir({
    cards: opts.cards,
    groups: opts.groups,
    rebuild: opts.rebuild,
    log,
  });
  const reuse = await catalogueDataDir({ cards: opts.cards, groups: opts.groups });
  log(
    `  ${dd.built ? 'built' : 'reused'} ${dd.dir} (${dd.stamp.version}; built in ${(dd.stamp.buildMs / 1000).toFixed(1)} s on ${dd.stamp.builtAt})`,
  );

  const ownApp = !opts.app;
  const app = opts.app ?? (await buildBenchApp());
  const variants: VariantResult[] = [];
  try {
    // ---- the demo seed
    {
      const t0 = performance.now();
      const server = await startDemoServer(app);
      const seededMs = performance.now() - t0;
      try {
        variants.push(
          await measureVariant(
            server,
            { name: 'demo', label: 'demo', cards: 0, groups: 0, dataMs: seededMs },
            {
              runs: opts.runs,
              scratchPulls: opts.runs,
              sampleCard: null,
              settleUntil: server.seededAt + SEED_SETTLE_MS,
            },
            problems,
            log,
          ),
        );
        const cards = await server.client().collection('photoCards').getList(1, 1);
        const groups = await server.client().collection('groups').getList(1, 1);
        variants[0]!.cards = cards.totalItems;
        variants[0]!.groups = groups.totalItems;
      } finally {
        await server.stop();
      }
    }
    // ---- the catalogue
    {
      const server = await startAppOnDataDir(app, dd.dir);
      try {
        const v = await measureVariant(
          server,
          {
            name: 'catalogue',
            label,
            cards: dd.stamp.rows.photoCards,
            groups: dd.stamp.rows.groups,
            dataMs: dd.stamp.buildMs,
            reuseMs: Number(reuse.ms.toFixed(1)),
            builtThisRun: dd.built,
            stamp: dd.stamp,
          },
          {
            runs: opts.runs,
            scratchPulls: opts.scratchPulls,
            sampleCard: dd.stamp.sample.card,
            settleUntil: 0,
          },
          problems,
          log,
        );
        v.files = await checkFiles(server, dd.stamp, problems);
        variants.push(v);
      } catch (err) {
        // a server that went away: say how (killed from outside, crashed) rather than ECONNREFUSED
        const { exitCode, signalCode } = server.proc;
        if (exitCode === null && signalCode === null) throw err;
        throw new Error(
          `PocketBase exited (code ${exitCode}, signal ${signalCode}) during the ${label} run: ${String(err)}`,
          { cause: err },
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (ownApp) await app.dispose();
  }

  const demo = variants[0]!;
  const big = variants[1]!;
  notes.push(
    `[demo]: the demo seed (${demo.cards} cards, ${demo.groups} groups), seeded through the API into a fresh temp dir`,
    `[${label}]: ${dd.dir} (${big.cards.toLocaleString('en-US')} cards, ${big.groups} groups: the demo seed plus ${opts.cards.toLocaleString('en-US')} cards in ${opts.groups} groups), ${dd.built ? 'built in this run' : `built ${dd.stamp.builtAt}, reused`}; the server runs on a copy of its databases`,
    `detail pages [demo]: ${demo.ids.from.join('; ')}`,
    `detail pages [${label}]: ${big.ids.from.join('; ')}`,
    `pull from scratch: ${opts.runs} runs on the demo seed, ${opts.scratchPulls} on the catalogue`,
    `snapshot collections cut short at the snapshot's row limit [${label}]: ${big.snapshot.cutShort.join(', ') || 'none'}`,
  );
  const result: CatalogueBenchResult = {
    name: 'catalogue',
    machine: machineInfo({ pocketbase: pocketBaseVersion() ?? undefined }),
    config: {
      cards: opts.cards,
      groups: opts.groups,
      runs: opts.runs,
      scratchPulls: opts.scratchPulls,
      rebuild: opts.rebuild,
    },
    variants,
    problems,
    notes,
    totalMs: performance.now() - started,
  };
  return { result, rows: rowsOf(variants) };
}
