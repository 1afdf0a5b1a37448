/**
 * `npx tsx bench/phone/run.ts [--quick] [--runs 3] [--observe 60] [--catalogue-only]
 * [--skip-trace] [--write-md]`: a fan's phone (4× CPU, 390×844) on the demo seed and on the
 * catalogue data dir (200,000 cards; --quick: 20,000 and one run), side by side; prints the table
 * and writes bench/results/phone.json. `--skip-trace` leaves out the traced run. With
 * `--write-md` it also puts the side-by-side section at the top of bench/RESULTS.md (see
 * ./results-md.ts). See bench.ts for what each figure means.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { writeResult } from '../lib/report.ts';
import { DEFAULTS, QUICK, runPhoneBench } from './bench.ts';
import { sideBySideText } from './figures.ts';
import { writeResultsSection } from './results-md.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    runs: { type: 'string' },
    observe: { type: 'string' },
    'catalogue-only': { type: 'boolean' },
    'write-md': { type: 'boolean' },
    'skip-trace': { type: 'boolean' },
  },
});
const base = { ...DEFAULTS, ...(values.quick ? QUICK : {}) };

const { result } = await runPhoneBench({
  ...base,
  runs: positiveInt(values.runs, base.runs),
  observeMs: positiveInt(values.observe, base.observeMs / 1000) * 1000,
  ...(values['catalogue-only'] ? { catalogueOnly: true } : {}),
  ...(values['skip-trace'] ? { trace: false } : {}),
});

console.log('');
console.log(`phone benchmark, ${result.labels.demo} vs ${result.labels.catalogue}`);
console.log(describeMachine(result.machine));
console.log('');
console.log(sideBySideText(result.pairs, result.labels));
for (const n of result.notes) console.log(`  note: ${n}`);
for (const p of result.problems) console.log(`  problem: ${p}`);
const path = await writeResult('phone', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
if (values['write-md']) console.log(`wrote ${await writeResultsSection(result)}`);
