/**
 * `npx tsx bench/offline-pack/run.ts [--runs 3]`: the offline pack benchmark; prints a table and
 * writes bench/results/offline-pack.json (see bench.ts for what each figure means).
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, runOfflinePackBench } from './bench.ts';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });

const { result, rows } = await runOfflinePackBench({
  runs: positiveInt(values.runs, DEFAULTS.runs),
});

console.log('');
console.log(`offline pack benchmark, medians of ${result.config.runs} runs`);
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
const path = await writeResult('offline-pack', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
