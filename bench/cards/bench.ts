/**
 * The photo cards benchmark, in Debian's Chromium against a real PocketBase:
 *
 * 1. Search latency per keystroke over 10,000 cards in IndexedDB: the bench page (page/) holds the
 *    app's own search (lib/card-search) and reads (data/queries); each query is typed one character
 *    at a time. Two figures per keystroke: filtering the cards the screen already holds (what a
 *    keystroke costs once the debounce fires), and re-reading every card from IndexedDB first (a
 *    live-query re-run, e.g. when a sync lands while the fan is searching).
 * 2. Grid render time for 300 cards: the app's PhotoCardTile × 300 committed by React, then style
 *    and layout, then the next frame, at 390×844 and 1280×800.
 * 3. The first visit of /exchange in the built app with the demo data (server-rendered, as
 *    bench/lib/app.ts serves it), against the original app's loader (every group with all its
 *    cards expanded, fetched again on every page load): API requests and bytes, and time to the
 *    first card painted; then a second visit (reload).
 *
 * Figures are medians of several runs; nothing asserts on time.
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { buildBenchApp, startDemoServer, type BenchApp } from '../lib/app.ts';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { buildBenchPage } from '../lib/page-build.ts';
import type { Row } from '../lib/report.ts';
import { pocketBaseVersion, startBenchServer, type BenchServer } from '../lib/server.ts';
import { summarize, type Summary } from '../lib/stats.ts';
import type { KeystrokeSample, RenderSample } from './page/api.ts';
import { measureVisits, type VisitSample } from './visits.ts';

export interface CardsBenchOptions {
  runs: number;
  searchCards: number;
  renderCards: number;
  /** The built app (`npm run bench` builds once); built here (and removed) if absent. */
  app?: BenchApp;
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

// ---------------------------------------------------------------- the run

export async function runCardsBench(partial: Partial<CardsBenchOptions> = {}): Promise<{
  result: CardsBenchResult;
  rows: Row[];
}> {
  const opts: CardsBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const t0 = performance.now();

  log('building the bench page (bench/cards/vite.config.ts) ...');
  const page = await buildBenchPage(
    fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
    'cards',
  );
  let ownApp: BenchApp | undefined;
  let pageServer: BenchServer | undefined;
  let appServer: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    let app = opts.app;
    if (!app) {
      log('building the app (vite.config.ts, client and first-screen renderer) ...');
      app = ownApp = await buildBenchApp({ testApi: true });
    }
    pageServer = await startBenchServer({ publicDir: page.dir });
    log('starting the app with the demo data and the first-screen renderer ...');
    appServer = await startDemoServer(app);
    const demoCards = (await (await appServer.admin()).collection('photoCards').getList(1, 1))
      .totalItems;
    log(`  ${demoCards} demo cards`);
    const launched = await launchBenchBrowser();
    browser = launched.browser;
    const machine = machineInfo({
      chromium: launched.version,
      pocketbase: pocketBaseVersion() ?? undefined,
    });

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
    await ownApp?.dispose();
  }
}
