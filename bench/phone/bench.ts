/**
 * A fan's phone at real catalogue size, side by side with the demo seed: the built app as it
 * ships (no test handle), served by PocketBase with the first-screen renderer, once on the demo
 * seed (358 cards) and once on the catalogue data dir (bench/catalogue/data-dir.ts: the demo seed
 * plus 200,000 cards in 500 groups; `--quick`: 20,000 in 50). Every page is a fresh phone context
 * (390×844, touch, ko-KR, service workers allowed) with the CPU throttled 4×
 * (`Emulation.setCPUThrottlingRate`, set before the first navigation), and observers installed
 * before the page's scripts (page-scripts.ts: 'longtask', 'long-animation-frame', Event Timing
 * over 16 ms, LCP, all buffered).
 *
 * Per run and data set:
 *
 * 1. **A guest's first visit**: `/` on an empty phone, watched for `observeMs` (60 s) after its
 *    load event: the main thread's long tasks from the navigation until then (total, count,
 *    longest, over 200 ms), and when the local store (IndexedDB 'pocamarket', every table's
 *    records counted each second) stopped growing.
 * 2. **A fan's first session**: a fan (made for the bench through the API) whose favourite group
 *    and two collect books are the three groups whose card count is nearest 400 (on the demo seed,
 *    its three biggest) signs in through `/login` on another empty phone. From the form's submit
 *    until every card of the three groups is in the store (polled every 250 ms: photoCards counted
 *    by group against the groups' cardCount); long tasks from the navigation until the store has
 *    not grown for 5 s after that (at most `observeMs` after the submit). Then
 *    `navigator.storage.estimate()`: usage, and Chromium's split of it (IndexedDB, Cache Storage).
 * 3. **Repeat visit to the first card** (same phone: the service worker in control, the store
 *    filled): the first tile of `/exchange` (the fan's favourite group), opened once, then
 *    navigated to again `repeats` times: LCP (its element should be the card's image).
 * 4. **Search per keystroke** on `/exchange` (same phone): each query typed one character at a
 *    time (`keyboard.type`, a pause of `keyPauseMs` after each: past the box's 500 ms debounce, so
 *    each prefix's search runs and renders before the next key), online (the server searches the
 *    whole catalogue) and offline (`context.setOffline(true)`: the cards on this phone). Per
 *    keystroke, the longest Event Timing entry that started between it and the next key; one
 *    with no entry over 16 ms counts as 16 (the threshold; an upper bound).
 *
 * Nothing is asserted: figures are printed with their budget, and what did not come out as
 * expected goes to `problems`.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import PocketBase from 'pocketbase';
import {
  buildBenchApp,
  fetchFirstScreen,
  SEED_SETTLE_MS,
  startAppOnDataDir,
  startDemoServer,
  type BenchApp,
} from '../lib/app.ts';
import { PHONE } from '../lib/app-page.ts';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { pocketBaseVersion, type BenchServer } from '../lib/server.ts';
import { summarize } from '../lib/stats.ts';
import { catalogueDataDir, type CatalogueStamp } from '../catalogue/data-dir.ts';
import {
  frameScripts,
  groupsNear,
  keystrokeDurations,
  longTaskFigures,
  stoppedGrowing,
  traceBreakdown,
  UNDER_THRESHOLD_MS,
  type EventEntry,
  type GroupSize,
  type LongFrame,
  type LongTask,
  type LongTaskFigures,
  type PairRow,
  type ScriptShare,
  type StoreSample,
  type TraceEvent,
} from './figures.ts';
import {
  READ_COUNTER,
  startCounter,
  STOP_COUNTER,
  ESTIMATE,
  OBSERVERS,
  type Estimate,
  type StoreCount,
} from './page-scripts.ts';

export interface PhoneBenchOptions {
  runs: number;
  /** Catalogue size (bench/catalogue/data-dir.ts). */
  cards: number;
  groups: number;
  /** How long the first visit is watched after its load event, ms. */
  observeMs: number;
  /** Repeat visits to the first card per run. */
  repeats: number;
  /** The pause after each keystroke, ms. */
  keyPauseMs: number;
  queries: string[];
  cpuRate: number;
  /** Skip the demo seed (only the catalogue). */
  catalogueOnly?: boolean;
  /**
   * After the measured runs, one more first visit and fan session per data set with a Chromium
   * trace (not measured: tracing slows the page), for where the long tasks went.
   */
  trace: boolean;
  /** A prebuilt app (as shipped, no test handle); built here and removed after otherwise. */
  app?: BenchApp;
  log?: (line: string) => void;
}

export const DEFAULTS: PhoneBenchOptions = {
  runs: 3,
  cards: 200_000,
  groups: 500,
  observeMs: 60_000,
  repeats: 3,
  keyPauseMs: 1000,
  queries: ['ㅇㅂ', '원빈', 'wonbin', '라이즈'],
  cpuRate: 4,
  trace: true,
};

/** What the traced run records: top-level tasks, the timeline's events, V8's compile and GC. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8', 'disabled-by-default-v8.gc'];

export const QUICK: Partial<PhoneBenchOptions> = { runs: 1, cards: 20_000, groups: 50 };

/** The budgets (medians; printed, never asserted). */
export const BUDGET = {
  longTasksTotalMs: 1000,
  longestTaskMs: 200,
  fanAllLocalMs: 15_000,
  storageBytes: 10_000_000,
  keystrokeMs: 100,
} as const;

/** Cards per followed group the fan is given (the nearest groups in size). */
const FAN_GROUP_CARDS = 400;
const FAN = {
  email: 'phone-bench@example.com',
  password: 'photocard1234',
  username: 'phonebench',
};
/** How long the store must stay the same size to count as settled, ms. */
const QUIET_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Observed {
  longTasks: LongTask[];
  frames: LongFrame[];
  events: EventEntry[];
  lcp: { start: number; size: number; tag: string; url: string }[];
  submitAt: number | null;
  observers: string[];
}

async function observed(page: Page): Promise<Observed> {
  return (await page.evaluate('window.__phone')) as Observed;
}

async function readCounter(page: Page): Promise<StoreCount[]> {
  return (await page.evaluate(READ_COUNTER)) as StoreCount[];
}

/** A fresh phone, its CPU throttled before anything loads. */
async function newPhone(
  browser: Browser,
  server: BenchServer,
  cpuRate: number,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    locale: 'ko-KR',
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  await context.addInitScript({ content: OBSERVERS });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  return { context, page, cdp };
}

async function loadEnd(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const nav = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      return !!nav && nav.loadEventEnd > 0;
    },
    null,
    { timeout: 60_000 },
  );
  return page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  );
}

async function startTrace(browser: Browser, page: Page, on: boolean): Promise<void> {
  if (on) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
}

async function stopTrace(browser: Browser, on: boolean): Promise<TraceFigures | undefined> {
  if (!on) return undefined;
  const buf = await browser.stopTracing();
  const parsed = JSON.parse(buf.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  return traceBreakdown(events, 14);
}

export type TraceFigures = ReturnType<typeof traceBreakdown>;

export interface WindowFigures {
  longTasks: LongTaskFigures;
  /** Where the long animation frames' time went (chunk and invoker), largest first. */
  scripts: ScriptShare[];
  /** Window, ms from the navigation's start. */
  from: number;
  to: number;
}

function windowFigures(o: Observed, from: number, to: number, origin: string): WindowFigures {
  return {
    longTasks: longTaskFigures(o.longTasks, from, to),
    scripts: frameScripts(o.frames, from, to, origin),
    from: Math.round(from),
    to: Math.round(to),
  };
}

export interface FirstVisitSample {
  /** The traced run's breakdown (not a measured run). */
  trace?: TraceFigures;
  loadMs: number;
  window: WindowFigures;
  /** When the store stopped growing (ms from the navigation), and whether it then stayed put. */
  storeSettledMs: number | null;
  storeSettled: boolean;
  records: number;
  byTable: Record<string, number>;
  estimate: Estimate;
}

async function guestFirstVisit(
  browser: Browser,
  server: BenchServer,
  opts: PhoneBenchOptions,
  trace = false,
): Promise<FirstVisitSample> {
  const { context, page } = await newPhone(browser, server, opts.cpuRate);
  try {
    await startTrace(browser, page, trace);
    await page.goto('/', { waitUntil: 'load' });
    const loadMs = await loadEnd(page);
    // the store is counted in a worker of the page's own (off its main thread), each second
    await page.evaluate(startCounter([], 1000));
    const now = (await page.evaluate('performance.now()')) as number;
    await sleep(Math.max(0, loadMs + opts.observeMs - now));
    const counts = await readCounter(page);
    await page.evaluate(STOP_COUNTER);
    const last = counts[counts.length - 1] ?? null;
    const samples: StoreSample[] = counts.map((c) => ({ at: c.at, records: c.records }));
    const o = await observed(page);
    const traced = await stopTrace(browser, trace);
    const settled = stoppedGrowing(samples, QUIET_MS);
    return {
      ...(traced ? { trace: traced } : {}),
      loadMs: Math.round(loadMs),
      window: windowFigures(o, 0, loadMs + opts.observeMs, server.url),
      storeSettledMs: settled ? Math.round(settled.at) : null,
      storeSettled: settled?.settled ?? false,
      records: last?.records ?? 0,
      byTable: last?.byTable ?? {},
      estimate: (await page.evaluate(ESTIMATE)) as Estimate,
    };
  } finally {
    await context.close();
  }
}

export interface FanSample {
  /** The traced run's breakdown (not a measured run; no repeat visits or search). */
  trace?: TraceFigures;
  /** From the login form's submit until every card of the three groups was in the store, ms. */
  allLocalMs: number | null;
  /** Cards of the three groups in the store then (or at the end), and expected. */
  cards: number;
  expected: number;
  window: WindowFigures;
  storeSettledMs: number | null;
  records: number;
  byTable: Record<string, number>;
  estimate: Estimate;
  /** The first card of /exchange and its repeat visits. */
  firstCard: string | null;
  repeat: RepeatSample[];
  search: SearchSample[];
}

export interface RepeatSample {
  lcpMs: number | null;
  lcpTag: string;
  lcpUrl: string;
  controlled: boolean;
}

export interface SearchSample {
  mode: 'online' | 'offline';
  query: string;
  keys: { key: string; ms: number; reported: boolean; events: string[] }[];
  /** The typing's window: long tasks in it. */
  window: WindowFigures;
  /** The results' count shown for the whole query ('N장'). */
  results: number;
  /** From the end of the typing until the results were on screen (polled from Node), ms. */
  resultsAfterMs: number;
  /** The offline note ('저장된 카드에서…') was shown. */
  savedOnly: boolean;
}

async function fanSession(
  browser: Browser,
  server: BenchServer,
  fan: FanSetup,
  opts: PhoneBenchOptions,
  problems: string[],
  label: string,
  trace = false,
): Promise<FanSample> {
  const { context, page } = await newPhone(browser, server, opts.cpuRate);
  try {
    await startTrace(browser, page, trace);
    await page.goto('/login', { waitUntil: 'load' });
    await page.getByTestId('login-email').fill(FAN.email);
    await page.getByTestId('login-password').fill(FAN.password);
    const groups = fan.groups.map((g) => g.id);
    // the store is counted in a worker of the page's own (off its main thread), every 250 ms
    await page.evaluate(startCounter(groups, 250));
    await page.getByTestId('login-submit').click();
    const expected = fan.groups.reduce((s, g) => s + g.cardCount, 0);
    let submitAt: number | null = null;
    let allLocalAt: number | null = null;
    let counts: StoreCount[] = [];
    const cardsIn = (c: StoreCount) => groups.reduce((s, g) => s + (c.byGroup[g] ?? 0), 0);
    for (;;) {
      await sleep(1000);
      submitAt ??= (await page.evaluate('window.__phone.submitAt')) as number | null;
      counts = await readCounter(page);
      allLocalAt = counts.find((c) => cardsIn(c) >= expected)?.done ?? null;
      const now = (await page.evaluate('performance.now()')) as number;
      if (now - (submitAt ?? now) >= opts.observeMs) break;
      if (allLocalAt !== null) {
        const s = stoppedGrowing(counts, QUIET_MS);
        if (s?.settled && now - allLocalAt >= QUIET_MS) break;
      }
    }
    await page.evaluate(STOP_COUNTER);
    const last = counts[counts.length - 1] ?? null;
    const samples: StoreSample[] = counts.map((c) => ({ at: c.at, records: c.records }));
    const end = last?.done ?? 0;
    const o = await observed(page);
    const traced = await stopTrace(browser, trace);
    const cards = last ? cardsIn(last) : 0;
    if (allLocalAt === null)
      problems.push(
        `${label}: the fan's ${expected} cards were not all local ${opts.observeMs / 1000} s after the login (${cards})`,
      );
    const settled = stoppedGrowing(samples, QUIET_MS);
    const estimate = (await page.evaluate(ESTIMATE)) as Estimate;
    const sample: FanSample = {
      ...(traced ? { trace: traced } : {}),
      allLocalMs:
        allLocalAt !== null && submitAt !== null ? Math.round(allLocalAt - submitAt) : null,
      cards,
      expected,
      window: windowFigures(o, 0, end, server.url),
      storeSettledMs: settled ? Math.round(settled.at - (submitAt ?? 0)) : null,
      records: last?.records ?? 0,
      byTable: last?.byTable ?? {},
      estimate,
      firstCard: null,
      repeat: [],
      search: [],
    };

    if (trace) return sample;

    // ---- repeat visits to the first card of /exchange (the fan's favourite group)
    await page.goto('/exchange', { waitUntil: 'load' });
    const tile = page.locator('[data-testid="photo-card"]').first();
    await tile.waitFor({ timeout: 30_000 });
    const first = await tile.getAttribute('data-card-id');
    sample.firstCard = first;
    if (first) {
      const url = `/exchangeDetail/${first}`;
      await page.goto(url, { waitUntil: 'load' });
      await page.getByTestId('card-panel').waitFor({ timeout: 30_000 });
      await sleep(3000); // its image into the service worker's cache
      for (let i = 0; i < opts.repeats; i++) {
        await page.goto(url, { waitUntil: 'load' });
        await page.getByTestId('card-panel').waitFor({ timeout: 30_000 });
        await sleep(1500); // LCP candidates stop with the first input or when the page settles
        const o2 = await observed(page);
        const lcp = o2.lcp[o2.lcp.length - 1];
        const controlled = (await page.evaluate('!!navigator.serviceWorker.controller')) as boolean;
        sample.repeat.push({
          lcpMs: lcp ? Math.round(lcp.start) : null,
          lcpTag: lcp?.tag ?? '',
          lcpUrl: lcp?.url ? new URL(lcp.url).pathname : '',
          controlled,
        });
        if (!controlled) problems.push(`${label}: repeat visit ${i + 1} not served by the SW`);
        if (lcp && lcp.tag !== 'IMG')
          problems.push(`${label}: repeat visit ${i + 1}: the LCP element is a ${lcp.tag}`);
      }
    } else problems.push(`${label}: /exchange showed no card`);

    // ---- search per keystroke, online then offline
    for (const mode of ['online', 'offline'] as const) {
      await context.setOffline(mode === 'offline');
      await page.goto('/exchange', { waitUntil: 'load' }).catch(async (err: unknown) => {
        // offline, the service worker answers the navigation; a failure here is a finding
        problems.push(`${label}: /exchange ${mode}: ${String(err).split('\n')[0]}`);
      });
      const box = page.getByTestId('card-search');
      await box.waitFor({ timeout: 30_000 });
      await page.locator('[data-testid="photo-card"]').first().waitFor({ timeout: 30_000 });
      await sleep(2000);
      for (const query of opts.queries) {
        await box.click();
        await box.fill('');
        await sleep(opts.keyPauseMs);
        const marks: number[] = [];
        for (const key of query) {
          marks.push((await page.evaluate('performance.now()')) as number);
          await page.keyboard.type(key);
          await sleep(opts.keyPauseMs);
        }
        const end = (await page.evaluate('performance.now()')) as number;
        const o3 = await observed(page);
        const keys = keystrokeDurations(o3.events, marks, end).map((k, i) => ({
          key: [...query][i]!,
          ...k,
        }));
        // the last search's answer on screen (outside the measured window), before the next query
        const waited = performance.now();
        const settledResults = await page
          .locator('[data-testid="search-results"][aria-busy="false"]')
          .waitFor({ timeout: 20_000 })
          .then(() => true)
          .catch(() => false);
        const resultsAfterMs = Math.round(performance.now() - waited);
        if (!settledResults)
          problems.push(`${label}: ${mode} search '${query}' showed no results in 20 s`);
        const total = settledResults
          ? await page
              .getByTestId('search-results')
              .getByTestId('card-total')
              .textContent()
              .catch(() => null)
          : null;
        const results = Number(/[\d,]+/.exec(total ?? '')?.[0]?.replace(/,/g, '') ?? 0);
        const savedOnly = await page.getByTestId('search-saved-only').isVisible();
        sample.search.push({
          mode,
          query,
          keys,
          window: windowFigures(o3, marks[0]!, end, server.url),
          results,
          resultsAfterMs,
          savedOnly,
        });
        if (mode === 'offline' && !savedOnly)
          problems.push(`${label}: offline search '${query}' did not say it searched saved cards`);
        if (mode === 'online' && savedOnly)
          problems.push(`${label}: online search '${query}' fell back to the saved cards`);
      }
    }
    await context.setOffline(false);
    return sample;
  } finally {
    await context.close();
  }
}

interface FanSetup {
  id: string;
  groups: GroupSize[];
}

/** The bench's fan: favourite group and two collect books on the three groups nearest 400. */
async function makeFan(server: BenchServer): Promise<FanSetup> {
  const pb: PocketBase = await server.admin();
  const all = await pb.collection('groups').getFullList({
    fields: 'id,groupName,cardCount',
    batch: 1000,
  });
  const groups = groupsNear(
    all.map((g) => ({
      id: g.id,
      groupName: String(g['groupName']),
      cardCount: Number(g['cardCount'] ?? 0),
    })),
    FAN_GROUP_CARDS,
    3,
  );
  if (groups.length < 3) throw new Error('fewer than 3 groups with cards');
  const user = await pb.collection('users').create({
    email: FAN.email,
    password: FAN.password,
    passwordConfirm: FAN.password,
    username: FAN.username,
    name: 'phone bench',
    verified: true,
    emailVisibility: false,
    biasGroup: groups[0]!.id,
    biasStepDone: true,
  });
  for (const g of groups.slice(1)) {
    await pb.collection('collectBook').create({
      title: `${g.groupName} 콜렉트북`,
      users: user.id,
      group: g.id,
      isPublic: false,
    });
  }
  return { id: user.id, groups };
}

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

export interface VariantResult {
  name: 'demo' | 'catalogue';
  label: string;
  cards: number;
  groups: number;
  fan: FanSetup;
  rendererReadyMs: number | null;
  firstVisit: FirstVisitSample[];
  fanSessions: FanSample[];
  /** Where the long tasks went in the traced (unmeasured) first visit and fan session. */
  trace?: { firstVisit: TraceFigures; fan: TraceFigures };
  dataDir?: { dir: string; stamp: CatalogueStamp; built: boolean };
}

async function measureVariant(
  browser: Browser,
  server: BenchServer,
  base: Pick<VariantResult, 'name' | 'label'>,
  settleUntil: number,
  opts: PhoneBenchOptions,
  problems: string[],
  log: (line: string) => void,
): Promise<VariantResult> {
  const fan = await makeFan(server);
  log(
    `${base.label}: fan ${FAN.email} follows ${fan.groups.map((g) => `${g.groupName} (${g.cardCount})`).join(', ')}`,
  );
  const pb = await server.admin();
  const cards = (await pb.collection('photoCards').getList(1, 1, { fields: 'id' })).totalItems;
  const groups = (await pb.collection('groups').getList(1, 1, { fields: 'id' })).totalItems;
  // the fan's writes (and the seed) older than the pulls' 10 s safety window
  const wait = Math.max(settleUntil, Date.now() + SEED_SETTLE_MS) - Date.now();
  await sleep(wait);
  log(`${base.label}: waiting for the renderer's first screen`);
  const rendererReadyMs = await waitForRenderer(server, 20 * 60_000);
  if (rendererReadyMs === null) problems.push(`${base.label}: / never came with its first screen`);
  else log(`  ready after ${(rendererReadyMs / 1000).toFixed(1)} s`);
  for (const path of ['/', '/exchange']) await fetchFirstScreen(server, path);

  const firstVisit: FirstVisitSample[] = [];
  const fanSessions: FanSample[] = [];
  for (let run = 0; run < opts.runs; run++) {
    const v = await guestFirstVisit(browser, server, opts);
    firstVisit.push(v);
    log(
      `  ${base.label} run ${run + 1} first visit: long tasks ${v.window.longTasks.totalMs} ms ` +
        `(${v.window.longTasks.count}, longest ${v.window.longTasks.longestMs} ms), store ` +
        `${v.records} records, settled at ${v.storeSettledMs} ms`,
    );
    const f = await fanSession(
      browser,
      server,
      fan,
      opts,
      problems,
      `${base.label} run ${run + 1}`,
    );
    fanSessions.push(f);
    const keys = f.search.flatMap((s) => s.keys.map((k) => k.ms));
    log(
      `  ${base.label} run ${run + 1} fan: all ${f.expected} cards local after ${f.allLocalMs} ms, ` +
        `long tasks ${f.window.longTasks.totalMs} ms (${f.window.longTasks.count}, longest ` +
        `${f.window.longTasks.longestMs} ms), IndexedDB ${((f.estimate.details.indexedDB ?? 0) / 1e6).toFixed(1)} MB, ` +
        `repeat LCP ${f.repeat.map((r) => r.lcpMs).join('/')} ms, keystrokes max ${Math.max(...keys)} ms`,
    );
  }
  let trace: VariantResult['trace'];
  if (opts.trace) {
    log(`  ${base.label}: a traced first visit and fan session (not measured)`);
    const v = await guestFirstVisit(browser, server, opts, true);
    const f = await fanSession(browser, server, fan, opts, [], `${base.label} traced`, true);
    if (v.trace && f.trace) trace = { firstVisit: v.trace, fan: f.trace };
    for (const [what, t] of [
      ['first visit', v.trace],
      ['fan', f.trace],
    ] as const) {
      if (!t) continue;
      log(
        `    ${what}: ${t.tasks} tasks over 50 ms, ${t.taskMs} ms: ` +
          t.shares
            .slice(0, 6)
            .map((x) => `${x.what} ${x.ms}`)
            .join(', '),
      );
    }
  }
  return {
    ...base,
    cards,
    groups,
    fan,
    rendererReadyMs,
    firstVisit,
    fanSessions,
    ...(trace ? { trace } : {}),
  };
}

export interface PhoneBenchResult {
  name: 'phone';
  machine: MachineInfo;
  config: Omit<PhoneBenchOptions, 'app' | 'log'> & {
    budget: typeof BUDGET;
    viewport: typeof PHONE;
  };
  variants: VariantResult[];
  /** The side-by-side table (demo | catalogue), as rendered into RESULTS.md. */
  pairs: PairRow[];
  labels: { demo: string; catalogue: string };
  /** `uptime`'s 1-minute load before the measured runs. */
  loadBefore: number[];
  problems: string[];
  notes: string[];
  totalMs: number;
}

const whole = (values: number[]) => (values.length ? summarize(values, 0) : null);
const oneDigit = (values: number[]) => (values.length ? summarize(values, 1) : null);

/** Every figure for one data set, by key (shared by the pairs and the rows). */
function figuresOf(v: VariantResult) {
  const fv = v.firstVisit;
  const fs = v.fanSessions;
  const keys = (mode: 'online' | 'offline') =>
    fs.flatMap((s) =>
      s.search.filter((x) => x.mode === mode).flatMap((x) => x.keys.map((k) => k.ms)),
    );
  const perRunMax = (mode: 'online' | 'offline') =>
    fs.map((s) =>
      Math.max(...s.search.filter((x) => x.mode === mode).flatMap((x) => x.keys.map((k) => k.ms))),
    );
  const searchTasks = (mode: 'online' | 'offline') =>
    fs.map((s) =>
      s.search.filter((x) => x.mode === mode).reduce((t, x) => t + x.window.longTasks.totalMs, 0),
    );
  const repeats = fs.flatMap((s) => s.repeat.map((r) => r.lcpMs)).filter((x) => x !== null);
  const nonNull = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
  return {
    visitTotal: whole(fv.map((s) => s.window.longTasks.totalMs)),
    visitCount: whole(fv.map((s) => s.window.longTasks.count)),
    visitLongest: whole(fv.map((s) => s.window.longTasks.longestMs)),
    visitOver: whole(fv.map((s) => s.window.longTasks.over)),
    visitSettled: whole(nonNull(fv.map((s) => s.storeSettledMs))),
    visitRecords: whole(fv.map((s) => s.records)),
    fanAllLocal: whole(nonNull(fs.map((s) => s.allLocalMs))),
    fanCards: whole(fs.map((s) => s.cards)),
    fanTotal: whole(fs.map((s) => s.window.longTasks.totalMs)),
    fanCount: whole(fs.map((s) => s.window.longTasks.count)),
    fanLongest: whole(fs.map((s) => s.window.longTasks.longestMs)),
    fanOver: whole(fs.map((s) => s.window.longTasks.over)),
    fanRecords: whole(fs.map((s) => s.records)),
    usageMB: oneDigit(fs.map((s) => s.estimate.usage / 1e6)),
    idbMB: oneDigit(fs.map((s) => (s.estimate.details.indexedDB ?? 0) / 1e6)),
    cachesMB: oneDigit(fs.map((s) => (s.estimate.details.caches ?? 0) / 1e6)),
    repeatLcp: whole(repeats),
    keysOnline: whole(keys('online')),
    keysOnlineMax: whole(perRunMax('online')),
    keysOffline: whole(keys('offline')),
    keysOfflineMax: whole(perRunMax('offline')),
    searchTasksOnline: whole(searchTasks('online')),
    searchTasksOffline: whole(searchTasks('offline')),
  };
}
type FigureKey = keyof ReturnType<typeof figuresOf>;

interface FigureDef {
  key: FigureKey;
  figure: string;
  unit: string;
  budget?: string;
  limit?: PairRow['limit'];
}

const MS = 'ms';
const FIGURES: FigureDef[] = [
  {
    key: 'visitTotal',
    figure: 'first visit (guest, /): long tasks, total',
    unit: MS,
    budget: '≤ 1,000 ms',
    limit: { op: '<=', value: BUDGET.longTasksTotalMs },
  },
  { key: 'visitCount', figure: 'first visit: long tasks, count', unit: 'tasks' },
  {
    key: 'visitLongest',
    figure: 'first visit: longest task',
    unit: MS,
    budget: '≤ 200 ms',
    limit: { op: '<=', value: BUDGET.longestTaskMs },
  },
  {
    key: 'visitOver',
    figure: 'first visit: tasks over 200 ms',
    unit: 'tasks',
    budget: '0',
    limit: { op: '<=', value: 0 },
  },
  {
    key: 'visitSettled',
    figure: 'first visit: local store stops growing',
    unit: 'ms after navigation',
  },
  { key: 'visitRecords', figure: 'first visit: records in the store', unit: 'records' },
  {
    key: 'fanAllLocal',
    figure: "fan, 3 groups: all their cards local (from the login's submit)",
    unit: MS,
    budget: '≤ 15,000 ms',
    limit: { op: '<=', value: BUDGET.fanAllLocalMs },
  },
  { key: 'fanCards', figure: "fan: the 3 groups' cards in the store", unit: 'cards' },
  {
    key: 'fanTotal',
    figure: 'fan session: long tasks, total',
    unit: MS,
    budget: '≤ 1,000 ms',
    limit: { op: '<=', value: BUDGET.longTasksTotalMs },
  },
  { key: 'fanCount', figure: 'fan session: long tasks, count', unit: 'tasks' },
  {
    key: 'fanLongest',
    figure: 'fan session: longest task',
    unit: MS,
    budget: '≤ 200 ms',
    limit: { op: '<=', value: BUDGET.longestTaskMs },
  },
  {
    key: 'fanOver',
    figure: 'fan session: tasks over 200 ms',
    unit: 'tasks',
    budget: '0',
    limit: { op: '<=', value: 0 },
  },
  { key: 'fanRecords', figure: 'fan session: records in the store', unit: 'records' },
  {
    key: 'idbMB',
    figure: "storage after the fan's first session: IndexedDB",
    unit: 'MB',
    budget: '≤ 10 MB (besides images)',
    limit: { op: '<=', value: BUDGET.storageBytes / 1e6 },
  },
  {
    key: 'cachesMB',
    figure: 'storage: Cache Storage (app shell, images)',
    unit: 'MB',
  },
  { key: 'usageMB', figure: 'storage: navigator.storage.estimate() usage', unit: 'MB' },
  {
    key: 'repeatLcp',
    figure: 'repeat visit to the first card (SW, store filled): LCP',
    unit: MS,
    budget: 'no slower than demo',
    limit: 'demo',
  },
  {
    key: 'keysOnline',
    figure: 'search keystroke, online (server search): Event Timing',
    unit: MS,
    budget: '≤ 100 ms',
    limit: { op: '<=', value: BUDGET.keystrokeMs },
  },
  {
    key: 'keysOnlineMax',
    figure: 'search keystroke, online: slowest of a run',
    unit: MS,
    budget: '≤ 100 ms',
    limit: { op: '<=', value: BUDGET.keystrokeMs },
  },
  {
    key: 'keysOffline',
    figure: 'search keystroke, offline (local scope): Event Timing',
    unit: MS,
    budget: '≤ 100 ms',
    limit: { op: '<=', value: BUDGET.keystrokeMs },
  },
  {
    key: 'keysOfflineMax',
    figure: 'search keystroke, offline: slowest of a run',
    unit: MS,
    budget: '≤ 100 ms',
    limit: { op: '<=', value: BUDGET.keystrokeMs },
  },
  {
    key: 'searchTasksOnline',
    figure: 'search typing, online: long tasks, total',
    unit: MS,
  },
  {
    key: 'searchTasksOffline',
    figure: 'search typing, offline: long tasks, total',
    unit: MS,
  },
];

/** The side-by-side rows: each figure with both data sets' values. */
export function pairsOf(demo: VariantResult | null, big: VariantResult): PairRow[] {
  const d = demo ? figuresOf(demo) : null;
  const c = figuresOf(big);
  return FIGURES.map((f) => ({
    figure: f.figure,
    unit: f.unit,
    demo: d ? d[f.key] : null,
    catalogue: c[f.key],
    budget: f.budget ?? '',
    ...(f.limit ? { limit: f.limit } : {}),
  }));
}

/** The rows for `table()` and RESULTS.md's generated section: `[demo]` and `[200k]` one under the other. */
export function rowsOf(pairs: PairRow[], labels: { demo: string; catalogue: string }): Row[] {
  const rows: Row[] = [];
  for (const p of pairs) {
    for (const [label, value] of [
      [labels.demo, p.demo],
      [labels.catalogue, p.catalogue],
    ] as const) {
      if (value === null) continue;
      let budgetCell = p.budget;
      if (p.limit && p.limit !== 'demo' && typeof value === 'object') {
        const met =
          p.limit.op === '<=' ? value.median <= p.limit.value : value.median >= p.limit.value;
        budgetCell = `${p.budget}: ${met ? 'met' : 'missed'}`;
      } else if (p.limit === 'demo' && label === labels.catalogue && typeof value === 'object') {
        const d = p.demo;
        if (d && typeof d === 'object')
          budgetCell = `≤ ${d.median} ms (demo): ${value.median <= d.median ? 'met' : 'missed'}`;
      } else if (p.limit === 'demo') budgetCell = '';
      rows.push({ figure: `${p.figure} [${label}]`, value, unit: p.unit, budget: budgetCell });
    }
  }
  return rows;
}

/** The 1-minute load average (`uptime`'s first figure). */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
}

export async function runPhoneBench(
  partial: Partial<PhoneBenchOptions> = {},
): Promise<{ result: PhoneBenchResult; rows: Row[] }> {
  const opts: PhoneBenchOptions = { ...DEFAULTS, ...partial };
  const log = opts.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const problems: string[] = [];
  const notes: string[] = [];
  const loadBefore: number[] = [];
  const catLabel = opts.cards >= 1000 ? `${Math.round(opts.cards / 1000)}k` : String(opts.cards);

  log(
    `phone: the catalogue data dir (${opts.cards.toLocaleString('en-US')} cards, ${opts.groups} groups)`,
  );
  const dd = await catalogueDataDir({ cards: opts.cards, groups: opts.groups, log });
  log(`  ${dd.built ? 'built' : 'reused'} ${dd.dir}`);

  const ownApp = !opts.app;
  if (ownApp) log('phone: building the app (as shipped) ...');
  const app = opts.app ?? (await buildBenchApp());
  const { browser, version } = await launchBenchBrowser();
  const variants: VariantResult[] = [];
  try {
    if (!opts.catalogueOnly) {
      const server = await startDemoServer(app);
      try {
        loadBefore.push(loadAverage());
        variants.push(
          await measureVariant(
            browser,
            server,
            { name: 'demo', label: 'demo' },
            server.seededAt + SEED_SETTLE_MS,
            opts,
            problems,
            log,
          ),
        );
      } finally {
        await server.stop();
      }
    }
    {
      const server = await startAppOnDataDir(app, dd.dir);
      try {
        loadBefore.push(loadAverage());
        const v = await measureVariant(
          browser,
          server,
          { name: 'catalogue', label: catLabel },
          0,
          opts,
          problems,
          log,
        );
        v.dataDir = { dir: dd.dir, stamp: dd.stamp, built: dd.built };
        variants.push(v);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
    if (ownApp) await app.dispose();
  }

  const demo = variants.find((v) => v.name === 'demo') ?? null;
  const big = variants.find((v) => v.name === 'catalogue')!;
  const labels = {
    demo: demo ? `demo (${demo.cards.toLocaleString('en-US')} cards)` : 'demo',
    catalogue: `catalogue (${big.cards.toLocaleString('en-US')} cards)`,
  };
  const pairs = pairsOf(demo, big);
  notes.push(
    `${opts.runs} run(s) per data set; each figure the median of the runs (keystrokes: of every keystroke of every run), min–max beside it`,
    `the built app as shipped (no test handle), served by PocketBase with the first-screen renderer; Chromium ${version}, a fresh phone context (390×844, touch, ko-KR) per visit, CPU throttled ${opts.cpuRate}× (Emulation.setCPUThrottlingRate) before the first navigation`,
    `observers (longtask, long-animation-frame, event, largest-contentful-paint) installed before the page's scripts, buffered; long tasks are the page's main thread only (the pull's worker and the service worker are not in them)`,
    `first visit: / as a guest, long tasks from the navigation until ${opts.observeMs / 1000} s after the load event; the store is every IndexedDB table's record count, read each second`,
    `fan: ${big.fan.groups.map((g) => `${g.groupName} ${g.cardCount}`).join(', ')} [${catLabel}]` +
      (demo
        ? `; ${demo.fan.groups.map((g) => `${g.groupName} ${g.cardCount}`).join(', ')} [demo]`
        : '') +
      ` (favourite group, then two collect books: the groups nearest ${FAN_GROUP_CARDS} cards); signs in through /login; long tasks from that page's navigation until the store has not grown for ${QUIET_MS / 1000} s after all the cards are local`,
    `repeat visit: the first tile of /exchange, opened once, then ${opts.repeats} navigations to it, LCP of each`,
    `search: ${opts.queries.map((q) => `'${q}'`).join(', ')} typed a character at a time with ${opts.keyPauseMs} ms after each (past the 500 ms debounce); a keystroke with no Event Timing entry (none ≥ 16 ms) counts as ${UNDER_THRESHOLD_MS} ms`,
    `1-minute load average before each data set: ${loadBefore.map((l) => l.toFixed(2)).join(', ')}`,
  );
  const result: PhoneBenchResult = {
    name: 'phone',
    machine: machineInfo({ chromium: version, pocketbase: pocketBaseVersion() ?? undefined }),
    config: {
      runs: opts.runs,
      cards: opts.cards,
      groups: opts.groups,
      observeMs: opts.observeMs,
      repeats: opts.repeats,
      keyPauseMs: opts.keyPauseMs,
      queries: opts.queries,
      cpuRate: opts.cpuRate,
      trace: opts.trace,
      ...(opts.catalogueOnly ? { catalogueOnly: true } : {}),
      budget: BUDGET,
      viewport: PHONE,
    },
    variants,
    pairs,
    labels,
    loadBefore,
    problems,
    notes,
    totalMs: Math.round(performance.now() - started),
  };
  return { result, rows: rowsOf(pairs, labels) };
}
