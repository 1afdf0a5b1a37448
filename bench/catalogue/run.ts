/**
 * `npm run bench:catalogue [-- --cards 200000 --groups 500 --runs 5 --scratch-pulls 1 --rebuild
 * --quick --build-only]`: the app on the demo seed and on a real-size catalogue, side by side
 * (`npm run bench -- --only catalogue` runs it in the suite); prints a table and writes
 * bench/results/catalogue.json.
 *
 * `--build-only` builds the data dir (or finds it current) and prints its path, for
 * `PB_DATA=<that dir> npm start`. `--quick` is 20,000 cards in 50 groups and 2 runs.
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, QUICK, runCatalogueBench } from './bench.ts';
import { catalogueDataDir } from './data-dir.ts';

const { values } = parseArgs({
  options: {
    cards: { type: 'string' },
    groups: { type: 'string' },
    runs: { type: 'string' },
    'scratch-pulls': { type: 'string' },
    rebuild: { type: 'boolean' },
    quick: { type: 'boolean' },
    'build-only': { type: 'boolean' },
  },
});

const base = values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
const cards = positiveInt(values.cards, base.cards);
const groups = positiveInt(values.groups, base.groups);

if (values['build-only']) {
  const dd = await catalogueDataDir({
    cards,
    groups,
    rebuild: !!values.rebuild,
    log: (line) => console.error(line),
  });
  console.error(
    `${dd.built ? 'built' : 'current'}: ${dd.stamp.rows.photoCards.toLocaleString('en-US')} cards, ${dd.stamp.rows.groups} groups (${dd.stamp.version}, built in ${(dd.stamp.buildMs / 1000).toFixed(1)} s on ${dd.stamp.builtAt})`,
  );
  console.error(`start the app on it: PB_DATA=${dd.dir} npm start`);
  // the path alone on stdout: PB_DATA=$(npm run -s bench:catalogue -- --build-only) npm start
  console.log(dd.dir);
} else {
  const { result, rows } = await runCatalogueBench({
    ...base,
    cards,
    groups,
    runs: positiveInt(values.runs, base.runs),
    scratchPulls: positiveInt(values['scratch-pulls'], base.scratchPulls),
    rebuild: !!values.rebuild,
  });
  console.log('');
  console.log('catalogue benchmark');
  console.log(describeMachine(result.machine));
  for (const n of result.notes) console.log(`note: ${n}`);
  console.log('');
  console.log(table(rows));
  for (const p of result.problems) console.log(`problem: ${p}`);
  const path = await writeResult('catalogue', result);
  console.log('');
  console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
}
