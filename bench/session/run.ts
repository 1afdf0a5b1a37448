/**
 * `npx tsx bench/session/run.ts [--runs 3]`: a fan's session, our client against the original app's
 * calls; prints a table and writes bench/results/session.json (see bench.ts).
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, runSessionBench } from './bench.ts';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });

const { result, rows } = await runSessionBench({ runs: positiveInt(values.runs, DEFAULTS.runs) });

console.log('');
console.log(`a fan's session, ours vs the original calls, medians of ${result.config.runs} runs`);
console.log(describeMachine(result.machine));
console.log(
  `session: page loads ${result.config.pageLoads.join(' → ')}; ` +
    `${result.config.likes} likes, ${result.config.unlikes} unlikes; ${result.config.demoCards} demo cards`,
);
console.log('');
console.log(table(rows));
if (result.problems.length) {
  console.log('');
  console.log('problems:');
  for (const p of result.problems) console.log(`  - ${p}`);
}
const path = await writeResult('session', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
