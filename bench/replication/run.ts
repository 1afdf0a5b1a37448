/**
 * `npm run bench:replication [-- --quick --runs 3 --rate 50 --seconds 15]`: the replication
 * benchmark alone (`npm run bench -- --only replication` runs it in the suite); prints a table
 * and writes bench/results/replication.json.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, QUICK, runReplicationBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    runs: { type: 'string' },
    rate: { type: 'string' },
    seconds: { type: 'string' },
  },
});

const base = values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
const { result, rows } = await runReplicationBench({
  ...base,
  runs: positiveInt(values.runs, base.runs),
  rate: positiveInt(values.rate, base.rate),
  seconds: positiveInt(values.seconds, base.seconds),
});

console.log('');
console.log(
  `replication benchmark (Litestream ${result.litestream}), ${result.config.runs} run(s)`,
);
console.log(describeMachine(result.machine));
for (const n of result.notes) console.log(`note: ${n}`);
console.log('');
console.log(table(rows));
for (const p of result.problems) console.log(`problem: ${p}`);
const path = await writeResult('replication', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
