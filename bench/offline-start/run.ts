/**
 * `npx tsx bench/offline-start/run.ts [--runs 5]`: the offline start benchmark; prints a table and
 * writes bench/results/offline-start.json (see bench.ts for what each figure means).
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, runOfflineStartBench } from './bench.ts';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });

const { result, rows } = await runOfflineStartBench({
  runs: positiveInt(values.runs, DEFAULTS.runs),
});

console.log('');
console.log(`offline start benchmark, medians of ${result.config.runs} runs`);
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
if (result.problems.length) {
  console.log('');
  console.log('problems:');
  for (const p of result.problems) console.log(`  - ${p}`);
}
const path = await writeResult('offline-start', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
