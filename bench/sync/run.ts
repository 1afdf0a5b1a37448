/**
 * `npx tsx bench/sync/run.ts [--runs 5] [--rate-limits enforced] [--no-images] [--cards 5000]
 * [--meetups 300] [--mutations 200]`: runs the sync benchmark, prints a table and writes
 * bench/results/sync.json. See bench/README.md for what each figure means.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, runSyncBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    cards: { type: 'string' },
    meetups: { type: 'string' },
    mutations: { type: 'string' },
    'rate-limits': { type: 'string' },
    'no-images': { type: 'boolean' },
  },
});

const rateLimits = values['rate-limits'] ?? DEFAULTS.rateLimits;
if (rateLimits !== 'enforced' && rateLimits !== 'loopback-exempt') {
  throw new Error(`--rate-limits must be loopback-exempt or enforced, not ${rateLimits}`);
}

const { result, rows } = await runSyncBench({
  runs: positiveInt(values.runs, DEFAULTS.runs),
  cards: positiveInt(values.cards, DEFAULTS.cards),
  meetups: positiveInt(values.meetups, DEFAULTS.meetups),
  mutations: positiveInt(values.mutations, DEFAULTS.mutations),
  images: !values['no-images'],
  rateLimits,
});

console.log('');
console.log(`sync benchmark, medians of ${result.config.runs} runs`);
console.log(describeMachine(result.machine));
console.log(`rate limits: ${result.config.rateLimitNote}`);
console.log('');
console.log(table(rows));
console.log('');
console.log(`initial sync requests: ${JSON.stringify(result.initialSync.byEndpoint)}`);
console.log(`flush requests: ${JSON.stringify(result.flush.byEndpoint)}`);
console.log(
  `response encodings: ${result.initialSync.contentEncodings.map((e) => e || 'identity').join(', ')}`,
);
if (result.problems.length) {
  console.log('');
  console.log('problems (not timing):');
  for (const p of result.problems) console.log(`  - ${p}`);
}
const path = await writeResult('sync', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
