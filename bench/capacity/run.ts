/**
 * `npm run bench:capacity [-- --runs 3 --duration 10 --connections 50 --fanout 100,500]`: the
 * server capacity benchmark; prints a table and writes bench/results/capacity.json.
 */
import { parseArgs } from 'node:util';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, runCapacityBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    fanout: { type: 'string' },
  },
});

const int = (v: string | undefined, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a positive integer: ${v}`);
  return n;
};

const { result, rows } = await runCapacityBench({
  runs: int(values.runs, DEFAULTS.runs),
  duration: int(values.duration, DEFAULTS.duration),
  connections: int(values.connections, DEFAULTS.connections),
  fanoutClients: values.fanout
    ? values.fanout.split(',').map((v) => int(v, 0))
    : DEFAULTS.fanoutClients,
});

console.log('');
console.log(`server capacity benchmark, medians of ${result.config.runs} runs`);
console.log(describeMachine(result.machine));
for (const n of result.notes) console.log(`note: ${n}`);
console.log('');
console.log(table(rows));
for (const p of result.problems) console.log(`problem: ${p}`);
const path = await writeResult('capacity', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
