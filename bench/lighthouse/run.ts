/**
 * `npx tsx bench/lighthouse/run.ts [--runs 3] [--catalogue [--quick]]`: Lighthouse 12 at mobile
 * settings on /, /exchange, /exchangeDetail/{id}, /meetup and /meetupDetail/{id} of the built
 * app, server-rendered (cold loads), prints a table with the first-visit budget beside each figure
 * and writes bench/results/lighthouse.json. With `--catalogue` the same routes on the catalogue
 * data dir (200,000 cards; with `--quick` 20,000) instead of the demo seed, written to
 * bench/results/lighthouse-catalogue.json, so both can be read side by side.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { CATALOGUE, CATALOGUE_QUICK, DEFAULTS, runLighthouseBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    catalogue: { type: 'boolean' },
    quick: { type: 'boolean' },
  },
});
if (values.quick && !values.catalogue) throw new Error('--quick goes with --catalogue');

const { result, rows } = await runLighthouseBench({
  runs: positiveInt(values.runs, DEFAULTS.runs),
  ...(values.catalogue ? { catalogue: values.quick ? CATALOGUE_QUICK : CATALOGUE } : {}),
});

console.log('');
console.log(
  `Lighthouse ${result.config.lighthouse} (${result.config.formFactor}, ` +
    `${result.config.throttlingMethod} throttling), medians of ${result.config.runs} runs per page`,
);
if (result.config.catalogue) {
  const c = result.config.catalogue;
  console.log(`on the catalogue data dir: ${c.rows.toLocaleString('en-US')} cards (${c.dir})`);
}
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
for (const n of result.notes) console.log(`  note: ${n}`);
for (const p of result.problems) console.log(`  problem: ${p}`);
const path = await writeResult(
  result.config.catalogue ? 'lighthouse-catalogue' : 'lighthouse',
  result,
);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
