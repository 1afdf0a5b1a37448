/**
 * Offline packs (docs/offline-pack.md): how big a pack is and how long it takes to download, for
 * one event (from its page) and for a day of 10 events (from /meetup), through the app's own
 * 오프라인 저장 buttons. Debian's Chromium, a real PocketBase serving the build with the demo seed
 * (bench/lib/app.ts) and its tiles from the loopback tile server the bench build points at;
 * nothing leaves 127.0.0.1.
 *
 * Setup: 10 events that have a place and images are moved onto tomorrow, so that day has at least
 * 10 events and its pack holds the cap, 10 (the soonest to start). Each run uses a fresh phone
 * context (390×844, service workers allowed, empty storage): open the event's page, wait for the
 * worker and the first sync, read the plan the box shows (its estimate), press the button, and
 * time from the press to '오프라인 저장됨' (the worker's last message, so every file is stored);
 * then the same for the day on /meetup.
 *
 * Figures (medians over the runs):
 * - `files` / `tiles`: what the pack keeps (images at this phone's renditions; map tiles around
 *   each event, src/lib/tile-math.ts);
 * - `pack size`: the bytes the worker stored (the record's figure, what the screen shows), and
 *   the growth of Cache Storage by `navigator.storage.estimate()` (usageDetails.caches);
 * - `estimate shown`: what the box said before saving;
 * - `download time`: press to saved, `performance.now()` in the page.
 *
 * The tiles are the e2e tests' generated PNG (tests/helpers/tiles.ts), far smaller than a real
 * street tile (OSM's are 5–40 KB): the tile bytes are reported apart, with their count, so a
 * real-world pack can be reckoned from them.
 */
import type { Browser, Page } from 'playwright-core';
import { tilePng } from '../../tests/helpers/tiles.ts';
import {
  buildBenchApp,
  SEED_SETTLE_MS,
  startDemoServer,
  type BenchApp,
  type DemoServer,
} from '../lib/app.ts';
import { newPhoneContext, PHONE, syncIdle, waitForServiceWorker } from '../lib/app-page.ts';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { pocketBaseVersion } from '../lib/server.ts';
import { summarize, type Summary } from '../lib/stats.ts';

export interface OfflinePackOptions {
  runs: number;
  /** A prebuilt app with the test handle (e.g. from `npm run bench`); otherwise built here. */
  app?: BenchApp;
  log: (line: string) => void;
}

export const DEFAULTS: OfflinePackOptions = { runs: 3, log: (line) => console.log(line) };

const DAY_EVENTS = 10;
/** Tomorrow: inside the picker's 14 days with events whatever the seed's dates. */
const DAY_AHEAD = 1;
const PACK = '[data-testid="offline-pack"]';

export interface PackSample {
  files: number;
  tiles: number;
  tileBytes: number;
  bytes: number;
  cacheGrowth: number;
  estimate: number;
  ms: number;
}

type Kind = 'event' | 'day';

export interface OfflinePackResult {
  name: 'offline-pack';
  machine: MachineInfo;
  config: {
    runs: number;
    viewport: typeof PHONE;
    dayEvents: number;
    tilePngBytes: number;
    event: string;
    day: string;
  };
  summary: Record<
    Kind,
    {
      files: Summary;
      tiles: Summary;
      tileBytes: Summary;
      bytes: Summary;
      cacheGrowth: Summary;
      estimate: Summary;
      ms: Summary;
    }
  >;
  samples: Record<Kind, PackSample[]>;
  totalMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dayAhead(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Moves 10 events with a place and images onto `day`; returns the first one's id. */
async function prepareDay(server: DemoServer, day: string): Promise<string> {
  const pb = await server.admin();
  const events = await pb.collection('meetUps').getFullList({ sort: 'id' });
  const chosen = events
    .filter((m) => m['lat'] && m['lng'] && (m['eventImg'] as string[]).length && m['artistImg'])
    .slice(0, DAY_EVENTS);
  if (chosen.length < DAY_EVENTS) throw new Error(`only ${chosen.length} events to pack`);
  for (const m of chosen) {
    await pb.collection('meetUps').update(m.id, {
      startDate: `${day} 00:00:00.000Z`,
      endDate: `${day} 00:00:00.000Z`,
    });
  }
  return chosen[0]!.id;
}

const cacheUsage = (page: Page) =>
  page.evaluate(async () => {
    const e = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { caches?: number };
    };
    return e.usageDetails?.caches ?? e.usage ?? 0;
  });

/** Presses the box's save button; the pack's figures once the screen says it is saved. */
async function saveAndMeasure(page: Page, box: ReturnType<Page['locator']>, pack: string) {
  // the estimate is asked for once the box is near the viewport
  await box.scrollIntoViewIfNeeded();
  const plan = box.getByTestId('offline-pack-plan');
  await plan.filter({ hasText: '약 ' }).waitFor({ timeout: 30_000 });
  const text = (await plan.textContent()) ?? '';
  const m = /약 ([\d.]+)(KB|MB)/.exec(text);
  const estimate = m ? Number(m[1]) * (m[2] === 'MB' ? 1024 * 1024 : 1024) : NaN;
  const before = await cacheUsage(page);
  const started = await page.evaluate(() => performance.now());
  await box.getByRole('button', { name: /오프라인 저장/ }).click();
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.getAttribute('data-state') === 'saved',
    PACK,
    { timeout: 120_000, polling: 'raf' },
  );
  const ms = (await page.evaluate(() => performance.now())) - started;
  const bytes = Number(await box.getAttribute('data-bytes'));
  const stored = await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const out = { files: 0, tiles: 0, tileBytes: 0 };
    for (const req of await cache.keys()) {
      if (new URL(req.url).pathname.startsWith('/api/files/')) out.files++;
      else {
        out.tiles++;
        out.tileBytes += (await (await cache.match(req))!.arrayBuffer()).byteLength;
      }
    }
    return out;
  }, `offline-pack:${pack}`);
  // the usage figure follows the writes a moment later
  await sleep(500);
  const cacheGrowth = (await cacheUsage(page)) - before;
  return { ...stored, bytes, cacheGrowth, estimate, ms };
}

async function oneRun(browser: Browser, server: DemoServer, eventId: string, day: string) {
  const context = await newPhoneContext(browser, server);
  try {
    const page = await context.newPage();
    await page.goto(`/meetupDetail/${eventId}`);
    await waitForServiceWorker(page);
    await syncIdle(page, { collection: 'comments' });
    const eventBox = page.locator(PACK);
    await eventBox.waitFor({ timeout: 30_000 });
    const event = await saveAndMeasure(page, eventBox, `event-${eventId}`);

    await page.goto('/meetup');
    await syncIdle(page, { collection: 'meetUps' });
    const fold = page.getByTestId('offline-pack-day');
    await fold.waitFor({ timeout: 30_000 });
    await fold.locator('summary').click();
    await page.getByTestId('offline-pack-day-picker').selectOption(day);
    const dayBox = fold.locator(PACK);
    await page.waitForFunction(
      (want) =>
        document.querySelector('[data-testid="offline-pack"]')?.getAttribute('data-pack') === want,
      `day-${day}`,
    );
    const daySample = await saveAndMeasure(page, dayBox, `day-${day}`);
    return { event, day: daySample };
  } finally {
    await context.close();
  }
}

function summarizeSamples(samples: PackSample[]) {
  const of = (k: keyof PackSample) => summarize(samples.map((s) => s[k]));
  return {
    files: of('files'),
    tiles: of('tiles'),
    tileBytes: of('tileBytes'),
    bytes: of('bytes'),
    cacheGrowth: of('cacheGrowth'),
    estimate: of('estimate'),
    ms: of('ms'),
  };
}

const toKb = (v: number) => Math.round((v / 1024) * 10) / 10;
const kb = (s: Summary): Summary => ({
  median: toKb(s.median),
  min: toKb(s.min),
  max: toKb(s.max),
  runs: s.runs.map(toKb),
});

export async function runOfflinePackBench(partial: Partial<OfflinePackOptions> = {}): Promise<{
  result: OfflinePackResult;
  rows: Row[];
}> {
  const opts: OfflinePackOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const started = performance.now();
  const cleanup: (() => Promise<void>)[] = [];
  try {
    let app = opts.app;
    if (!app) {
      log('building the app…');
      app = await buildBenchApp({ testApi: true });
      const built = app;
      cleanup.push(() => built.dispose());
    }
    const server = await startDemoServer(app);
    cleanup.unshift(() => server.stop());
    const day = dayAhead(DAY_AHEAD);
    const eventId = await prepareDay(server, day);
    // the pulls' safety window re-reads the last 10 s: let the moved events age past it
    await sleep(SEED_SETTLE_MS);
    const { browser, version } = await launchBenchBrowser();
    cleanup.unshift(() => browser.close());

    const samples: Record<Kind, PackSample[]> = { event: [], day: [] };
    for (let run = 0; run < opts.runs; run++) {
      const out = await oneRun(browser, server, eventId, day);
      samples.event.push(out.event);
      samples.day.push(out.day);
      log(
        `  run ${run + 1}: event ${out.event.files} files + ${out.event.tiles} tiles, ` +
          `${(out.event.bytes / 1024).toFixed(1)} KB in ${out.event.ms.toFixed(0)} ms; ` +
          `day ${out.day.files} files + ${out.day.tiles} tiles, ` +
          `${(out.day.bytes / 1024).toFixed(1)} KB in ${out.day.ms.toFixed(0)} ms`,
      );
    }
    const summary = { event: summarizeSamples(samples.event), day: summarizeSamples(samples.day) };
    const result: OfflinePackResult = {
      name: 'offline-pack',
      machine: machineInfo({ chromium: version, pocketbase: pocketBaseVersion() ?? undefined }),
      config: {
        runs: opts.runs,
        viewport: PHONE,
        dayEvents: DAY_EVENTS,
        tilePngBytes: tilePng().byteLength,
        event: eventId,
        day,
      },
      summary,
      samples,
      totalMs: performance.now() - started,
    };
    const rows: Row[] = [];
    const label = { event: 'one event', day: `a day of ${DAY_EVENTS} events` } as const;
    for (const kind of ['event', 'day'] as const) {
      const s = summary[kind];
      rows.push(
        { figure: `${label[kind]}: images`, value: s.files, unit: 'files' },
        { figure: `${label[kind]}: map tiles`, value: s.tiles, unit: 'tiles' },
        { figure: `${label[kind]}: pack size`, value: kb(s.bytes), unit: 'KB' },
        {
          figure: `${label[kind]}: of which tiles`,
          value: kb(s.tileBytes),
          unit: 'KB (generated PNGs)',
        },
        { figure: `${label[kind]}: Cache Storage growth`, value: kb(s.cacheGrowth), unit: 'KB' },
        {
          figure: `${label[kind]}: estimate shown before saving`,
          value: kb(s.estimate),
          unit: 'KB',
        },
        { figure: `${label[kind]}: download time`, value: s.ms, unit: 'ms' },
      );
    }
    return { result, rows };
  } finally {
    for (const fn of cleanup) await fn().catch(() => undefined);
  }
}
