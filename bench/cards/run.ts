/**
 * `npx tsx bench/cards/run.ts [--runs 5] [--search-cards 10000] [--render-cards 300]`: runs the
 * photo cards benchmark, prints a table and writes bench/results/cards.json (see bench/README.md).
 */
import { parseArgs } from 'node:util';
import { positiveInt } from '../lib/cli.ts';
import { describeMachine } from '../lib/machine.ts';
import { table, writeResult } from '../lib/report.ts';
import { DEFAULTS, runCardsBench } from './bench.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    'search-cards': { type: 'string' },
    'render-cards': { type: 'string' },
  },
});

const { result, rows } = await runCardsBench({
  runs: positiveInt(values.runs, DEFAULTS.runs),
  searchCards: positiveInt(values['search-cards'], DEFAULTS.searchCards),
  renderCards: positiveInt(values['render-cards'], DEFAULTS.renderCards),
});

console.log('');
console.log(`photo cards benchmark, medians of ${result.config.runs} runs`);
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
const path = await writeResult('cards', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
