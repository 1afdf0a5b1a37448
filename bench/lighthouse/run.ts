/**
 * `npx tsx bench/lighthouse/run.ts [--runs 3]`: Lighthouse 12 at mobile settings on /, /exchange,
 * /exchangeDetail/{id}, /meetup and /meetupDetail/{id} of the built app, server-rendered (cold
 * loads), prints a table with the first-visit budget beside each figure and writes
 * bench/results/lighthouse.json.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, runLighthouseBench } from './bench.ts';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });

const { result, rows } = await runLighthouseBench({
  runs: positiveInt(values.runs, DEFAULTS.runs),
});

console.log('');
console.log(
  `Lighthouse ${result.config.lighthouse} (${result.config.formFactor}, ` +
    `${result.config.throttlingMethod} throttling), medians of ${result.config.runs} runs per page`,
);
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
for (const n of result.notes) console.log(`  note: ${n}`);
for (const p of result.problems) console.log(`  problem: ${p}`);
const path = await writeResult('lighthouse', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
