/**
 * `npm run bench:capacity [-- --runs 3 --duration 10 --connections 50 --fanout 100,500 --idle 2000]`: the
 * server capacity benchmark; prints a table and writes bench/results/capacity.json.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, runCapacityBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    fanout: { type: 'string' },
    idle: { type: 'string' },
  },
});

const { result, rows } = await runCapacityBench({
  runs: positiveInt(values.runs, DEFAULTS.runs),
  duration: positiveInt(values.duration, DEFAULTS.duration),
  connections: positiveInt(values.connections, DEFAULTS.connections),
  fanoutClients: values.fanout
    ? values.fanout.split(',').map((v) => positiveInt(v, 0))
    : DEFAULTS.fanoutClients,
  // 0 skips the idle clients' part
  idleClients: values.idle === '0' ? 0 : positiveInt(values.idle, DEFAULTS.idleClients),
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
