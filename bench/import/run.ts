/**
 * `npx tsx bench/import/run.ts [-- --rows 200000 --groups 500 --images 40 --quick]`: the bulk
 * catalogue import benchmark alone (`npm run bench -- --only import` runs it in the suite);
 * prints a table and writes bench/results/import.json.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, QUICK, runImportBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string' },
    groups: { type: 'string' },
    images: { type: 'string' },
    quick: { type: 'boolean' },
  },
});

const base = values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
const { result, rows } = await runImportBench({
  ...base,
  rows: positiveInt(values.rows, base.rows),
  groups: positiveInt(values.groups, base.groups),
  images: positiveInt(values.images, base.images),
});

console.log('');
console.log('catalogue import benchmark');
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
for (const p of result.problems) console.log(`problem: ${p}`);
const path = await writeResult('import', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
