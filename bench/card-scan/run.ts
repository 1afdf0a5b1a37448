/**
 * `npm run bench:card-scan -- [--quick --all-photos 400 ...]`: the card-scan benchmark
 * alone (`npm run bench -- --only card-scan` runs it in the suite); prints a table and writes
 * bench/results/card-scan.json, whose `frames` keep every all-at-once and outside photo's
 * candidates for calibrating src/lib/card-scan/decide.ts.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, QUICK, runCardScanBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    'group-cards': { type: 'string' },
    'scope-cards': { type: 'string' },
    'photos-per-row': { type: 'string' },
    'all-photos': { type: 'string' },
    'outside-photos': { type: 'string' },
    'same-group-photos': { type: 'string' },
    workers: { type: 'string' },
    seed: { type: 'string' },
  },
});

const base = values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
const { result, rows } = await runCardScanBench({
  ...base,
  groupCards: positiveInt(values['group-cards'], base.groupCards),
  scopeCards: positiveInt(values['scope-cards'], base.scopeCards),
  photosPerRow: positiveInt(values['photos-per-row'], base.photosPerRow),
  allPhotos: positiveInt(values['all-photos'], base.allPhotos),
  outsidePhotos: positiveInt(values['outside-photos'], base.outsidePhotos),
  sameGroupPhotos: positiveInt(values['same-group-photos'], base.sameGroupPhotos),
  workers: positiveInt(values.workers, base.workers),
  seed: values.seed === undefined ? base.seed : positiveInt(values.seed, 1),
});

console.log('');
console.log('card-scan benchmark');
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
for (const n of result.notes) console.log(`note: ${n}`);
for (const p of result.problems) console.log(`problem: ${p}`);
const path = await writeResult('card-scan', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
