/**
 * `npx tsx bench/cards/run.ts [--runs 5] [--search-cards 10000] [--render-cards 300]`: runs the
 * photo cards benchmark, prints a table and writes bench/results/cards.json (see bench/README.md).
 */
import { parseArgs } from 'node:util';
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

const int = (v: string | undefined, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a positive integer: ${v}`);
  return n;
};

const { result, rows } = await runCardsBench({
  runs: int(values.runs, DEFAULTS.runs),
  searchCards: int(values['search-cards'], DEFAULTS.searchCards),
  renderCards: int(values['render-cards'], DEFAULTS.renderCards),
});

console.log('');
console.log(`photo cards benchmark, medians of ${result.config.runs} runs`);
console.log(describeMachine(result.machine));
console.log('');
console.log(table(rows));
const path = await writeResult('cards', result);
console.log('');
console.log(`wrote ${path} (${(result.totalMs / 1000).toFixed(0)} s in all)`);
