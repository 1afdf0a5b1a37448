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
  /** A target the figure is read against, and whether its median meets it (see `budget`). */
  budget?: string;
}

function cell(v: number): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/**
 * A budget cell for a figure: e.g. `≤ 1,200 ms: met` when the median is within the limit,
 * `missed` otherwise. Printed beside the figure; nothing fails on it.
 */
export function budget(
  value: Summary | number | null | undefined,
  op: '<=' | '>=',
  limit: number,
  unit = '',
): string {
  const v = typeof value === 'object' && value !== null ? value.median : value;
  const target = `${op === '<=' ? '≤' : '≥'} ${cell(limit)}${unit ? ` ${unit}` : ''}`;
  if (v === null || v === undefined || !Number.isFinite(v)) return `${target}: no figure`;
  const met = op === '<=' ? v <= limit : v >= limit;
  return `${target}: ${met ? 'met' : 'missed'}`;
}

/**
 * Renders rows as a table: figure | median | min | max | unit (single values fill median), and a
 * budget column when any row has one.
 */
export function table(rows: readonly Row[]): string {
  const withBudget = rows.some((r) => r.budget);
  const lines = rows.map((r) => {
    const tail = withBudget ? [r.budget ?? ''] : [];
    if (typeof r.value === 'object') {
      return [
        r.figure,
        cell(r.value.median),
        cell(r.value.min),
        cell(r.value.max),
        r.unit ?? '',
        ...tail,
      ];
    }
    const v = typeof r.value === 'number' ? cell(r.value) : r.value;
    return [r.figure, v, '', '', r.unit ?? '', ...tail];
  });
  const head = ['figure', 'median', 'min', 'max', 'unit', ...(withBudget ? ['budget'] : [])];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (l: string[]) =>
    l
      .map((c, i) => (i === 0 || i >= 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
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
