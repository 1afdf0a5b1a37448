/**
 * `npm run bench:scale [-- --quick]`: like storms, catalogue reads and uploads on one pinned
 * server core; prints a table and writes bench/results/scale.json.
 */
import { parseArgs } from 'node:util';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { QUICK, runScaleBench } from './bench.ts';

const { values } = parseArgs({ options: { quick: { type: 'boolean' } } });

const { result, rows } = await runScaleBench(values.quick ? QUICK : {});

console.log('');
console.log(`scale benchmark (one server core), medians of ${result.config.runs} runs`);
console.log(describeMachine(result.machine));
for (const n of result.notes) console.log(`note: ${n}`);
console.log('');
console.log(table(rows));
for (const p of result.problems) console.log(`problem: ${p}`);
const path = await writeResult('scale', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
