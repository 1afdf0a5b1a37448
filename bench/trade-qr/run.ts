/**
 * `npx tsx bench/trade-qr/run.ts [-- --runs 30 --quick]`: the trade QR benchmark alone
 * (`npm run bench -- --only trade-qr` runs it in the suite); prints a table and writes
 * bench/results/trade-qr.json.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, QUICK, runTradeQrBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    quick: { type: 'boolean' },
  },
});

const base = values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
const { result, rows } = await runTradeQrBench({
  ...base,
  runs: positiveInt(values.runs, base.runs),
});

console.log('');
console.log('trade QR benchmark');
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
for (const p of result.problems) console.log(`problem: ${p}`);
const path = await writeResult('trade-qr', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
