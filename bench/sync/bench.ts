/**
 * The sync benchmark: the app's real data layer in Debian's Chromium against a real PocketBase
 * serving the bench page from the same origin.
 *
 * 1. Initial sync of the seeded catalogue (5,000 cards, 300 meetups, ...) into a fresh IndexedDB
 *    (a new browser context per run): wall time, requests, bytes.
 * 2. A no-change delta pull right after it: requests, time.
 * 3. A flush of 200 mutations (likes, posts, collect-book ticks) queued while the context is
 *    offline and sent when it comes back online: time, requests, requests per mutation; then the
 *    server is asked how many of the changes landed.
 *
 * Figures are medians of several runs. Nothing here asserts on time; the landed-changes check is
 * printed (and a mismatch is listed under `problems`).
 *
 * `runSyncBench` returns the result so `npm run bench` (bench/run.ts) runs it beside the other
 * benchmarks; run.ts is the command-line wrapper.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { NetworkMeter, type NetworkSnapshot } from '../lib/network.ts';
import { buildBenchPage } from '../lib/page-build.ts';
import type { Row } from '../lib/report.ts';
import {
  pocketBaseVersion,
  startBenchServer,
  type BenchServer,
  type RateLimitMode,
} from '../lib/server.ts';
import { prng } from '../lib/seed.ts';
import { summarize, type Summary } from '../lib/stats.ts';
import type { FlushResult, MutationPlan, PullResult } from './page/api.ts';
import { PASSWORD, seedSyncData, type FlushUser, type SyncSeed } from './seed.ts';

export interface SyncBenchOptions {
  runs: number;
  groups: number;
  cards: number;
  meetups: number;
  mutations: number;
  images: boolean;
  rateLimits: RateLimitMode;
  log: (line: string) => void;
}

export const DEFAULTS: SyncBenchOptions = {
  runs: 5,
  groups: 20,
  cards: 5000,
  meetups: 300,
  mutations: 200,
  images: true,
  rateLimits: 'loopback-exempt',
  log: (line) => console.log(line),
};

/** pull.ts keeps checkpoints 10 s behind the server's clock; wait past it (+1 s for the Date header). */
const SAFETY_WINDOW_WAIT_MS = 11_000;

interface PullSample {
  page: PullResult;
  net: NetworkSnapshot;
}

interface InitialSample extends PullSample {
  local: Record<string, number>;
  storageBytes: number | null;
}

interface FlushSample {
  queueMs: number;
  queued: number;
  offlineRequests: number;
  page: FlushResult;
  net: NetworkSnapshot;
  landed: Landed;
}

interface Landed {
  likes: number;
  posts: number;
  ticks: number;
  total: number;
}

export interface SyncBenchResult {
  name: 'sync';
  machine: MachineInfo;
  config: Omit<SyncBenchOptions, 'log'> & {
    rateLimitNote: string;
    pullPageSize: number;
    batchMax: number;
    safetyWindowWaitMs: number;
  };
  seed: { batches: number; ms: number; records: Record<string, number> };
  initialSync: {
    ms: Summary;
    requests: Summary;
    wireBytes: Summary;
    bodyBytes: Summary;
    /** Response bodies gzip'd at level 6 (one extra, untimed run): what compression would send. */
    gzipBytesEstimate: number | null;
    waitMs: Summary;
    /** Wall time minus waiting on the network: parsing, validation and IndexedDB writes. */
    pageWorkMs: Summary;
    records: Summary;
    storageBytes: Summary | null;
    localCounts: Record<string, number>;
    byEndpoint: Record<string, number>;
    contentEncodings: string[];
  };
  deltaPull: {
    ms: Summary;
    requests: Summary;
    wireBytes: Summary;
    waitMs: Summary;
    records: Summary;
    byEndpoint: Record<string, number>;
  };
  flush: {
    mutations: { likes: number; posts: number; ticks: number; total: number };
    queueMs: Summary;
    ms: Summary;
    requests: Summary;
    requestsPerMutation: Summary;
    flusherRequests: Summary;
    sentBytes: Summary;
    wireBytes: Summary;
    waitMs: Summary;
    /** Wall time minus waiting on the network: outbox bookkeeping and applying the answers. */
    pageWorkMs: Summary;
    rounds: Summary;
    triggers: string[];
    offlineRequests: number[];
    byEndpoint: Record<string, number>;
    /** Per run: what the server holds for that run's user afterwards. */
    landed: Landed[];
    deadLetters: number[];
  };
  /** Anything that did not come out as expected (not timing). */
  problems: string[];
  totalMs: number;
}

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

/** Console warnings and errors of bench pages (the data layer logs dropped records there). */
const pageMessages = new Set<string>();
/** With the limiter enforced, 429 answers are expected (Chromium logs each as a console error). */
let expect429 = false;

async function openBenchPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; meter: NetworkMeter }> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.on('pageerror', (err) => pageMessages.add(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'warning' && msg.type() !== 'error') return;
    // offline requests are expected to fail while the context is offline
    if (msg.text().includes('ERR_INTERNET_DISCONNECTED')) return;
    if (expect429 && msg.text().includes('status of 429')) return;
    pageMessages.add(`console ${msg.type()}: ${msg.text()}`);
  });
  await page.goto('/');
  await page.waitForFunction(() => window.syncBenchReady === true);
  const meter = await NetworkMeter.attach(context, page, isApi);
  return { context, page, meter };
}

async function measurePull(page: Page, meter: NetworkMeter): Promise<PullSample> {
  meter.reset();
  const result = await page.evaluate(() => window.syncBench.pull());
  await meter.settle();
  return { page: result, net: meter.snapshot() };
}

function planMutations(seed: SyncSeed, user: FlushUser, total: number, run: number): MutationPlan {
  const rand = prng(1000 + run);
  const likesN = Math.round(total / 2);
  const postsN = Math.round(total / 4);
  const ticksN = total - likesN - postsN;
  // distinct cards to like (a second like of the same card is a no-op, not a mutation)
  const likes = new Set<string>();
  while (likes.size < likesN) likes.add(seed.cards[Math.floor(rand() * seed.cards.length)]!);
  const posts = Array.from({ length: postsN }, (_, i) => ({
    card: seed.cards[Math.floor(rand() * seed.cards.length)]!,
    text: `교환 원해요! 같은 그룹 포카로 교환 가능해요 (${run + 1}-${i + 1})`,
  }));
  const ticks: MutationPlan['ticks'] = [];
  for (let i = 0; i < ticksN; i++) {
    const book = user.books[i % user.books.length]!;
    const group = seed.groups.find((g) => g.id === book.group)!;
    ticks.push({ book: book.id, card: group.cards[Math.floor(i / user.books.length)]! });
  }
  return { likes: [...likes], posts, ticks };
}

async function landedOnServer(su: PocketBase, user: FlushUser): Promise<Landed> {
  const count = async (collection: string, field: string) =>
    (
      await su.collection(collection).getList(1, 1, {
        filter: su.filter(`${field} = {:u}`, { u: user.id }),
        requestKey: null,
      })
    ).totalItems;
  const books = await su.collection('collectBook').getFullList({
    filter: su.filter('users = {:u}', { u: user.id }),
    requestKey: null,
  });
  const likes = await count('likes', 'user');
  const posts = await count('exchangeList', 'writer');
  const ticks = books.reduce((s, b) => s + (b['cardInfo'] as string[]).length, 0);
  return { likes, posts, ticks, total: likes + posts + ticks };
}

const time = (values: number[]) => summarize(values, 1);
const count = (values: number[]) => summarize(values, 0);

/** Requests per endpoint of the last run (the same every run; totals are summarized). */
function lastRun(list: Record<string, number>[]): Record<string, number> {
  return list[list.length - 1] ?? {};
}

export async function runSyncBench(partial: Partial<SyncBenchOptions> = {}): Promise<{
  result: SyncBenchResult;
  rows: Row[];
}> {
  const opts: SyncBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  // the plan likes distinct cards and ticks cards of the books' groups
  if (opts.cards < opts.mutations || opts.cards / opts.groups < opts.mutations / 8 + 1) {
    throw new Error(`--cards ${opts.cards} is too few for --mutations ${opts.mutations}`);
  }
  pageMessages.clear();
  expect429 = opts.rateLimits === 'enforced';
  const t0 = performance.now();
  const problems: string[] = [];

  log('building the bench page (bench/sync/vite.config.ts) ...');
  const built = await buildBenchPage(
    fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
    'sync',
  );
  log(`  built in ${(built.ms / 1000).toFixed(1)} s`);

  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startBenchServer({ publicDir: built.dir, rateLimits: opts.rateLimits });
    log(`PocketBase ${server.url} (temp dir ${server.dataDir})`);
    log(`  rate limits: ${server.rateLimitNote}`);
    const su = await server.admin();

    log(
      `seeding ${opts.groups} groups, ${opts.cards} cards${opts.images ? ' (70-byte images)' : ''}, ${opts.meetups} meetups, ${1 + opts.runs} users via /api/batch ...`,
    );
    const seed = await seedSyncData(su, {
      groups: opts.groups,
      cards: opts.cards,
      meetups: opts.meetups,
      flushUsers: opts.runs,
      images: opts.images,
    });
    log(`  ${seed.batches} batch requests in ${(seed.ms / 1000).toFixed(1)} s`);

    const launched = await launchBenchBrowser();
    browser = launched.browser;
    const machine = machineInfo({
      chromium: launched.version,
      pocketbase: pocketBaseVersion() ?? undefined,
    });

    const wait = seed.finishedAt + SAFETY_WINDOW_WAIT_MS - Date.now();
    if (wait > 0) {
      log(
        `waiting ${(wait / 1000).toFixed(1)} s: the pull's 10 s safety window must pass the seed`,
      );
      await new Promise((r) => setTimeout(r, wait));
    }

    // ------------------------------------------------------------ initial sync + delta pull
    const initial: InitialSample[] = [];
    const delta: PullSample[] = [];
    for (let run = 0; run < opts.runs; run++) {
      const { context, page, meter } = await openBenchPage(browser, server.url);
      await page.evaluate(([email, password]) => window.syncBench.login(email, password), [
        seed.fan.email,
        PASSWORD,
      ] as const);
      const first = await measurePull(page, meter);
      const local = await page.evaluate(() => window.syncBench.localCounts());
      const storageBytes = await page.evaluate(() => window.syncBench.storageUsage());
      initial.push({ ...first, local, storageBytes });
      const again = await measurePull(page, meter);
      delta.push(again);
      log(
        `  run ${run + 1}: initial sync ${first.page.ms.toFixed(0)} ms, ${first.net.requests} requests, ` +
          `${(first.net.wireBytes / 1024).toFixed(0)} KiB; delta pull ${again.page.ms.toFixed(0)} ms, ` +
          `${again.net.requests} requests, ${again.page.records} records ` +
          `(waiting on the network ${first.net.waitMs.toFixed(0)} / ${again.net.waitMs.toFixed(0)} ms)`,
      );
      if (local['photoCards'] !== opts.cards || local['meetUps'] !== opts.meetups) {
        problems.push(
          `initial sync run ${run + 1}: local photoCards=${local['photoCards']} meetUps=${local['meetUps']} (expected ${opts.cards}/${opts.meetups})`,
        );
      }
      if (again.page.records !== 0) {
        problems.push(`delta pull run ${run + 1} re-read ${again.page.records} unchanged records`);
      }
      if (first.net.failed || again.net.failed) {
        problems.push(
          `pull run ${run + 1}: ${first.net.failed + again.net.failed} failed requests`,
        );
      }
      await meter.detach();
      await context.close();
    }

    // one more, untimed initial sync that reads every response body back to gzip it here: what
    // the transfer would be if the server compressed its responses (it sends them as they are)
    let gzipBytesEstimate: number | null = null;
    {
      const { context, page, meter } = await openBenchPage(browser, server.url);
      await page.evaluate(([email, password]) => window.syncBench.login(email, password), [
        seed.fan.email,
        PASSWORD,
      ] as const);
      meter.gzipEstimate = true;
      const sample = await measurePull(page, meter);
      gzipBytesEstimate = sample.net.gzipBytes;
      await meter.detach();
      await context.close();
    }

    // ------------------------------------------------------------ flush of queued mutations
    const flushes: FlushSample[] = [];
    let planned = { likes: 0, posts: 0, ticks: 0, total: 0 };
    for (let run = 0; run < opts.runs; run++) {
      const user = seed.flushUsers[run]!;
      const plan = planMutations(seed, user, opts.mutations, run);
      planned = {
        likes: plan.likes.length,
        posts: plan.posts.length,
        ticks: plan.ticks.length,
        total: plan.likes.length + plan.posts.length + plan.ticks.length,
      };
      const { context, page, meter } = await openBenchPage(browser, server.url);
      await page.evaluate(([email, password]) => window.syncBench.login(email, password), [
        user.email,
        PASSWORD,
      ] as const);
      await page.evaluate(() => window.syncBench.pull()); // the fan has synced before going offline

      meter.reset();
      await context.setOffline(true);
      const queued = await page.evaluate((p) => window.syncBench.queueMutations(p), plan);
      await page.evaluate(() => window.syncBench.armFlushOnOnline());
      await meter.settle();
      const offlineRequests = meter.snapshot().requests;

      meter.reset();
      await context.setOffline(false);
      const flushed = await page.evaluate(() => window.syncBench.flushResult(3000));
      await meter.settle();
      const net = meter.snapshot();
      const landed = await landedOnServer(su, user);
      flushes.push({
        queueMs: queued.ms,
        queued: queued.outbox,
        offlineRequests,
        page: flushed,
        net,
        landed,
      });
      log(
        `  run ${run + 1}: queued ${queued.outbox} in ${queued.ms.toFixed(0)} ms offline ` +
          `(${offlineRequests} requests); flush ${flushed.ms.toFixed(0)} ms, ${net.requests} requests ` +
          `(${flushed.trigger}, waiting on the network ${net.waitMs.toFixed(0)} ms); server holds ${landed.likes} likes + ${landed.posts} posts + ` +
          `${landed.ticks} ticks = ${landed.total} (expected ${planned.total})`,
      );
      if (queued.outbox !== planned.total) {
        problems.push(
          `flush run ${run + 1}: ${queued.outbox} rows queued for ${planned.total} mutations`,
        );
      }
      if (
        landed.likes !== planned.likes ||
        landed.posts !== planned.posts ||
        landed.ticks !== planned.ticks
      ) {
        problems.push(
          `flush run ${run + 1}: server holds ${JSON.stringify(landed)}, expected ${JSON.stringify(planned)}`,
        );
      }
      if (flushed.remaining || flushed.deadLetters) {
        problems.push(
          `flush run ${run + 1}: ${flushed.remaining} rows left in the outbox, ${flushed.deadLetters} dead letters`,
        );
      }
      if (offlineRequests) {
        problems.push(`flush run ${run + 1}: ${offlineRequests} requests while offline`);
      }
      await meter.detach();
      await context.close();
    }

    // ------------------------------------------------------------ result
    for (const m of pageMessages) problems.push(m);
    const last = initial[initial.length - 1]!;
    const storage = initial.map((s) => s.storageBytes).filter((b): b is number => b !== null);
    const result: SyncBenchResult = {
      name: 'sync',
      machine,
      config: {
        runs: opts.runs,
        groups: opts.groups,
        cards: opts.cards,
        meetups: opts.meetups,
        mutations: opts.mutations,
        images: opts.images,
        rateLimits: opts.rateLimits,
        rateLimitNote: server.rateLimitNote,
        pullPageSize: 500,
        batchMax: 50,
        safetyWindowWaitMs: SAFETY_WINDOW_WAIT_MS,
      },
      seed: {
        batches: seed.batches,
        ms: Math.round(seed.ms),
        records: {
          groups: seed.groups.length,
          photoCards: seed.cards.length,
          meetUps: seed.meetups.length,
          users: 1 + seed.flushUsers.length,
          collectBook: seed.flushUsers.length * 2,
        },
      },
      initialSync: {
        ms: time(initial.map((s) => s.page.ms)),
        requests: count(initial.map((s) => s.net.requests)),
        wireBytes: count(initial.map((s) => s.net.wireBytes)),
        bodyBytes: count(initial.map((s) => s.net.bodyBytes)),
        gzipBytesEstimate,
        waitMs: time(initial.map((s) => s.net.waitMs)),
        pageWorkMs: time(initial.map((s) => s.page.ms - s.net.waitMs)),
        records: count(initial.map((s) => s.page.records)),
        storageBytes: storage.length ? count(storage) : null,
        localCounts: last.local,
        byEndpoint: lastRun(initial.map((s) => s.net.byEndpoint)),
        contentEncodings: [...new Set(initial.flatMap((s) => s.net.encodings))],
      },
      deltaPull: {
        ms: time(delta.map((s) => s.page.ms)),
        requests: count(delta.map((s) => s.net.requests)),
        wireBytes: count(delta.map((s) => s.net.wireBytes)),
        waitMs: time(delta.map((s) => s.net.waitMs)),
        records: count(delta.map((s) => s.page.records)),
        byEndpoint: lastRun(delta.map((s) => s.net.byEndpoint)),
      },
      flush: {
        mutations: planned,
        queueMs: time(flushes.map((f) => f.queueMs)),
        ms: time(flushes.map((f) => f.page.ms)),
        requests: count(flushes.map((f) => f.net.requests)),
        requestsPerMutation: summarize(
          flushes.map((f) => f.net.requests / planned.total),
          3,
        ),
        flusherRequests: count(flushes.map((f) => f.page.requests)),
        sentBytes: count(flushes.map((f) => f.net.sentBytes)),
        wireBytes: count(flushes.map((f) => f.net.wireBytes)),
        waitMs: time(flushes.map((f) => f.net.waitMs)),
        pageWorkMs: time(flushes.map((f) => f.page.ms - f.net.waitMs)),
        rounds: count(flushes.map((f) => f.page.rounds)),
        triggers: [...new Set(flushes.map((f) => f.page.trigger))],
        offlineRequests: flushes.map((f) => f.offlineRequests),
        byEndpoint: lastRun(flushes.map((f) => f.net.byEndpoint)),
        landed: flushes.map((f) => f.landed),
        deadLetters: flushes.map((f) => f.page.deadLetters),
      },
      problems,
      totalMs: Math.round(performance.now() - t0),
    };
    return { result, rows: rowsOf(result) };
  } finally {
    await browser?.close();
    await server?.stop();
    built.remove();
  }
}

const KIB = 1024;
const kib = (s: Summary): Summary => {
  const f = (v: number) => Number((v / KIB).toFixed(1));
  return { median: f(s.median), min: f(s.min), max: f(s.max), runs: s.runs.map(f) };
};

function rowsOf(r: SyncBenchResult): Row[] {
  const i = r.initialSync;
  const d = r.deltaPull;
  const f = r.flush;
  const rows: Row[] = [
    {
      figure: `initial sync (${r.config.cards} cards, ${r.config.meetups} meetups): time`,
      value: i.ms,
      unit: 'ms',
    },
    { figure: 'initial sync: requests', value: i.requests },
    { figure: 'initial sync: received on the wire', value: kib(i.wireBytes), unit: 'KiB' },
    { figure: 'initial sync: response bodies (decoded)', value: kib(i.bodyBytes), unit: 'KiB' },
    ...(i.gzipBytesEstimate !== null
      ? [
          {
            figure: "initial sync: bodies if gzip'd (estimate)",
            value: Number((i.gzipBytesEstimate / KIB).toFixed(1)),
            unit: 'KiB',
          },
        ]
      : []),
    { figure: 'initial sync: waiting on the network', value: i.waitMs, unit: 'ms' },
    { figure: 'initial sync: page work (time − waiting)', value: i.pageWorkMs, unit: 'ms' },
    { figure: 'initial sync: records stored', value: i.records },
  ];
  if (i.storageBytes) {
    rows.push({
      figure: 'initial sync: origin storage used',
      value: kib(i.storageBytes),
      unit: 'KiB',
    });
  }
  rows.push(
    { figure: 'no-change delta pull: time', value: d.ms, unit: 'ms' },
    { figure: 'no-change delta pull: requests', value: d.requests },
    { figure: 'no-change delta pull: received on the wire', value: kib(d.wireBytes), unit: 'KiB' },
    { figure: 'no-change delta pull: waiting on the network', value: d.waitMs, unit: 'ms' },
    { figure: 'no-change delta pull: records re-read', value: d.records },
    {
      figure: `queue ${f.mutations.total} mutations offline (local apply)`,
      value: f.queueMs,
      unit: 'ms',
    },
    { figure: `flush ${f.mutations.total} mutations: time`, value: f.ms, unit: 'ms' },
    { figure: `flush ${f.mutations.total} mutations: requests`, value: f.requests },
    { figure: 'flush: requests per mutation', value: f.requestsPerMutation },
    { figure: 'flush: waiting on the network', value: f.waitMs, unit: 'ms' },
    { figure: 'flush: page work (time − waiting)', value: f.pageWorkMs, unit: 'ms' },
    { figure: 'flush: sent (request bodies)', value: kib(f.sentBytes), unit: 'KiB' },
  );
  if (f.rounds.max > 1) {
    // rows backed off (429s with the limiter enforced): time includes the backoff waits
    rows.push({ figure: 'flush: flushOutbox calls (backoff rounds)', value: f.rounds });
  }
  const landed = [...new Set(f.landed.map((l) => l.total))];
  rows.push({
    figure: 'flush: changes on the server (of expected)',
    value: landed.length === 1 ? `${landed[0]} (${f.mutations.total})` : landed.join('/'),
    unit: landed.length === 1 ? 'every run' : 'differs',
  });
  return rows;
}
