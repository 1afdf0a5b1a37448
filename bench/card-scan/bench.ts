/**
 * Card scanning (docs/card-scan.md): how often the engine names the right card, what the scanner
 * decides from it, and how long a frame takes, on photos made from the demo seed's card art.
 *
 * - Scopes: a group's `groupCards` cards (RIIZE, the first demo group), and `scopeCards` cards
 *   over `scopeGroups` groups (that group's cards and the rest spread over the others). Every
 *   card is drawn and fingerprinted from its catalogue image (bench/card-scan/cards.ts), in one
 *   worker thread per core.
 * - Accuracy: photos (bench/card-scan/photos.ts) of a sample of the group's cards, each
 *   distortion alone and all at once (`photosPerRow` photos a row, `allPhotos` all at once),
 *   every photo recognised among both scopes (the same photos, so the rows compare): top-1.
 * - Decisions: `decide()` (src/lib/card-scan/decide.ts) on the all-at-once photos, and on photos
 *   of cards in neither scope: another group's (the last demo group, `outsidePhotos`) and the same
 *   group's cards past the scope (`sameGroupPhotos`), as a card newer than the catalogue would be.
 * - Time: recognize() per frame in Node on this thread (`nodeFrames` all-at-once frames against
 *   the big scope, after the workers are done), and in Debian's Chromium with the CPU throttled
 *   `throttle`× (CDP Emulation.setCPUThrottlingRate: a mid-range phone), src/lib/card-scan
 *   bundled by esbuild into the page (`browserFrames` frames, `browserRepeats` times each, after
 *   two warm-ups); fingerprinting one catalogue image in Node; the fingerprint's bytes.
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import {
  ASK_CHOICES,
  decide,
  LOOKALIKE_DISTANCE,
  LOOKALIKE_MARGIN,
  SURE_DISTANCE,
  SURE_MARGIN,
  UNKNOWN_DISTANCE,
  type Decision,
} from '../../src/lib/card-scan/decide.ts';
import { fingerprint, FINGERPRINT_BYTES } from '../../src/lib/card-scan/fingerprint.ts';
import {
  imageSampler,
  recognize,
  type FingerprintIndex,
} from '../../src/lib/card-scan/recognize.ts';
import type { Raster } from '../../src/lib/card-scan/raster.ts';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { budget, type Row } from '../lib/report.ts';
import { prng } from '../lib/seed.ts';
import { summarize, type Summary } from '../lib/stats.ts';
import { GROUP_COUNT, groupCard, groupName, scopePlan } from './cards.ts';
import { DISTORTIONS, photograph, type Distortion } from './photos.ts';
import { startWorker, type PhotoOutcome, type Shot } from './worker.ts';

export interface CardScanBenchOptions {
  /** Cards of the one group (the small scope). */
  groupCards: number;
  /** Cards of the big scope, over `scopeGroups` groups. */
  scopeCards: number;
  scopeGroups: number;
  /** Photos per distortion alone (and with none). */
  photosPerRow: number;
  /** Photos with every distortion at once (the decision figures are read on them). */
  allPhotos: number;
  /** All-at-once photos of another group's cards, in neither scope. */
  outsidePhotos: number;
  /** All-at-once photos of the group's cards past the scopes' (same art, not in the index). */
  sameGroupPhotos: number;
  nodeFrames: number;
  browserFrames: number;
  browserRepeats: number;
  throttle: number;
  /** Worker threads for drawing and recognising (default: one per core). */
  workers: number;
  /** Added to every photo's seed: another set of photos (decide.ts was calibrated on seed 1). */
  seed: number;
}

export const DEFAULTS: CardScanBenchOptions = {
  groupCards: 400,
  scopeCards: 5000,
  scopeGroups: 9,
  photosPerRow: 200,
  allPhotos: 400,
  outsidePhotos: 200,
  sameGroupPhotos: 100,
  nodeFrames: 40,
  browserFrames: 8,
  browserRepeats: 3,
  throttle: 4,
  workers: Math.max(1, cpus().length),
  seed: 0,
};

export const QUICK: Partial<CardScanBenchOptions> = {
  groupCards: 100,
  scopeCards: 500,
  photosPerRow: 10,
  allPhotos: 20,
  outsidePhotos: 10,
  sameGroupPhotos: 10,
  nodeFrames: 5,
  browserFrames: 2,
  browserRepeats: 1,
};

/** Top-1 at least this often among a group's cards, and among the big scope (all at once). */
export const GROUP_TOP1_BUDGET = 97;
export const SCOPE_TOP1_BUDGET = 93;
/** A wrong card 'sure' in at most this share of all-at-once frames. */
export const SURE_WRONG_BUDGET = 0.5;
/** A card steady in view to its result, ms (4× CPU). */
export const FRAME_BUDGET_MS = 300;
export const PRINT_BYTES_BUDGET = 200;

const GROUP = 0;
const OUTSIDE_GROUP = GROUP_COUNT - 1;
const ALL = 'all at once';

export interface DecisionFigures {
  n: number;
  /** Shares of the frames, %. */
  sureRight: number;
  sureWrong: number;
  ask: number;
  /** Of the frames asked about, the share with the right card among those offered, %. */
  askHasRight: number;
  unknown: number;
}

export interface CardScanBenchResult {
  name: 'card-scan';
  machine: MachineInfo;
  config: CardScanBenchOptions & { printBytes: number; scopeGroupNames: string[] };
  /** Per row (none, each distortion, all at once) and scope: photos and top-1 share, %. */
  accuracy: { row: string; scope: string; n: number; top1: number }[];
  /** All-at-once frames whose worst corner is within 3% of the card's height, %. */
  cornersWithin3: number;
  decisions: { photos: string; scope: string; figures: DecisionFigures }[];
  time: {
    nodeMs: Summary & { p95: number };
    browserMs: (Summary & { p95: number }) | null;
    printMs: Summary;
  };
  /**
   * Every all-at-once and outside photo's candidates per scope, to calibrate decide() again: one
   * line each, `row | card | seed | scope: id distance, id distance, id distance | scope: ...`
   * ('none' where no card was found).
   */
  frames: string[];
  problems: string[];
  notes: string[];
  totalMs: number;
}

const pct = (k: number, n: number) => (n ? Number(((100 * k) / n).toFixed(1)) : NaN);

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)]!.toFixed(1));
}

/** `count` distinct numbers below `below`, picked with a fixed seed. */
function sample(count: number, below: number, seed: number): number[] {
  const r = prng(seed);
  const all = Array.from({ length: below }, (_, i) => i);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, count);
}

/** Splits `items` into `n` interleaved parts (neighbouring items cost about the same). */
function deal<T>(items: readonly T[], n: number): T[][] {
  const parts: T[][] = Array.from({ length: n }, () => []);
  items.forEach((item, i) => parts[i % n]!.push(item));
  return parts.filter((p) => p.length);
}

async function buildScope(
  plan: { group: number; card: number }[],
  workers: number,
): Promise<FingerprintIndex> {
  // contiguous slices, so the index keeps the plan's order
  const size = Math.ceil(plan.length / workers);
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, w) => plan.slice(w * size, (w + 1) * size))
      .filter((p) => p.length)
      .map((cards) => startWorker({ kind: 'prints', cards })),
  );
  const prints = new Int8Array(plan.length * FINGERPRINT_BYTES);
  const ids: string[] = [];
  let at = 0;
  for (const p of parts) {
    prints.set(p.prints, at);
    at += p.prints.length;
    ids.push(...p.ids);
  }
  return { ids, prints };
}

function frameLine(f: PhotoOutcome): string {
  const scopes = Object.entries(f.found).map(
    ([name, c]) =>
      `${name}: ${c ? c.map((x) => `${x.id} ${x.distance.toFixed(4)}`).join(', ') : 'none'}`,
  );
  return [f.row, f.id, f.seed, ...scopes].join(' | ');
}

function decisionFigures(frames: readonly PhotoOutcome[], scope: string): DecisionFigures {
  let sureRight = 0;
  let sureWrong = 0;
  let ask = 0;
  let askHasRight = 0;
  let unknown = 0;
  for (const f of frames) {
    const d: Decision = decide(f.found[scope] ?? []);
    if (d.kind === 'sure') {
      if (d.id === f.id) sureRight++;
      else sureWrong++;
    } else if (d.kind === 'ask') {
      ask++;
      if (d.ids.includes(f.id)) askHasRight++;
    } else unknown++;
  }
  const n = frames.length;
  return {
    n,
    sureRight: pct(sureRight, n),
    sureWrong: pct(sureWrong, n),
    ask: pct(ask, n),
    askHasRight: pct(askHasRight, ask),
    unknown: pct(unknown, n),
  };
}

const b64 = (bytes: Uint8Array | Uint8ClampedArray | Int8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** ./page.ts with src/lib/card-scan as one page script, its exports on `window.cardScanBench`. */
async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [join(import.meta.dirname, 'page.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'cardScanBench',
    target: 'es2022',
    minify: true,
    write: false,
  });
  return out.outputFiles[0]!.text;
}

type PageApi = typeof import('./page.ts');

/** recognize() per frame in Chromium at `throttle`× CPU, ms. */
async function browserTimes(
  frames: Raster[],
  index: FingerprintIndex,
  repeats: number,
  throttle: number,
): Promise<{ ms: number[]; version: string }> {
  const script = await bundle();
  const { browser, version } = await launchBenchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('http://card-scan.bench/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>card scan</title>' }),
    );
    await page.goto('http://card-scan.bench/');
    await page.addScriptTag({ content: script });
    await page.evaluate(
      ([ids, prints, given]) =>
        (window as unknown as { cardScanBench: PageApi }).cardScanBench.load(ids, prints, given),
      [
        index.ids,
        b64(index.prints),
        frames.map((f) => ({ width: f.width, height: f.height, data: b64(f.data) })),
      ] as const,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const ms = await page.evaluate(
      (repeats) => (window as unknown as { cardScanBench: PageApi }).cardScanBench.time(repeats),
      repeats,
    );
    await context.close();
    return { ms, version };
  } finally {
    await browser.close();
  }
}

export async function runCardScanBench(
  options: Partial<CardScanBenchOptions> = {},
): Promise<{ result: CardScanBenchResult; rows: Row[] }> {
  const opts = { ...DEFAULTS, ...options };
  const started = performance.now();
  const problems: string[] = [];
  const notes: string[] = [];
  const log = (s: string) =>
    console.log(`  ${s} (${((performance.now() - started) / 1000).toFixed(0)} s)`);

  // the scopes: the group's cards are the big scope's first
  const scopeGroupIdx = Array.from({ length: opts.scopeGroups }, (_, i) => i);
  if (opts.scopeGroups >= GROUP_COUNT) throw new Error('leave a demo group out of the scope');
  const plan = scopePlan(opts.scopeCards, scopeGroupIdx, opts.groupCards);
  const scope = await buildScope(plan, opts.workers);
  const groupScope: FingerprintIndex = {
    ids: scope.ids.slice(0, opts.groupCards),
    prints: scope.prints.slice(0, opts.groupCards * FINGERPRINT_BYTES),
  };
  const small = `${opts.groupCards.toLocaleString('en-US')}`;
  const big = `${opts.scopeCards.toLocaleString('en-US')}`;
  const scopes = { [small]: groupScope, [big]: scope };
  log(`fingerprinted ${plan.length} cards`);

  // the photos: per card of the sample, every row it is in
  const rows: { name: string; on: Distortion[]; n: number }[] = [
    { name: 'none', on: [], n: opts.photosPerRow },
    ...DISTORTIONS.map((d) => ({ name: d, on: [d], n: opts.photosPerRow })),
    { name: ALL, on: [...DISTORTIONS], n: opts.allPhotos },
  ];
  const jobs = new Map<string, { group: number; card: number; shots: Shot[] }>();
  const shoot = (group: number, card: number, shot: Shot) => {
    const key = `${group}|${card}`;
    let job = jobs.get(key);
    if (!job) jobs.set(key, (job = { group, card, shots: [] }));
    job.shots.push(shot);
  };
  // every seed a fixed function of the option `seed`, so a run is the same photos each time
  const base = opts.seed * 100_000_000;
  rows.forEach((row, r) => {
    const picked = sample(Math.min(row.n, opts.groupCards), opts.groupCards, base + 100 + r);
    for (let k = 0; k < row.n; k++) {
      // more photos than cards: a second shot of each, with its own seed
      shoot(GROUP, picked[k % picked.length]!, {
        row: row.name,
        on: row.on,
        seed: base + 1_000_000 * (r + 1) + k,
      });
    }
  });
  const outsideCards = sample(opts.outsidePhotos, 400, base + 7);
  outsideCards.forEach((card, k) =>
    shoot(OUTSIDE_GROUP, card, {
      row: 'another group',
      on: [...DISTORTIONS],
      seed: base + 50_000_000 + k,
    }),
  );
  // the group's cards past both scopes: numbers from groupCards up
  const past = Math.max(
    opts.groupCards,
    ...plan.filter((p) => p.group === GROUP).map((p) => p.card + 1),
  );
  sample(opts.sameGroupPhotos, 400, base + 8).forEach((k, i) =>
    shoot(GROUP, past + k, {
      row: 'same group',
      on: [...DISTORTIONS],
      seed: base + 60_000_000 + i,
    }),
  );
  const frames = (
    await Promise.all(
      deal([...jobs.values()], opts.workers).map((cards) =>
        startWorker({ kind: 'photos', scopes, cards }),
      ),
    )
  ).flat();
  log(`recognised ${frames.length} photos`);

  const accuracy: CardScanBenchResult['accuracy'] = [];
  for (const row of rows) {
    const of = frames.filter((f) => f.row === row.name);
    for (const name of [small, big]) {
      const right = of.filter((f) => f.found[name]?.[0]?.id === f.id).length;
      accuracy.push({ row: row.name, scope: name, n: of.length, top1: pct(right, of.length) });
    }
  }
  const all = frames.filter((f) => f.row === ALL);
  const cornersWithin3 = pct(all.filter((f) => f.cornerMiss <= 0.03).length, all.length);
  const decisions: CardScanBenchResult['decisions'] = [];
  for (const photos of [ALL, 'another group', 'same group']) {
    const of = frames.filter((f) => f.row === photos);
    if (!of.length) continue;
    for (const name of [small, big]) {
      decisions.push({ photos, scope: name, figures: decisionFigures(of, name) });
    }
  }

  // time, on this thread alone now that the workers are done
  const timeCards = sample(opts.nodeFrames, opts.groupCards, base + 9).map((i) =>
    groupCard(GROUP, i),
  );
  const printMs: number[] = [];
  for (const c of timeCards.slice(0, 3)) fingerprint(imageSampler(c.image));
  for (const c of timeCards) {
    const t = performance.now();
    fingerprint(imageSampler(c.image));
    printMs.push(performance.now() - t);
  }
  const timeFrames = timeCards.map(
    (c, k) => photograph(c.image, [...DISTORTIONS], base + 70_000_000 + k).frame,
  );
  for (const f of timeFrames.slice(0, 2)) recognize(f, scope, 3);
  const nodeMs: number[] = [];
  for (const f of timeFrames) {
    const t = performance.now();
    recognize(f, scope, 3);
    nodeMs.push(performance.now() - t);
  }
  log('timed Node');
  let browserMs: number[] | null = null;
  let chromium: string | undefined;
  try {
    const got = await browserTimes(
      timeFrames.slice(0, opts.browserFrames),
      scope,
      opts.browserRepeats,
      opts.throttle,
    );
    browserMs = got.ms;
    chromium = got.version;
  } catch (err) {
    problems.push(`browser timing: ${(err as Error).message.split('\n')[0]}`);
  }
  log('timed Chromium');

  const time = {
    nodeMs: { ...summarize(nodeMs), p95: p95(nodeMs) },
    browserMs: browserMs ? { ...summarize(browserMs), p95: p95(browserMs) } : null,
    printMs: summarize(printMs, 2),
  };

  const cores = cpus().length;
  notes.push(
    `Photos of ${groupName(GROUP)}'s cards, each recognised among that group's ${small} cards and among ${big} cards of ${opts.scopeGroups} groups (the same photos). Cards outside the scope: ${groupName(OUTSIDE_GROUP)}'s, and ${groupName(GROUP)}'s numbered past the scope's (same art, not in the index).`,
    `decide(): sure when d2 ≥ ${SURE_MARGIN} × d1 and d1 ≤ ${SURE_DISTANCE}; unknown when d1 > ${UNKNOWN_DISTANCE}, or d1 > ${LOOKALIKE_DISTANCE} and d2 < ${LOOKALIKE_MARGIN} × d1; else ask among the closest ${ASK_CHOICES} (d1, d2: the closest and second closest cards' distances).`,
    `Drawing and recognising ran in ${opts.workers} worker threads on ${cores} cores; the times ran on one thread after them, with whatever else the machine was running.`,
  );
  if (opts.groupCards < DEFAULTS.groupCards || opts.allPhotos < DEFAULTS.allPhotos) {
    notes.push('Smaller scopes and samples than the defaults: not the figures to compare.');
  }
  const result: CardScanBenchResult = {
    name: 'card-scan',
    machine: machineInfo(chromium ? { chromium } : {}),
    config: {
      ...opts,
      printBytes: FINGERPRINT_BYTES,
      scopeGroupNames: scopeGroupIdx.map(groupName),
    },
    accuracy,
    cornersWithin3,
    decisions,
    time,
    frames: frames.filter((f) => f.row in PHOTOS_LABEL).map(frameLine),
    problems,
    notes,
    totalMs: performance.now() - started,
  };
  return { result, rows: cardScanRows(result) };
}

const PHOTOS_LABEL: Record<string, string> = {
  [ALL]: "the scope's cards, all at once",
  'another group': "another group's cards (not in the scope)",
  'same group': "the group's cards past the scope's",
};

/** The table of a run's figures, from its result alone (bench/RESULTS.md's section). */
export function cardScanRows(result: CardScanBenchResult): Row[] {
  const { accuracy, cornersWithin3, decisions, time, config } = result;
  const small = config.groupCards.toLocaleString('en-US');
  const big = config.scopeCards.toLocaleString('en-US');
  const out: Row[] = [];
  for (const a of accuracy) {
    const isAll = a.row === ALL;
    const target = a.scope === small ? GROUP_TOP1_BUDGET : SCOPE_TOP1_BUDGET;
    out.push({
      figure: `top-1 among ${a.scope}: ${a.row} (n=${a.n})`,
      value: a.top1,
      unit: '%',
      ...(isAll ? { budget: budget(a.top1, '>=', target, '%') } : {}),
    });
  }
  const allN = accuracy.find((a) => a.row === ALL)?.n ?? 0;
  out.push({
    figure: `${ALL}: corners within 3% of the card's height (n=${allN})`,
    value: cornersWithin3,
    unit: '%',
  });
  for (const { photos, scope: name, figures: f } of decisions) {
    const head = `decide among ${name}, ${PHOTOS_LABEL[photos]} (n=${f.n})`;
    if (photos === ALL) {
      out.push(
        { figure: `${head}: sure, right`, value: f.sureRight, unit: '%' },
        {
          figure: `${head}: sure, wrong`,
          value: f.sureWrong,
          unit: '%',
          budget: budget(f.sureWrong, '<=', SURE_WRONG_BUDGET, '%'),
        },
        { figure: `${head}: ask`, value: f.ask, unit: '%' },
        { figure: `${head}: ask, right card among the 3`, value: f.askHasRight, unit: '% of asks' },
        { figure: `${head}: unknown`, value: f.unknown, unit: '%' },
      );
    } else {
      out.push(
        { figure: `${head}: unknown`, value: f.unknown, unit: '%' },
        { figure: `${head}: ask`, value: f.ask, unit: '%' },
        { figure: `${head}: sure`, value: f.sureRight + f.sureWrong, unit: '%' },
      );
    }
  }
  out.push(
    {
      figure: `recognize() per frame, Node, among ${big} (n=${time.nodeMs.runs.length})`,
      value: time.nodeMs,
      unit: 'ms',
    },
    { figure: `recognize() per frame, Node: p95`, value: time.nodeMs.p95, unit: 'ms' },
  );
  if (time.browserMs) {
    const head = `recognize() per frame, Chromium ${config.throttle}× CPU, among ${big} (n=${time.browserMs.runs.length})`;
    out.push(
      {
        figure: head,
        value: time.browserMs,
        unit: 'ms',
        budget: budget(time.browserMs, '<=', FRAME_BUDGET_MS, 'ms'),
      },
      {
        figure: `recognize() per frame, Chromium ${config.throttle}× CPU: p95`,
        value: time.browserMs.p95,
        unit: 'ms',
        budget: budget(time.browserMs.p95, '<=', FRAME_BUDGET_MS, 'ms'),
      },
    );
  }
  out.push(
    {
      figure: 'fingerprint: bytes per card',
      value: config.printBytes,
      unit: 'bytes',
      budget: budget(config.printBytes, '<=', PRINT_BYTES_BUDGET, 'bytes'),
    },
    {
      figure: `fingerprint one catalogue image (300×450), Node (n=${time.printMs.runs.length})`,
      value: time.printMs,
      unit: 'ms',
    },
  );
  return out;
}
