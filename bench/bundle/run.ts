/**
 * `npx tsx bench/bundle/run.ts`: builds the app once into a temp dir, prints initial JS + CSS
 * (gzip) against the 120 KB budget, each route chunk and where the map and carousel live, and
 * writes bench/results/bundle.json.
 */
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { runBundleBench } from './bench.ts';

const { result, rows } = await runBundleBench();

console.log('');
console.log('bundle benchmark, one build (deterministic), gzip level 9, KB = 1000 bytes');
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
for (const p of result.problems) console.log(`  problem: ${p}`);
const path = await writeResult('bundle', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
