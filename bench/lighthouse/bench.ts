/**
 * The Lighthouse benchmark: Lighthouse 12 at its default settings (mobile: a Moto G Power sized
 * screen, 4× CPU slowdown and a slow 4G link, throttling simulated from the trace) on `/`,
 * `/exchange` and `/meetup` of the production build, served by a real PocketBase with the demo
 * seed (bench/lib/app.ts; map tiles from a loopback tile server). Debian's Chromium is launched by
 * chrome-launcher for each run with a fresh temp profile.
 *
 * Every run is a cold load: Lighthouse clears the origin's storage and the HTTP cache before it
 * loads the page (its default), so no service worker is in control and nothing comes from
 * IndexedDB; the page syncs its first data from the server as on a first visit.
 *
 * Figures, per page (median, min and max of the runs):
 * - performance / accessibility / best-practices: the category scores, 0–100;
 * - LCP: Largest Contentful Paint, ms (simulated slow 4G + 4× CPU);
 * - TBT: Total Blocking Time, ms, the main thread's long-task time between FCP and interactive;
 * - CLS: Cumulative Layout Shift (unitless);
 * - FCP: First Contentful Paint, ms; Speed Index, ms (how fast the visible page fills in).
 *
 * The result also holds per page the top 3 failing audits by weight for accessibility and
 * best-practices (what costs points), Lighthouse's runtime warnings, and any request that left
 * 127.0.0.1 (from the network-requests audit; expected: none).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result as LhResult } from 'lighthouse';
import { buildBenchApp, startDemoServer, type BenchApp } from '../lib/app.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { pocketBaseVersion, type BenchServer } from '../lib/server.ts';
import { summarize, type Summary } from '../lib/stats.ts';

export interface LighthouseBenchOptions {
  runs: number;
  pages: string[];
  /** An already built app (`npm run bench` builds once); built here (and removed) if absent. */
  app?: BenchApp;
  /** A running demo server for `app`; started here (and stopped) if absent. */
  server?: BenchServer;
  log: (line: string) => void;
}

export const DEFAULTS: Omit<LighthouseBenchOptions, 'app' | 'server'> = {
  runs: 3,
  pages: ['/', '/exchange', '/meetup'],
  log: (line) => console.log(line),
};

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
} as const;
type Metric = keyof typeof METRICS;

export interface RunSample {
  scores: Record<Category, number | null>;
  metrics: Record<Metric, number | null>;
  failing: Record<'accessibility' | 'best-practices', FailingAudit[]>;
  runWarnings: string[];
  externalRequests: string[];
  requests: number;
  transferBytes: number;
  ms: number;
}

export interface FailingAudit {
  id: string;
  title: string;
  weight: number;
  score: number | null;
}

export interface PageFigures {
  path: string;
  scores: Record<Category, Summary>;
  metrics: Record<Metric, Summary>;
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
  const items =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; transferSize?: number }[];
      }
    )?.items ?? [];
  return {
    scores,
    metrics,
    failing: {
      accessibility: failingAudits(lhr, 'accessibility'),
      'best-practices': failingAudits(lhr, 'best-practices'),
    },
    runWarnings: lhr.runWarnings,
    externalRequests: items.map((i) => i.url).filter((u) => !isLoopback(u)),
    requests: items.length,
    transferBytes: items.reduce((s, i) => s + (i.transferSize ?? 0), 0),
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
      log(`  built in ${(app.build.ms / 1000).toFixed(1)} s`);
    }
    let server = opts.server;
    if (!server) {
      log('starting PocketBase with the demo seed ...');
      server = ownServer = await startDemoServer(app);
    }
    const tilesBefore = app.tiles.served();

    let chromium = '';
    let lhrConfig: LhResult['configSettings'] | null = null;
    const pages: PageFigures[] = [];
    for (const path of opts.pages) {
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
        log(
          `  ${path} run ${run + 1}: perf ${s.scores.performance}, a11y ${s.scores.accessibility}, ` +
            `bp ${s.scores['best-practices']}, LCP ${s.metrics.lcpMs?.toFixed(0)} ms, ` +
            `TBT ${s.metrics.tbtMs?.toFixed(0)} ms, CLS ${s.metrics.cls?.toFixed(3)} ` +
            `(${(s.ms / 1000).toFixed(0)} s)`,
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
      pages.push({
        path,
        scores,
        metrics,
        requests: summarize(
          samples.map((s) => s.requests),
          0,
        ),
        transferBytes: summarize(
          samples.map((s) => s.transferBytes),
          0,
        ),
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
    );

    const result: LighthouseBenchResult = {
      name: 'lighthouse',
      machine: machineInfo({ chromium, pocketbase: pocketBaseVersion() ?? undefined }),
      config: {
        runs: opts.runs,
        pages: opts.pages,
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
      rows.push(
        { figure: `${p.path} performance`, value: p.scores.performance, unit: '/100' },
        { figure: `${p.path} accessibility`, value: p.scores.accessibility, unit: '/100' },
        { figure: `${p.path} best-practices`, value: p.scores['best-practices'], unit: '/100' },
        { figure: `${p.path} LCP`, value: p.metrics.lcpMs, unit: 'ms' },
        { figure: `${p.path} TBT`, value: p.metrics.tbtMs, unit: 'ms' },
        { figure: `${p.path} CLS`, value: p.metrics.cls },
        { figure: `${p.path} FCP`, value: p.metrics.fcpMs, unit: 'ms' },
        { figure: `${p.path} Speed Index`, value: p.metrics.speedIndexMs, unit: 'ms' },
      );
      for (const cat of ['accessibility', 'best-practices'] as const) {
        const list = p.failing[cat];
        if (list.length) {
          rows.push({
            figure: `${p.path} ${cat} failing (by weight)`,
            value: list.map((a) => a.id).join(', '),
          });
        }
      }
    }
    return { result, rows };
  } finally {
    await ownServer?.stop();
    await ownApp?.dispose();
  }
}
