/**
 * `npx tsx bench/trades/run.ts [-- --runs 3 --calls 50 --fans 10000 --clients 500 --quick]`: the
 * trades benchmark alone (`npm run bench -- --only trades` runs it in the suite); prints a table
 * and writes bench/results/trades.json.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, QUICK, runTradesBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    calls: { type: 'string' },
    fans: { type: 'string' },
    clients: { type: 'string' },
    quick: { type: 'boolean' },
  },
});

const base = values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
const { result, rows } = await runTradesBench({
  ...base,
  runs: positiveInt(values.runs, base.runs),
  calls: positiveInt(values.calls, base.calls),
  fans: positiveInt(values.fans, base.fans),
  realtimeClients: positiveInt(values.clients, base.realtimeClients),
});

console.log('');
console.log(`trades benchmark`);
console.log(describeMachine(result.machine));
for (const n of result.notes) console.log(`note: ${n}`);
console.log('');
console.log(table(rows));
for (const p of result.problems) console.log(`problem: ${p}`);
const path = await writeResult('trades', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
