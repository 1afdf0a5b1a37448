/**
 * Output of a benchmark: a plain-text table on stdout and a JSON file under bench/results/
 * (formatted with the repository's Prettier settings, so `prettier --check .` stays clean).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { Summary } from './stats.ts';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = join(BENCH_DIR, 'results');

export interface Row {
  figure: string;
  value: Summary | number | string;
  unit?: string;
}

function cell(v: number): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/** Renders rows as a table: figure | median | min | max | unit (single values fill median). */
export function table(rows: readonly Row[]): string {
  const lines = rows.map((r) => {
    if (typeof r.value === 'object') {
      return [r.figure, cell(r.value.median), cell(r.value.min), cell(r.value.max), r.unit ?? ''];
    }
    const v = typeof r.value === 'number' ? cell(r.value) : r.value;
    return [r.figure, v, '', '', r.unit ?? ''];
  });
  const head = ['figure', 'median', 'min', 'max', 'unit'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (l: string[]) =>
    l
      .map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n');
}

/** Writes `bench/results/<name>.json`; returns its path. */
export async function writeResult(name: string, data: unknown): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.json`);
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(JSON.stringify(data), { ...options, filepath: path }));
  return path;
}
