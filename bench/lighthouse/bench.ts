/**
 * The Lighthouse benchmark: Lighthouse 12 at its default settings (mobile: a Moto G Power sized
 * screen, 4× CPU slowdown and a slow 4G link, throttling simulated from the trace) on the main
 * routes of the production build: `/`, `/exchange`, `/exchangeDetail/{id}`, `/meetup` and
 * `/meetupDetail/{id}`, served by a real PocketBase with the demo seed and the first-screen
 * renderer (bench/lib/app.ts; map tiles from a loopback tile server). The detail pages show the
 * first card of the home page's "latest" row and the first meetup of the `/meetup` list, read
 * from the served HTML (the seed's ids differ per run; the output says which). Debian's Chromium
 * is launched by chrome-launcher for each run with a fresh temp profile.
 *
 * Before the runs the seed is left to settle (the renderer's pulls keep re-reading the last 10 s
 * of writes, and empty its page cache when they find any), then each page is requested once: the
 * check that its HTML holds the first screen (`problems` otherwise) also fills the renderer's
 * cache, as visits would on a live server. The runs then meet what a fan meets: a rendered page,
 * after the renderer's once-a-second pull.
 *
 * Every run is a cold load: Lighthouse clears the origin's storage and the HTTP cache before it
 * loads the page (its default), so no service worker is in control and nothing comes from
 * IndexedDB.
 *
 * Figures, per page (median, min and max of the runs), each of the first five beside its budget:
 * - performance (≥ 95), FCP (≤ 1.2 s), LCP (≤ 2.0 s), TBT (≤ 150 ms), CLS (≤ 0.02): simulated on
 *   slow 4G with a 4× CPU slowdown; Speed Index, ms (how fast the visible page fills in);
 * - main-thread work (Lighthouse's mainthread-work-breakdown, 4× CPU), with the original app's
 *   as the budget where it was measured (MAIN_THREAD_BUDGET_MS);
 * - bytes before first paint: the compressed transfer (headers included) of the requests that
 *   finished before the first contentful paint, and requests before LCP: how many finished
 *   before the largest contentful paint. Both from the run's own trace: the network-requests
 *   audit's end times against the paint timestamps Lighthouse observed (the unthrottled load on
 *   loopback, the same trace its simulation starts from);
 * - accessibility / best-practices scores, and the top failing audits by weight.
 *
 * With `catalogue` (run.ts `--catalogue`, `--quick` for 20,000 cards) the same routes run on the
 * catalogue data dir (bench/catalogue/data-dir.ts) instead of the demo seed, once the renderer
 * has pulled it; the ids are picked the same way. The default is the demo seed, unchanged.
 *
 * The result also holds per page the requests of each run with their end times and sizes, what
 * the first-screen check found, Lighthouse's runtime warnings, the server's response time and any
 * request that left 127.0.0.1 (expected: none).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result as LhResult } from 'lighthouse';
import {
  buildBenchApp,
  fetchFirstScreen,
  firstScreenProblem,
  startAppOnDataDir,
  startDemoServer,
  waitForSeedToSettle,
  type BenchApp,
  type DemoServer,
  type FirstScreenCheck,
} from '../lib/app.ts';
import { catalogueDataDir } from '../catalogue/data-dir.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { budget, type Row } from '../lib/report.ts';
import { pocketBaseVersion, type BenchServer } from '../lib/server.ts';
import { summarize, type Summary } from '../lib/stats.ts';

export interface LighthouseBenchOptions {
  runs: number;
  /**
   * Paths to load; `{card}` and `{meetup}` stand for the ids picked from the served pages (the
   * first card of the home page's latest row, the first meetup of the /meetup list).
   */
  pages: string[];
  /** An already built app (`npm run bench` builds once); built here (and removed) if absent. */
  app?: BenchApp;
  /** A running demo server for `app`; started here (and stopped) if absent. */
  server?: DemoServer;
  /**
   * Run on the catalogue data dir (bench/catalogue/data-dir.ts: the demo seed plus `cards` cards
   * in `groups` groups, built or reused) instead of the demo seed: `startAppOnDataDir`, after the
   * renderer has pulled the catalogue (`/` comes back with its first screen). The detail pages'
   * ids are picked the same way.
   */
  catalogue?: { cards: number; groups: number };
  log: (line: string) => void;
}

/** `--catalogue`: the real-size catalogue; `--quick` with it: the 20,000-card dir. */
export const CATALOGUE = { cards: 200_000, groups: 500 } as const;
export const CATALOGUE_QUICK = { cards: 20_000, groups: 50 } as const;

export const DEFAULTS: Omit<LighthouseBenchOptions, 'app' | 'server'> = {
  // Five: on a loaded two-core machine one run's blocking time can be twice the next one's.
  runs: 5,
  pages: ['/', '/exchange', '/exchangeDetail/{card}', '/meetup', '/meetupDetail/{meetup}'],
  log: (line) => console.log(line),
};

/** The first-visit budget every main route is read against (medians; printed, never asserted). */
export const BUDGET = {
  performance: 95,
  fcpMs: 1200,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.02,
} as const;

/**
 * Main-thread work budgets (ms, medians): the original app's, measured on this machine with the
 * same Lighthouse (bench/RESULTS.md); routes not listed have none.
 */
export const MAIN_THREAD_BUDGET_MS: Record<string, number> = {
  '/': 2200,
  '/exchange': 1000,
  '/exchangeDetail/{id}': 1500,
};

/** Routes whose first screen shows photo cards (their HTML must hold card markup). */
const CARD_ROUTES = new Set(['/', '/exchange']);

/** Attempts per run: a run whose trace Lighthouse failed to record is made again. */
const MAX_ATTEMPTS = 3;

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const METRICS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
  speedIndexMs: 'speed-index',
  /** Lighthouse's main-thread work (mainthread-work-breakdown, 4× CPU), ms. */
  mainThreadMs: 'mainthread-work-breakdown',
} as const;
type Metric = keyof typeof METRICS;

/** One request of a run, as the network-requests audit saw it. */
export interface RequestTiming {
  /** Path and query (same origin), or the whole URL (anything else). */
  url: string;
  resourceType: string;
  priority: string;
  /** Compressed bytes on the wire, headers included. */
  transferSize: number;
  /** When it finished, ms from the navigation's start (the observed, unthrottled load). */
  endMs: number | null;
}

export interface RunSample {
  scores: Record<Category, number | null>;
  /**
   * Lighthouse's measure of this machine's speed at the run (environment.benchmarkIndex: a fixed
   * piece of JS, higher is faster). The throttled figures are the observed trace times four-fold,
   * so a slower machine scores lower on the same page: this tells a slow run from a slower app.
   */
  benchmarkIndex: number | null;
  metrics: Record<Metric, number | null>;
  /** Paint times of the observed (unthrottled) load, ms from the navigation's start. */
  observed: { fcpMs: number | null; lcpMs: number | null };
  /** Requests that finished before the observed first contentful paint, their bytes, and the JS's. */
  beforeFcp: { requests: number; bytes: number; scriptBytes: number };
  /** Requests that finished before the observed largest contentful paint, and their bytes. */
  beforeLcp: { requests: number; bytes: number };
  /** The document's answer time (Lighthouse's server-response-time), ms. */
  serverResponseMs: number | null;
  /** The document's compressed transfer, bytes. */
  documentBytes: number | null;
  failing: Record<'accessibility' | 'best-practices', FailingAudit[]>;
  runWarnings: string[];
  externalRequests: string[];
  requests: number;
  transferBytes: number;
  timeline: RequestTiming[];
  /**
   * Lighthouse's long-tasks audit: the main-thread tasks over 50 ms (simulated, at 4× CPU), the
   * script each is attributed to and its start, ms; what the total blocking time is made of.
   */
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /**
   * What the main-thread work is made of (mainthread-work-breakdown's groups: script evaluation,
   * style and layout, HTML parsing...), ms at 4× CPU, and the scripts' share (bootup-time: each
   * script's evaluation and parsing), largest first.
   */
  mainThreadByGroup: Record<string, number>;
  scriptTime: { url: string; totalMs: number; scriptingMs: number; parseMs: number }[];
  ms: number;
}

export interface FailingAudit {
  id: string;
  title: string;
  weight: number;
  score: number | null;
}

export interface PageFigures {
  /** The path as configured (`/exchangeDetail/{card}`), and the one loaded. */
  route: string;
  path: string;
  scores: Record<Category, Summary>;
  metrics: Record<Metric, Summary>;
  bytesBeforeFcp: Summary;
  scriptBytesBeforeFcp: Summary;
  requestsBeforeFcp: Summary;
  requestsBeforeLcp: Summary;
  serverResponseMs: Summary;
  documentBytes: Summary;
  /** Lighthouse's benchmarkIndex over the runs (see RunSample). */
  benchmarkIndex: Summary;
  /** Whether each budget's median is met. */
  budgetMet: Record<keyof typeof BUDGET, boolean> & { mainThreadMs?: boolean };
  /** What the HTML served for the page held, before the runs. */
  firstScreen: FirstScreenCheck;
  requests: Summary;
  transferBytes: Summary;
  /** Top 3 failing audits by weight per category, over all runs (`runs`: how many failed it). */
  failing: Record<'accessibility' | 'best-practices', (FailingAudit & { runs: number })[]>;
  samples: RunSample[];
}

export interface LighthouseBenchResult {
  name: 'lighthouse';
  machine: MachineInfo;
  config: {
    runs: number;
    pages: string[];
    /** The ids the detail pages were loaded with, and where they came from. */
    ids: { card: string; meetup: string; from: string[] };
    /** Set when run on the catalogue data dir (`--catalogue`) instead of the demo seed. */
    catalogue?: {
      cards: number;
      groups: number;
      dir: string;
      /** Cards in the dir (the demo seed's included). */
      rows: number;
      /** From the server's start until / came back with its first screen, ms. */
      rendererReadyMs: number | null;
    };
    budget: typeof BUDGET;
    lighthouse: string;
    formFactor: string;
    throttlingMethod: string;
    throttling: unknown;
    categories: readonly string[];
    chromeFlags: string[];
    coldLoad: string;
  };
  pages: PageFigures[];
  runWarnings: string[];
  externalRequests: string[];
  tilesServed: number;
  totalMs: number;
  problems: string[];
  notes: string[];
}

function lighthouseVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('lighthouse/package.json') as { version: string }).version;
}

function isLoopback(url: string): boolean {
  if (!/^(https?|wss?):/.test(url)) return true; // data:, blob:, chrome:, about:
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

function failingAudits(lhr: LhResult, category: 'accessibility' | 'best-practices') {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((r) => r.weight > 0)
    .map((r) => ({ ref: r, audit: lhr.audits[r.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit!.title,
      weight: ref.weight,
      score: audit!.score,
    }));
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  priority?: string;
  transferSize?: number;
  networkEndTime?: number;
  finished?: boolean;
}

/** A URL as listed in the result: path and query on this origin, whole otherwise. */
function shortUrl(url: string, origin: string): string {
  if (!url.startsWith(origin)) return url.length > 120 ? `${url.slice(0, 117)}...` : url;
  const u = new URL(url);
  return u.pathname + u.search;
}

function sample(lhr: LhResult, ms: number): RunSample {
  const scores = {} as Record<Category, number | null>;
  for (const c of CATEGORIES) {
    const s = lhr.categories[c]?.score;
    scores[c] = s === null || s === undefined ? null : Math.round(s * 100);
  }
  const metrics = {} as Record<Metric, number | null>;
  for (const [k, id] of Object.entries(METRICS) as [Metric, string][]) {
    metrics[k] = lhr.audits[id]?.numericValue ?? null;
  }
  const network = lhr.audits['network-requests']?.details as
    { items?: NetworkItem[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const items = network?.items ?? [];
  // trace timestamps (µs): the paints Lighthouse observed, the navigation's start and the first
  // request's start, which the audit's request times count from
  const observed = (
    lhr.audits['metrics']?.details as { items?: Record<string, number | undefined>[] } | undefined
  )?.items?.[0];
  const originTs = observed?.['observedTimeOriginTs'];
  const fcpTs = observed?.['observedFirstContentfulPaintTs'];
  const lcpTs = observed?.['observedLargestContentfulPaintTs'];
  const netStartTs = network?.debugData?.networkStartTimeTs;
  const sinceOrigin = (ts: number | undefined) =>
    ts !== undefined && originTs !== undefined ? Number(((ts - originTs) / 1000).toFixed(1)) : null;
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const timeline: RequestTiming[] = items
    .filter((i) => /^https?:/.test(i.url))
    .map((i) => ({
      url: shortUrl(i.url, origin),
      resourceType: i.resourceType ?? '',
      priority: i.priority ?? '',
      transferSize: i.transferSize ?? 0,
      endMs:
        i.finished !== false && i.networkEndTime !== undefined && netStartTs !== undefined
          ? sinceOrigin(netStartTs + i.networkEndTime * 1000)
          : null,
    }));
  const finishedBy = (paintMs: number | null) => {
    const list =
      paintMs === null ? [] : timeline.filter((r) => r.endMs !== null && r.endMs <= paintMs);
    const bytes = (l: RequestTiming[]) => l.reduce((sum, r) => sum + r.transferSize, 0);
    return {
      requests: list.length,
      bytes: bytes(list),
      scriptBytes: bytes(list.filter((r) => r.resourceType === 'Script')),
    };
  };
  const fcpMs = sinceOrigin(fcpTs);
  const lcpMs = sinceOrigin(lcpTs);
  const documentUrl = lhr.finalDisplayedUrl;
  return {
    scores,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    metrics,
    observed: { fcpMs, lcpMs },
    beforeFcp: finishedBy(fcpMs),
    beforeLcp: finishedBy(lcpMs),
    serverResponseMs: lhr.audits['server-response-time']?.numericValue ?? null,
    documentBytes: items.find((i) => i.url === documentUrl)?.transferSize ?? null,
    failing: {
      accessibility: failingAudits(lhr, 'accessibility'),
      'best-practices': failingAudits(lhr, 'best-practices'),
    },
    runWarnings: lhr.runWarnings,
    externalRequests: items.map((i) => i.url).filter((u) => !isLoopback(u)),
    requests: items.length,
    transferBytes: items.reduce((s, i) => s + (i.transferSize ?? 0), 0),
    timeline,
    longTasks: (
      (
        lhr.audits['long-tasks']?.details as
          { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined
      )?.items ?? []
    ).map((t) => ({
      url: shortUrl(t.url ?? '', origin) || '(unattributed)',
      startMs: Math.round(t.startTime ?? 0),
      durationMs: Math.round(t.duration ?? 0),
    })),
    mainThreadByGroup: Object.fromEntries(
      (
        (
          lhr.audits['mainthread-work-breakdown']?.details as
            { items?: { group?: string; duration?: number }[] } | undefined
        )?.items ?? []
      ).map((i) => [i.group ?? '?', Math.round(i.duration ?? 0)]),
    ),
    scriptTime: (
      (
        lhr.audits['bootup-time']?.details as
          | {
              items?: {
                url?: string;
                total?: number;
                scripting?: number;
                scriptParseCompile?: number;
              }[];
            }
          | undefined
      )?.items ?? []
    ).map((i) => ({
      url: shortUrl(i.url ?? '', origin) || '(unattributed)',
      totalMs: Math.round(i.total ?? 0),
      scriptingMs: Math.round(i.scripting ?? 0),
      parseMs: Math.round(i.scriptParseCompile ?? 0),
    })),
    ms,
  };
}

function topFailing(samples: RunSample[], category: 'accessibility' | 'best-practices') {
  const byId = new Map<string, FailingAudit & { runs: number }>();
  for (const s of samples) {
    for (const a of s.failing[category]) {
      const seen = byId.get(a.id);
      if (seen) seen.runs++;
      else byId.set(a.id, { ...a, runs: 1 });
    }
  }
  return [...byId.values()].sort((a, b) => b.weight - a.weight || b.runs - a.runs).slice(0, 3);
}

const values = <T>(list: (T | null)[]) => list.filter((v): v is T => v !== null);

async function runOnce(url: string): Promise<{ lhr: LhResult; chromium: string }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  let chrome: LaunchedChrome | null = null;
  try {
    chrome = await launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      logLevel: 'error',
    });
    const version = (await (
      await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
    ).json()) as { Browser?: string };
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return { lhr: result.lhr, chromium: (version.Browser ?? '').replace(/^[^/]*\//, '') };
  } finally {
    chrome?.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const ID = /^[a-z0-9]{15}$/;

/**
 * The ids the detail pages are loaded with: the first card of the home page's "latest" row and
 * the first meetup of the /meetup list, as the served HTML shows them; if a page does not show
 * one (no first screen), the newest card and the first meetup not yet over, from the API.
 */
async function pickIds(
  server: BenchServer,
  pages: Map<string, string>,
): Promise<LighthouseBenchResult['config']['ids']> {
  const from: string[] = [];
  const home = pages.get('/') ?? '';
  const row = home.indexOf('data-testid="home-row-latest"');
  let card = row >= 0 ? (/data-card-id="([a-z0-9]{15})"/.exec(home.slice(row))?.[1] ?? '') : '';
  if (card) from.push(`card ${card}: the first tile of the home page's latest row`);
  const list = pages.get('/meetup') ?? '';
  let meetup = /data-testid="meetup-card"[^>]*?data-id="([a-z0-9]{15})"/.exec(list)?.[1] ?? '';
  if (meetup) from.push(`meetup ${meetup}: the first meetup of the /meetup list`);
  if (!ID.test(card) || !ID.test(meetup)) {
    const pb = server.client();
    if (!ID.test(card)) {
      card = (await pb.collection('photoCards').getList(1, 1, { sort: '-created,-id' })).items[0]!
        .id;
      from.push(`card ${card}: the newest card (API; the home page's HTML showed none)`);
    }
    if (!ID.test(meetup)) {
      const today = new Date().toISOString().slice(0, 10);
      meetup = (
        await pb.collection('meetUps').getList(1, 1, {
          sort: 'startDate,id',
          filter: pb.filter('endDate >= {:today}', { today }),
        })
      ).items[0]!.id;
      from.push(`meetup ${meetup}: the first meetup not yet over (API; /meetup showed none)`);
    }
  }
  return { card, meetup, from };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `/` until the renderer answers with its first screen (it pulls the catalogue first). */
async function waitForRenderer(server: BenchServer, timeoutMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const { check } = await fetchFirstScreen(server, '/');
    if (check.status === 200 && check.payload) return performance.now() - started;
    await sleep(1000);
  }
  return null;
}

/** `/exchangeDetail/{card}` → `/exchangeDetail/<id>`. */
function resolvePath(route: string, ids: { card: string; meetup: string }): string {
  return route.replace('{card}', ids.card).replace('{meetup}', ids.meetup);
}

/** A route's figure name: detail pages as `/exchangeDetail/{id}`, whatever id they showed. */
function routeName(route: string): string {
  return route.replace(/\{(card|meetup)\}/, '{id}');
}

export async function runLighthouseBench(partial: Partial<LighthouseBenchOptions> = {}): Promise<{
  result: LighthouseBenchResult;
  rows: Row[];
}> {
  const opts: LighthouseBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const t0 = performance.now();
  const problems: string[] = [];
  const notes: string[] = [];

  let ownApp: BenchApp | null = null;
  let ownServer: BenchServer | null = null;
  try {
    let app = opts.app;
    if (!app) {
      log('building the app (vite.config.ts, tiles from a loopback tile server) ...');
      app = ownApp = await buildBenchApp();
      log(`  built in ${((app.build.ms + app.ssr.ms) / 1000).toFixed(1)} s`);
    }
    let server: BenchServer;
    let catalogue: LighthouseBenchResult['config']['catalogue'];
    if (opts.catalogue) {
      const { cards, groups } = opts.catalogue;
      log(`the catalogue data dir (${cards.toLocaleString('en-US')} cards, ${groups} groups) ...`);
      const dd = await catalogueDataDir({ cards, groups, log });
      log(`  ${dd.built ? 'built' : 'reused'} ${dd.dir}; starting PocketBase on it ...`);
      server = ownServer = await startAppOnDataDir(app, dd.dir);
      // the renderer pulls the whole catalogue before it renders: until then, the plain shell
      const readyMs = await waitForRenderer(server, 20 * 60_000);
      if (readyMs === null) problems.push('catalogue: / never came back with its first screen');
      else log(`  the renderer's first screen after ${(readyMs / 1000).toFixed(1)} s`);
      catalogue = {
        cards,
        groups,
        dir: dd.dir,
        rows: dd.stamp.rows.photoCards,
        rendererReadyMs: readyMs === null ? null : Math.round(readyMs),
      };
    } else {
      let demo = opts.server;
      if (!demo) {
        log('starting PocketBase with the demo seed and the first-screen renderer ...');
        demo = await startDemoServer(app);
        ownServer = demo;
      }
      // the seed settles before any page is asked for
      await waitForSeedToSettle(demo);
      server = demo;
    }
    const tilesBefore = app.tiles.served();

    // every page is asked for once: the check, and the renderer's cache
    const listed = new Map<string, string>();
    for (const path of ['/', '/meetup']) {
      listed.set(path, (await fetchFirstScreen(server, path)).html);
    }
    const ids = await pickIds(server, listed);
    for (const line of ids.from) log(`  ${line}`);
    const checks = new Map<string, FirstScreenCheck>();
    for (const route of opts.pages) {
      const { check } = await fetchFirstScreen(server, resolvePath(route, ids));
      checks.set(route, check);
      const problem = firstScreenProblem(check, CARD_ROUTES.has(route));
      if (problem) problems.push(`first screen: ${problem}`);
      log(
        `  ${check.path}: HTTP ${check.status}, ${check.contentEncoding || 'identity'}, ` +
          `${(check.htmlBytes / 1000).toFixed(1)} KB of HTML, first screen ${check.payload ? 'in it' : 'MISSING'}, ` +
          `${check.cards} card tiles`,
      );
    }

    let chromium = '';
    let lhrConfig: LhResult['configSettings'] | null = null;
    const pages: PageFigures[] = [];
    for (const route of opts.pages) {
      const path = resolvePath(route, ids);
      const samples: RunSample[] = [];
      for (let run = 0; run < opts.runs; run++) {
        // Lighthouse sometimes fails to record the trace (NO_NAVSTART and the like): such a run
        // has no metrics, so it is made again (up to MAX_ATTEMPTS times) and the failure noted
        let started = performance.now();
        let { lhr, chromium: version } = await runOnce(new URL(path, server.url).href);
        for (let attempt = 1; lhr.runtimeError && attempt < MAX_ATTEMPTS; attempt++) {
          notes.push(
            `${path} run ${run + 1}: ${lhr.runtimeError.code} on attempt ${attempt}, made again`,
          );
          started = performance.now();
          ({ lhr, chromium: version } = await runOnce(new URL(path, server.url).href));
        }
        const s = sample(lhr, performance.now() - started);
        chromium = version;
        lhrConfig ??= lhr.configSettings;
        samples.push(s);
        const ms = (v: number | null) => (v === null ? '?' : v.toFixed(0));
        log(
          `  ${path} run ${run + 1}: perf ${s.scores.performance}, FCP ${ms(s.metrics.fcpMs)} ms, ` +
            `LCP ${ms(s.metrics.lcpMs)} ms, TBT ${ms(s.metrics.tbtMs)} ms, ` +
            `CLS ${s.metrics.cls?.toFixed(3)}, ${(s.beforeFcp.bytes / 1000).toFixed(1)} KB ` +
            `before first paint, ${s.beforeLcp.requests} requests before LCP ` +
            `(${(s.ms / 1000).toFixed(0)} s, machine ${s.benchmarkIndex?.toFixed(0) ?? '?'})`,
        );
        if (lhr.runtimeError)
          problems.push(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const scores = {} as Record<Category, Summary>;
      for (const c of CATEGORIES) scores[c] = summarize(values(samples.map((s) => s.scores[c])), 0);
      const metrics = {} as Record<Metric, Summary>;
      for (const k of Object.keys(METRICS) as Metric[]) {
        metrics[k] = summarize(values(samples.map((s) => s.metrics[k])), k === 'cls' ? 3 : 0);
      }
      const whole = (list: (number | null)[]) => summarize(values(list), 0);
      pages.push({
        route: routeName(route),
        path,
        scores,
        metrics,
        bytesBeforeFcp: whole(samples.map((s) => s.beforeFcp.bytes)),
        scriptBytesBeforeFcp: whole(samples.map((s) => s.beforeFcp.scriptBytes)),
        requestsBeforeFcp: whole(samples.map((s) => s.beforeFcp.requests)),
        requestsBeforeLcp: whole(samples.map((s) => s.beforeLcp.requests)),
        serverResponseMs: whole(samples.map((s) => s.serverResponseMs)),
        documentBytes: whole(samples.map((s) => s.documentBytes)),
        benchmarkIndex: whole(samples.map((s) => s.benchmarkIndex)),
        budgetMet: {
          performance: scores.performance.median >= BUDGET.performance,
          fcpMs: metrics.fcpMs.median <= BUDGET.fcpMs,
          lcpMs: metrics.lcpMs.median <= BUDGET.lcpMs,
          tbtMs: metrics.tbtMs.median <= BUDGET.tbtMs,
          cls: metrics.cls.median <= BUDGET.cls,
          ...(MAIN_THREAD_BUDGET_MS[routeName(route)] !== undefined
            ? {
                mainThreadMs:
                  metrics.mainThreadMs.median <= MAIN_THREAD_BUDGET_MS[routeName(route)]!,
              }
            : {}),
        },
        firstScreen: checks.get(route)!,
        requests: whole(samples.map((s) => s.requests)),
        transferBytes: whole(samples.map((s) => s.transferBytes)),
        failing: {
          accessibility: topFailing(samples, 'accessibility'),
          'best-practices': topFailing(samples, 'best-practices'),
        },
        samples,
      });
    }

    const runWarnings = [...new Set(pages.flatMap((p) => p.samples.flatMap((s) => s.runWarnings)))];
    const externalRequests = [
      ...new Set(pages.flatMap((p) => p.samples.flatMap((s) => s.externalRequests))),
    ];
    if (externalRequests.length) {
      problems.push(`requests that left 127.0.0.1: ${externalRequests.join(', ')}`);
    }
    for (const w of runWarnings) problems.push(`Lighthouse warning: ${w}`);
    notes.push(
      'cold loads: Lighthouse clears storage and cache before each run, so no service worker is in control',
      'mobile defaults: simulated throttling (slow 4G, 4x CPU), figures are estimates from the trace',
      "machine speed: Lighthouse's benchmarkIndex at each run (higher is faster); TBT and main-thread work scale with the machine's slowness, so compare runs of like speed",
      'bytes before first paint / requests before LCP: requests finished before the paints of the observed (unthrottled, loopback) load',
      ...ids.from.map((line) => `detail pages: ${line}`),
      ...(catalogue
        ? [
            `catalogue: ${catalogue.dir} (${catalogue.rows.toLocaleString('en-US')} cards), not the demo seed; the renderer's first screen ${catalogue.rendererReadyMs === null ? 'never came' : `came ${(catalogue.rendererReadyMs / 1000).toFixed(1)} s after the server started`}`,
          ]
        : []),
    );

    const result: LighthouseBenchResult = {
      name: 'lighthouse',
      machine: machineInfo({ chromium, pocketbase: pocketBaseVersion() ?? undefined }),
      config: {
        runs: opts.runs,
        pages: pages.map((p) => p.path),
        ids,
        ...(catalogue ? { catalogue } : {}),
        budget: BUDGET,
        lighthouse: lighthouseVersion(),
        formFactor: lhrConfig?.formFactor ?? 'mobile',
        throttlingMethod: lhrConfig?.throttlingMethod ?? 'simulate',
        throttling: lhrConfig?.throttling ?? null,
        categories: CATEGORIES,
        chromeFlags: CHROME_FLAGS,
        coldLoad: 'storage and HTTP cache cleared by Lighthouse before each run',
      },
      pages,
      runWarnings,
      externalRequests,
      tilesServed: app.tiles.served() - tilesBefore,
      totalMs: Math.round(performance.now() - t0),
      problems,
      notes,
    };

    const rows: Row[] = [];
    for (const p of pages) {
      const r = p.route;
      rows.push(
        {
          figure: `${r} performance`,
          value: p.scores.performance,
          unit: '/100',
          budget: budget(p.scores.performance, '>=', BUDGET.performance),
        },
        {
          figure: `${r} FCP`,
          value: p.metrics.fcpMs,
          unit: 'ms',
          budget: budget(p.metrics.fcpMs, '<=', BUDGET.fcpMs, 'ms'),
        },
        {
          figure: `${r} LCP`,
          value: p.metrics.lcpMs,
          unit: 'ms',
          budget: budget(p.metrics.lcpMs, '<=', BUDGET.lcpMs, 'ms'),
        },
        {
          figure: `${r} TBT`,
          value: p.metrics.tbtMs,
          unit: 'ms',
          budget: budget(p.metrics.tbtMs, '<=', BUDGET.tbtMs, 'ms'),
        },
        {
          figure: `${r} CLS`,
          value: p.metrics.cls,
          budget: budget(p.metrics.cls, '<=', BUDGET.cls),
        },
        { figure: `${r} Speed Index`, value: p.metrics.speedIndexMs, unit: 'ms' },
        {
          figure: `${r} main-thread work`,
          value: p.metrics.mainThreadMs,
          unit: 'ms',
          ...(MAIN_THREAD_BUDGET_MS[p.route] !== undefined
            ? {
                budget: budget(p.metrics.mainThreadMs, '<=', MAIN_THREAD_BUDGET_MS[p.route]!, 'ms'),
              }
            : {}),
        },
        { figure: `${r} bytes before first paint`, value: kb(p.bytesBeforeFcp), unit: 'KB' },
        {
          figure: `${r} bytes before first paint: JS`,
          value: kb(p.scriptBytesBeforeFcp),
          unit: 'KB',
        },
        {
          figure: `${r} requests before first paint`,
          value: p.requestsBeforeFcp,
          unit: 'requests',
        },
        { figure: `${r} requests before LCP`, value: p.requestsBeforeLcp, unit: 'requests' },
        { figure: `${r} accessibility`, value: p.scores.accessibility, unit: '/100' },
        { figure: `${r} best-practices`, value: p.scores['best-practices'], unit: '/100' },
        { figure: `${r} machine speed (benchmarkIndex)`, value: p.benchmarkIndex },
      );
      for (const cat of ['accessibility', 'best-practices'] as const) {
        const list = p.failing[cat];
        if (list.length) {
          rows.push({
            figure: `${r} ${cat} failing (by weight)`,
            value: list.map((a) => a.id).join(', '),
          });
        }
      }
    }
    const allMet = pages.filter((p) => Object.values(p.budgetMet).every(Boolean));
    rows.push({
      figure: 'routes meeting every budget',
      value: `${allMet.length}/${pages.length}`,
      unit: 'routes',
      budget: `${pages.length}/${pages.length}: ${allMet.length === pages.length ? 'met' : 'missed'}`,
    });
    return { result, rows };
  } finally {
    await ownServer?.stop();
    await ownApp?.dispose();
  }
}

/** Bytes as KB (1000 bytes, the unit Vite and the bundle bench print), one decimal. */
function kb(s: Summary): Summary {
  const f = (v: number) => Number((v / 1000).toFixed(1));
  return { median: f(s.median), min: f(s.min), max: f(s.max), runs: s.runs.map(f) };
}
