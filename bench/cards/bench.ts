/**
 * The photo cards benchmark (issue 4, "Benchmark"), in Debian's Chromium against a real
 * PocketBase:
 *
 * 1. Search latency per keystroke over 10,000 cards in IndexedDB: the bench page (page/) holds the
 *    app's own search (lib/card-search) and reads (data/queries); each query is typed one character
 *    at a time. Two figures per keystroke: filtering the cards the screen already holds (what a
 *    keystroke costs once the debounce fires), and re-reading every card from IndexedDB first (a
 *    live-query re-run, e.g. when a sync lands while the fan is searching).
 * 2. Grid render time for 300 cards: the app's PhotoCardTile × 300 committed by React, then style
 *    and layout, then the next frame, at 390×844 and 1280×800.
 * 3. The first visit of /exchange in the built app with the demo data, against the spec's original
 *    loader (every group with all its cards expanded, fetched again on every page load): API
 *    requests and bytes, and time to the first card painted; then a second visit (reload).
 *
 * Figures are medians of several runs; nothing asserts on time.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { seedDemo } from '../../server/seed/index.ts';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { NetworkMeter, type NetworkSnapshot } from '../lib/network.ts';
import { buildBenchPage } from '../lib/page-build.ts';
import type { Row } from '../lib/report.ts';
import { pocketBaseVersion, startBenchServer, type BenchServer } from '../lib/server.ts';
import { summarize, type Summary } from '../lib/stats.ts';
import type { KeystrokeSample, RenderSample } from './page/api.ts';

export interface CardsBenchOptions {
  runs: number;
  searchCards: number;
  renderCards: number;
  log: (line: string) => void;
}

export const DEFAULTS: CardsBenchOptions = {
  runs: 5,
  searchCards: 10_000,
  renderCards: 300,
  log: (line) => console.log(line),
};

/** Typed one character at a time: Latin and Hangul member names, a title word, a group. */
export const QUERIES = ['wonbin', '원빈', 'siren', 'group 3'];

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

const isApiData = (url: string) => new URL(url).pathname.startsWith('/api/collections/');
const isFile = (url: string) => new URL(url).pathname.startsWith('/api/files/');

interface VisitSample {
  firstCardMs: number;
  api: NetworkSnapshot;
  files: NetworkSnapshot;
}

export interface CardsBenchResult {
  name: 'cards';
  machine: MachineInfo;
  config: { runs: number; searchCards: number; renderCards: number; queries: string[] };
  search: { filterMs: Summary; readAndFilterMs: Summary; keystrokes: number };
  render: Record<
    keyof typeof VIEWPORTS,
    { commitMs: Summary; layoutMs: Summary; frameMs: Summary }
  >;
  exchangeVisit: {
    demoCards: number;
    ours: { first: VisitSummary; second: VisitSummary };
    original: { perLoad: VisitSummary };
  };
  totalMs: number;
}

interface VisitSummary {
  firstCardMs: Summary | null;
  requests: Summary;
  wireBytes: Summary;
  bodyBytes: Summary;
  fileRequests: Summary;
}

const time = (v: number[]) => summarize(v, 2);
const count = (v: number[]) => summarize(v, 0);

function summarizeVisits(samples: VisitSample[], painted = true): VisitSummary {
  return {
    firstCardMs: painted ? time(samples.map((s) => s.firstCardMs)) : null,
    requests: count(samples.map((s) => s.api.requests)),
    wireBytes: count(samples.map((s) => s.api.wireBytes)),
    bodyBytes: count(samples.map((s) => s.api.bodyBytes)),
    fileRequests: count(samples.map((s) => s.files.requests)),
  };
}

// ---------------------------------------------------------------- 1 + 2: the bench page

async function openBenchPage(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: url, viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForFunction(() => window.cardsBenchReady === true);
  return { context, page };
}

async function measureSearch(browser: Browser, url: string, opts: CardsBenchOptions) {
  const samples: KeystrokeSample[] = [];
  const { context, page } = await openBenchPage(browser, url, VIEWPORTS.phone);
  const seeded = await page.evaluate((n) => window.cardsBench.seed(n, 20), opts.searchCards);
  opts.log(`  ${seeded.stored} cards in IndexedDB (${seeded.ms.toFixed(0)} ms to store)`);
  for (let run = 0; run < opts.runs; run++) {
    const got = await page.evaluate((q) => window.cardsBench.keystrokes(q), QUERIES);
    samples.push(...got);
    const f = time(got.map((s) => s.filterMs)).median;
    const r = time(got.map((s) => s.readAndFilterMs)).median;
    opts.log(`  run ${run + 1}: ${got.length} keystrokes, filter ${f} ms, read + filter ${r} ms`);
  }
  await context.close();
  return samples;
}

async function measureRender(
  browser: Browser,
  url: string,
  opts: CardsBenchOptions,
  viewport: { width: number; height: number },
) {
  const samples: RenderSample[] = [];
  const { context, page } = await openBenchPage(browser, url, viewport);
  await page.evaluate((n) => window.cardsBench.render(n), opts.renderCards); // warm-up
  for (let run = 0; run < opts.runs; run++) {
    const s = await page.evaluate((n) => window.cardsBench.render(n), opts.renderCards);
    if (s.cards !== opts.renderCards) throw new Error(`rendered ${s.cards} tiles`);
    samples.push(s);
  }
  await context.close();
  return samples;
}

// ---------------------------------------------------------------- 3: /exchange, ours vs original

/** Records when the first photo card tile enters the DOM (performance.now(), from navigation). */
const FIRST_CARD_OBSERVER = () => {
  const w = window as unknown as { __firstCardAt?: number };
  new MutationObserver((_, obs) => {
    if (document.querySelector('[data-testid="photo-card"]')) {
      w.__firstCardAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

async function firstCardAt(page: Page): Promise<number> {
  await page.waitForSelector('[data-testid="photo-card"]', { timeout: 30_000 });
  return page.evaluate(() => (window as unknown as { __firstCardAt: number }).__firstCardAt);
}

/** The app's sync is done when a pull of this page load has finished and none is running. */
async function syncIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !!(window as unknown as { __pocamarket?: unknown }).__pocamarket,
  );
  for (let i = 0; i < 300; i++) {
    const idle = await page.evaluate(async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const p = (window as any).__pocamarket;
      const s = p.engine.getStatus();
      // a pull of this page load has finished (the store may hold an older one's checkpoints)
      const pulledNow = s.lastPullAt !== null && s.lastPullAt >= performance.timeOrigin;
      return pulledNow && !s.pulling && !!(await p.db.syncState.get('exchangeList'));
    });
    if (idle) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app did not finish its first sync');
}

async function measureVisits(browser: Browser, server: BenchServer, opts: CardsBenchOptions) {
  const first: VisitSample[] = [];
  const second: VisitSample[] = [];
  const original: VisitSample[] = [];
  for (let run = 0; run < opts.runs; run++) {
    // ours: a fresh phone (empty storage), /exchange, until the first sync is done
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORTS.phone,
      serviceWorkers: 'allow',
    });
    await context.addInitScript(() => localStorage.setItem('pocamarket:test-api', '1'));
    await context.addInitScript(FIRST_CARD_OBSERVER);
    const page = await context.newPage();
    const api = await NetworkMeter.attach(context, page, isApiData);
    const files = await NetworkMeter.attach(context, page, isFile);
    await page.goto('/exchange');
    const firstCardMs = await firstCardAt(page);
    await syncIdle(page);
    await api.settle();
    await files.settle();
    first.push({ firstCardMs, api: api.snapshot(), files: files.snapshot() });

    // the same phone comes back: a reload reads Dexie and pulls only what changed
    api.reset();
    files.reset();
    await page.reload();
    const againMs = await firstCardAt(page);
    await syncIdle(page);
    await api.settle();
    await files.settle();
    second.push({ firstCardMs: againMs, api: api.snapshot(), files: files.snapshot() });
    await api.detach();
    await files.detach();
    await context.close();

    // the spec's original loader, run from a page of the same origin: groups with every card
    // expanded, all pages of 500 (getFullList), on every page load
    const base = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const blank = await base.newPage();
    await blank.goto('/manifest.webmanifest');
    const meter = await NetworkMeter.attach(base, blank, isApiData);
    const ms = await blank.evaluate(async () => {
      const t = performance.now();
      for (let p = 1; ; p++) {
        const res = await fetch(
          `/api/collections/groups/records?page=${p}&perPage=500&expand=photoCards`,
        );
        const body = (await res.json()) as { page: number; totalPages: number };
        if (body.page >= body.totalPages) break;
      }
      return performance.now() - t;
    });
    await meter.settle();
    original.push({ firstCardMs: ms, api: meter.snapshot(), files: meter.snapshot() });
    await meter.detach();
    await base.close();

    const f = first[first.length - 1]!;
    const s = second[second.length - 1]!;
    const o = original[original.length - 1]!;
    opts.log(
      `  run ${run + 1}: ours first ${f.api.requests} req ${(f.api.wireBytes / 1024).toFixed(0)} KiB, ` +
        `first card ${f.firstCardMs.toFixed(0)} ms; reload ${s.api.requests} req ` +
        `${(s.api.wireBytes / 1024).toFixed(1)} KiB, first card ${s.firstCardMs.toFixed(0)} ms; ` +
        `original ${o.api.requests} req ${(o.api.wireBytes / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms`,
    );
  }
  return { first, second, original };
}

// ---------------------------------------------------------------- the run

export async function runCardsBench(partial: Partial<CardsBenchOptions> = {}): Promise<{
  result: CardsBenchResult;
  rows: Row[];
}> {
  const opts: CardsBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const t0 = performance.now();

  log('building the bench page (bench/cards/vite.config.ts) and the app (vite.config.ts) ...');
  const page = await buildBenchPage(
    fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
    'cards',
  );
  const app = await buildBenchPage(
    fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    'app',
  );
  let pageServer: BenchServer | undefined;
  let appServer: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    pageServer = await startBenchServer({ publicDir: page.dir });
    appServer = await startBenchServer({ publicDir: app.dir });
    log(`seeding the demo data into ${appServer.url} ...`);
    const seed = await seedDemo(await appServer.admin());
    const demoCards = (await (await appServer.admin()).collection('photoCards').getList(1, 1))
      .totalItems;
    log(`  ${demoCards} demo cards`);
    const launched = await launchBenchBrowser();
    browser = launched.browser;
    const machine = machineInfo({
      chromium: launched.version,
      pocketbase: pocketBaseVersion() ?? undefined,
    });
    void seed;

    log(`search: ${opts.searchCards} cards, queries ${QUERIES.join(', ')}`);
    const search = await measureSearch(browser, pageServer.url, opts);
    log(`render: ${opts.renderCards} tiles`);
    const render = {} as CardsBenchResult['render'];
    for (const [name, viewport] of Object.entries(VIEWPORTS) as [
      keyof typeof VIEWPORTS,
      typeof VIEWPORTS.phone,
    ][]) {
      const s = await measureRender(browser, pageServer.url, opts, viewport);
      render[name] = {
        commitMs: time(s.map((x) => x.commitMs)),
        layoutMs: time(s.map((x) => x.layoutMs)),
        frameMs: time(s.map((x) => x.frameMs)),
      };
      log(
        `  ${name}: commit ${render[name].commitMs.median} ms, + layout ${render[name].layoutMs.median} ms, next frame ${render[name].frameMs.median} ms`,
      );
    }
    log('/exchange first visit vs the original loader');
    const visits = await measureVisits(browser, appServer, opts);

    const result: CardsBenchResult = {
      name: 'cards',
      machine,
      config: {
        runs: opts.runs,
        searchCards: opts.searchCards,
        renderCards: opts.renderCards,
        queries: QUERIES,
      },
      search: {
        filterMs: summarize(
          search.map((s) => s.filterMs),
          3,
        ),
        readAndFilterMs: time(search.map((s) => s.readAndFilterMs)),
        keystrokes: search.length / opts.runs,
      },
      render,
      exchangeVisit: {
        demoCards,
        ours: { first: summarizeVisits(visits.first), second: summarizeVisits(visits.second) },
        original: { perLoad: summarizeVisits(visits.original, false) },
      },
      totalMs: performance.now() - t0,
    };
    const ours = result.exchangeVisit.ours;
    const orig = result.exchangeVisit.original.perLoad;
    const rows: Row[] = [
      {
        figure: `search keystroke: filter ${opts.searchCards} cards in memory`,
        value: result.search.filterMs,
        unit: 'ms',
      },
      {
        figure: 'search keystroke: read all from IndexedDB + filter',
        value: result.search.readAndFilterMs,
        unit: 'ms',
      },
      {
        figure: `render ${opts.renderCards} tiles, phone: commit`,
        value: render.phone.commitMs,
        unit: 'ms',
      },
      {
        figure: `render ${opts.renderCards} tiles, phone: + style/layout`,
        value: render.phone.layoutMs,
        unit: 'ms',
      },
      {
        figure: `render ${opts.renderCards} tiles, phone: next frame`,
        value: render.phone.frameMs,
        unit: 'ms',
      },
      {
        figure: `render ${opts.renderCards} tiles, desktop: + style/layout`,
        value: render.desktop.layoutMs,
        unit: 'ms',
      },
      { figure: '/exchange first visit (ours): API requests', value: ours.first.requests },
      {
        figure: '/exchange first visit (ours): API bytes on the wire',
        value: ours.first.wireBytes,
        unit: 'B',
      },
      {
        figure: '/exchange first visit (ours): first card painted',
        value: ours.first.firstCardMs!,
        unit: 'ms',
      },
      { figure: '/exchange second visit (ours): API requests', value: ours.second.requests },
      {
        figure: '/exchange second visit (ours): API bytes on the wire',
        value: ours.second.wireBytes,
        unit: 'B',
      },
      {
        figure: '/exchange second visit (ours): first card painted',
        value: ours.second.firstCardMs!,
        unit: 'ms',
      },
      { figure: 'original loader, every visit: API requests', value: orig.requests },
      {
        figure: 'original loader, every visit: API bytes on the wire',
        value: orig.wireBytes,
        unit: 'B',
      },
      {
        figure: 'original loader, every visit: JSON bytes (decoded)',
        value: orig.bodyBytes,
        unit: 'B',
      },
    ];
    return { result, rows };
  } finally {
    await browser?.close();
    await pageServer?.stop();
    await appServer?.stop();
    page.remove();
    app.remove();
  }
}
