/**
 * `npm run bench`: every benchmark on this machine, one after another, against the real
 * PocketBase and Debian's Chromium. Prints each table as it finishes, then a headline table, and
 * writes bench/results.json, bench/RESULTS.md and each benchmark's bench/results/<name>.json.
 *
 *   npm run bench                         everything (about 15 minutes)
 *   npm run bench -- --only bundle,sync   some of them
 *   npm run bench -- --skip capacity      all but some
 *   npm run bench -- --quick              fewer runs and smaller data: a smoke check of the suite,
 *                                         not figures to compare (RESULTS.md says so)
 *
 * A benchmark that throws is reported as failed and the suite goes on. Nothing asserts on time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildBenchApp, type BenchApp } from './lib/app.ts';
import { launchBenchBrowser } from './lib/browser.ts';
import { describeMachine, machineInfo } from './lib/machine.ts';
import { BENCH_DIR, table, writeResult, type Row } from './lib/report.ts';
import { pocketBaseVersion } from './lib/server.ts';
import { writeSuite, type BenchOutcome, type SuiteResult } from './lib/summary.ts';
import { writeResultsSection } from './phone/results-md.ts';

interface Context {
  quick: boolean;
  /**
   * The app built once for every benchmark that drives it: as shipped, or with the test handle
   * (`window.__pocamarket`, a build flag) for the benchmarks that read the app's state through it.
   */
  app: (options?: { testApi?: boolean }) => Promise<BenchApp>;
}

interface Ran {
  result: unknown;
  rows: Row[];
}

interface Bench {
  name: string;
  title: string;
  run(ctx: Context): Promise<Ran>;
  /** Figures (exact names or patterns) copied into the headline table. */
  headline: (string | RegExp)[];
}

const BENCHES: Bench[] = [
  {
    name: 'bundle',
    title: 'Bundle',
    run: async () => (await import('./bundle/bench.ts')).runBundleBench({}),
    headline: [/^initial JS/, /^initial total/, /^leaflet/i, /^swiper/i],
  },
  {
    name: 'lighthouse',
    title: 'Lighthouse (mobile)',
    run: async (ctx) =>
      (await import('./lighthouse/bench.ts')).runLighthouseBench({
        app: await ctx.app(),
        ...(ctx.quick ? { runs: 1 } : {}),
      }),
    headline: [
      /^\S+ performance$/,
      /^\S+ LCP$/,
      /^\S+ TBT$/,
      /^\S+ bytes before first paint$/,
      'routes meeting every budget',
    ],
  },
  {
    name: 'offline-start',
    title: 'Repeat visit through the service worker (offline start)',
    run: async (ctx) =>
      (await import('./offline-start/bench.ts')).runOfflineStartBench({
        app: await ctx.app({ testApi: true }),
        ...(ctx.quick ? { runs: 2 } : {}),
      }),
    headline: [/: first card painted$/],
  },
  {
    name: 'offline-pack',
    title: 'Offline packs: size and download time (one event, a day of 10)',
    run: async (ctx) =>
      (await import('./offline-pack/bench.ts')).runOfflinePackBench({
        app: await ctx.app({ testApi: true }),
        ...(ctx.quick ? { runs: 1 } : {}),
      }),
    headline: [/: pack size$/, /: download time$/],
  },
  {
    name: 'cards',
    title: 'Local search and the card grid',
    run: async (ctx) =>
      (await import('./cards/bench.ts')).runCardsBench({
        app: await ctx.app({ testApi: true }),
        ...(ctx.quick ? { runs: 2 } : {}),
      }),
    headline: [/^search keystroke/],
  },
  {
    name: 'sync',
    title: 'Sync',
    run: async (ctx) =>
      (await import('./sync/bench.ts')).runSyncBench(
        ctx.quick ? { runs: 1, cards: 1000, meetups: 60, mutations: 40 } : {},
      ),
    headline: [
      /^initial sync \(/,
      /^no-change delta pull: time/,
      /^flush \d+ mutations: time/,
      /^flush: requests per mutation/,
    ],
  },
  {
    name: 'session',
    title: "A fan's session: ours against the original app's calls",
    run: async (ctx) =>
      (await import('./session/bench.ts')).runSessionBench({
        app: await ctx.app({ testApi: true }),
        ...(ctx.quick ? { runs: 1 } : {}),
      }),
    headline: [/: API requests$/, /requests per pull round$/, /: received on the wire$/],
  },
  {
    name: 'capacity',
    title: 'Server capacity (autocannon, realtime fan-out)',
    run: async (ctx) =>
      (await import('./capacity/bench.ts')).runCapacityBench(
        ctx.quick ? { runs: 1, duration: 3 } : {},
      ),
    headline: [/@50: req\/s/, /@50: p99/, /^saturation/, /^fan-out 500: latency p99/],
  },
  {
    name: 'scale',
    title: 'Scale on one server core: like storms, catalogue reads, uploads (taskset)',
    run: async (ctx) => {
      const scale = await import('./scale/bench.ts');
      return scale.runScaleBench(ctx.quick ? scale.QUICK : {});
    },
    headline: [
      /^likes, batches of \d+ @\d+: likes\/s$/,
      /^hot-card storm .*: p99$/,
      /cards\/s$/,
      /uploads\/s$/,
    ],
  },
  {
    name: 'trades',
    title: 'Trades: matches, conversation list, message delivery and throughput',
    run: async (ctx) => {
      const trades = await import('./trades/bench.ts');
      return trades.runTradesBench(ctx.quick ? trades.QUICK : {});
    },
    headline: [
      /^matches \(300 items\): p(50|99)$/,
      /^matches \(2000 items\): p99$/,
      /^conversation list: first page .*: p99$/,
      /^realtime \d+: delivery paced.*: p99$/,
      /^realtime \d+: delivery burst.*: p99$/,
      /^messages\/s, batches of (1|10|50) \(no realtime clients\)$/,
      /^messages\/s, batches of 1 \(\d+ realtime clients\)$/,
    ],
  },
  {
    name: 'catalogue',
    title: 'The app on 200,000 cards in 500 groups against the demo seed',
    run: async (ctx) => {
      const catalogue = await import('./catalogue/bench.ts');
      return catalogue.runCatalogueBench({
        app: await ctx.app(),
        ...(ctx.quick ? catalogue.QUICK : {}),
      });
    },
    headline: [
      /^data dir: build \(first time\) \[/,
      /^snapshot: body \[/,
      /^pull after snapshot: requests \[/,
      /^renderer: first full pull/,
      /^\/exchange HTML br \[/,
      /^renderer RSS after the screens \[/,
    ],
  },
  {
    name: 'import',
    title: 'Bulk catalogue import: 200,000 rows with images, then again unchanged',
    run: async (ctx) => {
      const bench = await import('./import/bench.ts');
      return bench.runImportBench(ctx.quick ? bench.QUICK : {});
    },
    headline: [
      /^import [\d,]+ rows \(fresh server\): total$/,
      /^import [\d,]+ rows: rate$/,
      /^no-change re-run of/,
    ],
  },
  {
    name: 'phone',
    title: "A fan's phone at 4× CPU: the demo seed against the real-size catalogue",
    run: async (ctx) => {
      const phone = await import('./phone/bench.ts');
      return phone.runPhoneBench({ app: await ctx.app(), ...(ctx.quick ? phone.QUICK : {}) });
    },
    headline: [
      /^first visit \(guest, \/\): long tasks, total \[/,
      /^fan, 3 groups: all their cards local/,
      /^storage after the fan's first session/,
      /^search keystroke, (online|offline): slowest of a run \[/,
    ],
  },
  {
    name: 'trade-qr',
    title: 'Trade QR codes: payload size and decode time',
    run: async (ctx) => {
      const qr = await import('./trade-qr/bench.ts');
      return qr.runTradeQrBench(ctx.quick ? qr.QUICK : {});
    },
    headline: [/^(50|300|1000)-card list: codes$/, /^1000-card list: text$/, /^decode one code/],
  },
  {
    name: 'card-scan',
    title: 'Card scan: top-1 among 400 and 5,000 cards, decisions, time per frame (4× CPU)',
    run: async (ctx) => {
      const scan = await import('./card-scan/bench.ts');
      return scan.runCardScanBench(ctx.quick ? scan.QUICK : {});
    },
    headline: [
      /^top-1 among [\d,]+: all at once/,
      /: sure, wrong$/,
      /^recognize\(\) per frame, Chromium .*: p95$/,
    ],
  },
  {
    name: 'replication',
    title: 'Replication (Litestream to S3): RPO after a SIGKILL, restore time',
    run: async (ctx) => {
      const replication = await import('./replication/bench.ts');
      return replication.runReplicationBench(ctx.quick ? replication.QUICK : {});
    },
    headline: [/^RPO: /, /^restore \(/, /^daily backup with Litestream: slowest like/],
  },
];

function readPreviousSuite(): SuiteResult | null {
  const path = join(BENCH_DIR, 'results.json');
  if (!existsSync(path)) return null;
  try {
    const suite = JSON.parse(readFileSync(path, 'utf8')) as SuiteResult;
    return suite.quick ? null : suite;
  } catch {
    return null;
  }
}

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    skip: { type: 'string' },
    quick: { type: 'boolean' },
  },
});

const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()) : []);
const only = list(values.only);
const skip = list(values.skip);
for (const n of [...only, ...skip]) {
  if (!BENCHES.some((b) => b.name === n)) {
    throw new Error(`no benchmark named ${n} (${BENCHES.map((b) => b.name).join(', ')})`);
  }
}
const chosen = BENCHES.filter(
  (b) => (!only.length || only.includes(b.name)) && !skip.includes(b.name),
);
const quick = !!values.quick;

const started = performance.now();
const built = new Map<boolean, Promise<BenchApp>>();
const ctx: Context = {
  quick,
  app: ({ testApi = false } = {}) => {
    let app = built.get(testApi);
    if (!app) {
      console.log(
        `building the app once for the benchmarks that drive it${testApi ? ' (with the test handle)' : ''} ...`,
      );
      app = buildBenchApp({ testApi });
      built.set(testApi, app);
    }
    return app;
  },
};

const outcomes: BenchOutcome[] = [];
for (const bench of chosen) {
  console.log('');
  console.log(`=== ${bench.title} (${bench.name}) ===`);
  const t = performance.now();
  const outcome: BenchOutcome = {
    name: bench.name,
    title: bench.title,
    seconds: 0,
    rows: [],
    problems: [],
    notes: [],
    ranAt: new Date().toISOString(),
  };
  try {
    const { result, rows } = await bench.run(ctx);
    outcome.rows = rows;
    const r = result as { problems?: unknown; notes?: unknown };
    if (Array.isArray(r.problems)) outcome.problems = r.problems.map(String);
    if (Array.isArray(r.notes)) outcome.notes = r.notes.map(String);
    await writeResult(bench.name, result);
    console.log('');
    console.log(table(rows));
    for (const p of outcome.problems) console.log(`  problem: ${p}`);
  } catch (err) {
    outcome.error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    console.log(`FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
  outcome.seconds = Number(((performance.now() - t) / 1000).toFixed(0));
  outcomes.push(outcome);
}

for (const app of built.values()) await (await app).dispose();

// A partial run (--only, --skip) keeps the other benchmarks' last figures from results.json, so
// RESULTS.md always shows every benchmark (each with the date it ran). --quick never mixes in.
if ((only.length || skip.length) && !quick) {
  const previous = readPreviousSuite();
  for (const bench of BENCHES) {
    if (outcomes.some((o) => o.name === bench.name)) continue;
    const kept = previous?.benchmarks.find((o) => o.name === bench.name && !o.error);
    if (kept) outcomes.push({ ...kept, ranAt: kept.ranAt ?? previous!.machine.date });
  }
  outcomes.sort(
    (a, b) =>
      BENCHES.findIndex((x) => x.name === a.name) - BENCHES.findIndex((x) => x.name === b.name),
  );
}

const headline: Row[] = [];
for (const outcome of outcomes) {
  const bench = BENCHES.find((b) => b.name === outcome.name)!;
  const taken = new Set<Row>();
  for (const pattern of bench.headline) {
    for (const row of outcome.rows) {
      const hit = typeof pattern === 'string' ? row.figure === pattern : pattern.test(row.figure);
      if (!hit || taken.has(row)) continue;
      taken.add(row);
      headline.push({ ...row, figure: `${bench.name}: ${row.figure}` });
    }
  }
}

const { version: chromium } = await launchBenchBrowser().then(async (b) => {
  await b.browser.close();
  return b;
});
const suite: SuiteResult = {
  name: 'suite',
  machine: machineInfo({ chromium, pocketbase: pocketBaseVersion() ?? undefined }),
  command: ['npm run bench', ...process.argv.slice(2)].join(' '),
  quick,
  seconds: Number(((performance.now() - started) / 1000).toFixed(0)),
  headline,
  benchmarks: outcomes,
};
const paths = await writeSuite(suite);
// the real-catalogue section (npm run bench:phone's figures) stays at the top of RESULTS.md
if (existsSync(join(BENCH_DIR, 'results', 'phone.json'))) {
  await writeResultsSection().catch((err: unknown) =>
    console.log(`RESULTS.md: the real-catalogue section was not kept (${String(err)})`),
  );
}

console.log('');
console.log(`=== headline (${describeMachine(suite.machine)}) ===`);
console.log(table(headline));
const failed = outcomes.filter((o) => o.error);
console.log('');
console.log(`wrote ${paths.join(', ')} in ${Math.round(suite.seconds / 60)} min`);
if (failed.length) {
  console.log(`failed: ${failed.map((o) => `${o.name} (${o.error})`).join('; ')}`);
  process.exitCode = 1;
}
