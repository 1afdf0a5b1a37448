/**
 * Offline start and repeat visits: how fast the built app shows photo cards on a reload its
 * service worker answers, with no network at all and online, against the same figures measured
 * before the main routes were server-rendered (BEFORE). Debian's Chromium, a real PocketBase serving the production
 * build with the demo seed (bench/lib/app.ts), nothing leaves 127.0.0.1.
 *
 * Each run uses a fresh phone context (390×844, touch, service workers allowed, empty storage):
 *
 * 1. Warm-up (not measured): open `/`, wait until the service worker controls the page and the
 *    first sync is idle; open `/exchange` once (its route chunk is then in the cache for sure, the
 *    precache should hold it anyway) and wait for its sync too.
 * 2. For each route (`/` and `/exchange`): open it online and let the sync settle, then cut the
 *    network (`context.setOffline(true)`) and reload; then bring the network back and reload
 *    again (a warm, service-worker-controlled reload online, for comparison).
 *
 * Figures (medians over the runs):
 *
 * - `first card painted`: `performance.now()` (so from the navigation's start) when the first
 *   `[data-testid="photo-card"]` has entered the DOM and two animation frames have passed: a
 *   MutationObserver init script, the double requestAnimationFrame approximating the paint. The
 *   app is not changed for it.
 * - `served by the service worker`: runs where the reload's navigation entry has `workerStart > 0`
 *   and `navigator.serviceWorker.controller` is set (the document came from the service worker).
 * - requests, counted from the reload until two seconds after the first card, for the page and its
 *   service worker (Playwright's context events): `answered by the SW` (the response came from
 *   the service worker, `response.fromServiceWorker()`); `all requests not from the SW cache`
 *   (went to the network, or tried to: with the network cut they can only fail), split into
 *   `page requests to the network` (the page's own: the app should make none offline, its sync
 *   sees `navigator.onLine === false`; any is listed under `problems`) and `SW image fetches`
 *   (card images on screen the service worker did not have cached and tried to fetch; they fail,
 *   the tile shows without its picture). Each sample lists these requests (`network`).
 * - `online (warm)`: the same reload with the network back, a repeat visit: time to the first
 *   card, and requests to the network (the app's delta pull and realtime; the page and its assets
 *   come from the service worker).
 * - each first-card figure beside its value before the first screens were server-rendered
 *   (BEFORE), as a budget: a repeat visit should be no slower than it was.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import {
  buildBenchApp,
  startDemoServer,
  waitForSeedToSettle,
  type BenchApp,
  type DemoServer,
} from '../lib/app.ts';
import { newPhoneContext, PHONE, syncIdle, waitForServiceWorker } from '../lib/app-page.ts';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { budget, type Row } from '../lib/report.ts';
import { pocketBaseVersion, type BenchServer } from '../lib/server.ts';
import { summarize, type Summary } from '../lib/stats.ts';

export interface OfflineStartOptions {
  runs: number;
  /** A prebuilt app (e.g. from `npm run bench`); otherwise built here and removed after. */
  app?: BenchApp;
  /** A running demo server serving `app` (startDemoServer); otherwise started here and stopped. */
  server?: DemoServer;
  log: (line: string) => void;
}

export const DEFAULTS: OfflineStartOptions = {
  runs: 5,
  log: (line) => console.log(line),
};

export const ROUTES = ['/', '/exchange'] as const;
type Route = (typeof ROUTES)[number];

/**
 * Time to the first card before the main routes were server-rendered: medians of 5 runs on this
 * machine (bench/results/offline-start.json as of commit d1e81ab, 2026-11-21), ms.
 */
export const BEFORE = {
  commit: 'd1e81ab',
  date: '2026-11-21',
  firstCardMs: {
    '/': { offline: 227.6, online: 247.2 },
    '/exchange': { offline: 188.4, online: 194 },
  } satisfies Record<Route, { offline: number; online: number }>,
};
/** How long after the first card requests are still counted. */
const TAIL_MS = 2000;

export interface ReloadSample {
  firstCardMs: number;
  servedBySw: boolean;
  /** Requests (page + service worker) in the window. */
  requests: number;
  /** Answered by the service worker. */
  fromSw: number;
  /** Not answered by the service worker: went to the network (or tried to). */
  toNetwork: number;
  /** Of those, made by the page itself (not by its service worker). */
  pageToNetwork: number;
  /** Of those, `/api/files/` (card images) the service worker tried to fetch. */
  swImageFetches: number;
  failed: number;
  /** The requests not answered by the service worker: who made it, method, path, outcome. */
  network: string[];
}

export interface ReloadSummary {
  firstCardMs: Summary;
  servedBySwRuns: number;
  requests: Summary;
  fromSw: Summary;
  toNetwork: Summary;
  pageToNetwork: Summary;
  swImageFetches: Summary;
  failed: Summary;
}

export interface OfflineStartResult {
  name: 'offline-start';
  machine: MachineInfo;
  config: { runs: number; routes: string[]; viewport: typeof PHONE; tailMs: number };
  routes: Record<Route, { offline: ReloadSummary; online: ReloadSummary }>;
  /** The reference the first-card figures are read against. */
  before: typeof BEFORE;
  samples: Record<Route, { offline: ReloadSample[]; online: ReloadSample[] }>;
  problems: string[];
  totalMs: number;
}

/**
 * Sets `window.__firstCardAt` two frames after the first photo card enters the DOM. A string, so
 * the transpiler cannot add helpers (tsx's `__name`) that do not exist in the page.
 */
const FIRST_CARD_OBSERVER = `(() => {
  const sel = '[data-testid="photo-card"]';
  const seen = () =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__firstCardAt = performance.now();
      }),
    );
  if (document.querySelector(sel)) return seen();
  new MutationObserver((_, obs) => {
    if (document.querySelector(sel)) {
      obs.disconnect();
      seen();
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

async function firstCardAt(page: Page): Promise<number> {
  await page.waitForFunction(
    () => typeof (window as unknown as { __firstCardAt?: number }).__firstCardAt === 'number',
    null,
    { timeout: 30_000 },
  );
  return page.evaluate(() => (window as unknown as { __firstCardAt: number }).__firstCardAt);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Counts the context's requests (page and service worker) while `on`. */
class RequestCounter {
  on = false;
  private all = new Set<Request>();
  private failedSet = new Set<Request>();

  constructor(context: BrowserContext) {
    context.on('request', (r) => {
      if (this.on) this.all.add(r);
    });
    context.on('requestfailed', (r) => {
      if (this.all.has(r)) this.failedSet.add(r);
    });
  }

  reset() {
    this.all.clear();
    this.failedSet.clear();
  }

  async counts() {
    let fromSw = 0;
    const network: string[] = [];
    for (const r of this.all) {
      const res = this.failedSet.has(r) ? null : await r.response().catch(() => null);
      if (res?.fromServiceWorker()) fromSw++;
      else {
        const by = r.serviceWorker() ? 'SW' : 'page';
        const path = new URL(r.url()).pathname;
        const outcome = this.failedSet.has(r)
          ? `failed: ${r.failure()?.errorText ?? '?'}`
          : String(res?.status() ?? '?');
        network.push(`${by} ${r.method()} ${path} (${outcome})`);
      }
    }
    return {
      requests: this.all.size,
      fromSw,
      toNetwork: network.length,
      pageToNetwork: network.filter((n) => n.startsWith('page ')).length,
      swImageFetches: network.filter((n) => n.startsWith('SW GET /api/files/')).length,
      failed: this.failedSet.size,
      network,
    };
  }
}

async function measureReload(page: Page, counter: RequestCounter): Promise<ReloadSample> {
  counter.reset();
  counter.on = true;
  await page.reload();
  const firstCardMs = await firstCardAt(page);
  const servedBySw = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    return !!nav && nav.workerStart > 0 && !!navigator.serviceWorker.controller;
  });
  await sleep(TAIL_MS);
  counter.on = false;
  return { firstCardMs, servedBySw, ...(await counter.counts()) };
}

function summarizeReloads(samples: ReloadSample[]): ReloadSummary {
  return {
    firstCardMs: summarize(samples.map((s) => s.firstCardMs)),
    servedBySwRuns: samples.filter((s) => s.servedBySw).length,
    requests: summarize(samples.map((s) => s.requests)),
    fromSw: summarize(samples.map((s) => s.fromSw)),
    toNetwork: summarize(samples.map((s) => s.toNetwork)),
    pageToNetwork: summarize(samples.map((s) => s.pageToNetwork)),
    swImageFetches: summarize(samples.map((s) => s.swImageFetches)),
    failed: summarize(samples.map((s) => s.failed)),
  };
}

async function oneRun(browser: Browser, server: BenchServer) {
  const context = await newPhoneContext(browser, server);
  try {
    await context.addInitScript({ content: FIRST_CARD_OBSERVER });
    const counter = new RequestCounter(context);
    const page = await context.newPage();
    // warm-up: install the service worker, first sync, /exchange's chunk
    await page.goto('/');
    await waitForServiceWorker(page);
    await syncIdle(page);
    await page.goto('/exchange');
    await firstCardAt(page);
    await syncIdle(page);

    const out = {} as Record<Route, { offline: ReloadSample; online: ReloadSample }>;
    for (const route of ROUTES) {
      await page.goto(route);
      await firstCardAt(page);
      await syncIdle(page);
      await context.setOffline(true);
      const offline = await measureReload(page, counter);
      await context.setOffline(false);
      const online = await measureReload(page, counter);
      await syncIdle(page);
      out[route] = { offline, online };
    }
    return out;
  } finally {
    await context.close();
  }
}

export async function runOfflineStartBench(partial: Partial<OfflineStartOptions> = {}): Promise<{
  result: OfflineStartResult;
  rows: Row[];
}> {
  const opts: OfflineStartOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const started = performance.now();
  const cleanup: (() => Promise<void>)[] = [];
  try {
    let app = opts.app;
    if (!app && !opts.server) {
      log('building the app…');
      app = await buildBenchApp({ testApi: true });
      const built = app;
      cleanup.push(() => built.dispose());
    }
    let server = opts.server;
    if (!server) {
      server = await startDemoServer(app!);
      const s = server;
      cleanup.unshift(() => s.stop());
    }
    // reloads right after the seed would pull the seed's last 10 s again (pull.ts's safety window)
    await waitForSeedToSettle(server);
    const { browser, version } = await launchBenchBrowser();
    cleanup.unshift(() => browser.close());

    const samples = Object.fromEntries(
      ROUTES.map((r) => [r, { offline: [] as ReloadSample[], online: [] as ReloadSample[] }]),
    ) as OfflineStartResult['samples'];
    for (let run = 0; run < opts.runs; run++) {
      const out = await oneRun(browser, server);
      const parts: string[] = [];
      for (const route of ROUTES) {
        samples[route].offline.push(out[route].offline);
        samples[route].online.push(out[route].online);
        parts.push(
          `${route} offline ${out[route].offline.firstCardMs.toFixed(0)} ms ` +
            `(page ${out[route].offline.pageToNetwork} to network, ` +
            `SW ${out[route].offline.swImageFetches} image fetches), ` +
            `online ${out[route].online.firstCardMs.toFixed(0)} ms`,
        );
      }
      log(`  run ${run + 1}: ${parts.join('; ')}`);
    }

    const problems: string[] = [];
    const routes = {} as OfflineStartResult['routes'];
    for (const route of ROUTES) {
      routes[route] = {
        offline: summarizeReloads(samples[route].offline),
        online: summarizeReloads(samples[route].online),
      };
      samples[route].offline.forEach((s, i) => {
        if (!s.servedBySw) problems.push(`${route} offline run ${i + 1}: not served by the SW`);
        const page = s.network.filter((n) => n.startsWith('page '));
        if (page.length)
          problems.push(
            `${route} offline run ${i + 1}: page requests to the network: ${page.join(', ')}`,
          );
      });
    }

    const result: OfflineStartResult = {
      name: 'offline-start',
      machine: machineInfo({ chromium: version, pocketbase: pocketBaseVersion() ?? undefined }),
      config: { runs: opts.runs, routes: [...ROUTES], viewport: PHONE, tailMs: TAIL_MS },
      routes,
      before: BEFORE,
      samples,
      problems,
      totalMs: performance.now() - started,
    };
    const rows: Row[] = [];
    const beforeUnit = `ms (before, ${BEFORE.commit})`;
    for (const route of ROUTES) {
      const r = routes[route];
      const before = BEFORE.firstCardMs[route];
      rows.push(
        {
          figure: `${route} offline: first card painted`,
          value: r.offline.firstCardMs,
          unit: 'ms',
          budget: budget(r.offline.firstCardMs, '<=', before.offline, beforeUnit),
        },
        {
          figure: `${route} online (warm): first card painted`,
          value: r.online.firstCardMs,
          unit: 'ms',
          budget: budget(r.online.firstCardMs, '<=', before.online, beforeUnit),
        },
        {
          figure: `${route} offline: served by the service worker`,
          value: `${r.offline.servedBySwRuns}/${opts.runs}`,
          unit: 'runs',
        },
        {
          figure: `${route} offline: page requests to the network`,
          value: r.offline.pageToNetwork,
          unit: 'requests',
        },
        {
          figure: `${route} offline: SW image fetches (not cached, failed)`,
          value: r.offline.swImageFetches,
          unit: 'requests',
        },
        {
          figure: `${route} offline: all requests not from the SW cache`,
          value: r.offline.toNetwork,
          unit: 'requests',
        },
        {
          figure: `${route} offline: requests answered by the SW`,
          value: r.offline.fromSw,
          unit: 'requests',
        },
        {
          figure: `${route} online (warm): requests to the network`,
          value: r.online.toNetwork,
          unit: 'requests',
        },
      );
    }
    if (problems.length)
      rows.push({ figure: 'problems', value: problems.length, unit: 'see JSON' });
    return { result, rows };
  } finally {
    for (const fn of cleanup) await fn().catch(() => undefined);
  }
}
