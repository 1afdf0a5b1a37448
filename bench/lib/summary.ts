/**
 * The suite's own output (`npm run bench`): `bench/results.json` (every benchmark's rows, the
 * machine, the date, what failed) and `bench/RESULTS.md` (the same as tables, with a headline
 * table first). Each benchmark's full detail stays in `bench/results/<name>.json`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describeMachine, type MachineInfo } from './machine.ts';
import { BENCH_DIR, type Row } from './report.ts';

export interface BenchOutcome {
  name: string;
  title: string;
  /** Seconds the benchmark took, build and servers included. */
  seconds: number;
  rows: Row[];
  /** Set when the benchmark threw: the suite goes on with the next one. */
  error?: string;
  /** Things that came out other than expected (not timing), from the benchmark's result. */
  problems: string[];
  /** Free-form lines printed under the table (configuration, caveats). */
  notes: string[];
  /** When it ran (ISO); a partial run keeps the others' last outcomes with their own date. */
  ranAt?: string;
}

export interface SuiteResult {
  name: 'suite';
  machine: MachineInfo;
  command: string;
  /** `--quick`: fewer runs and smaller data, a smoke check of the suite. */
  quick: boolean;
  seconds: number;
  headline: Row[];
  benchmarks: BenchOutcome[];
}

function cell(v: number): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

const escape = (s: string) => s.replace(/\|/g, '\\|');

/** Rows as a Markdown table: figure | median | min | max | unit (| budget, when a row has one). */
export function markdownTable(rows: readonly Row[]): string {
  const withBudget = rows.some((r) => r.budget);
  const lines = withBudget
    ? [
        '| figure | median | min | max | unit | budget |',
        '| --- | ---: | ---: | ---: | --- | --- |',
      ]
    : ['| figure | median | min | max | unit |', '| --- | ---: | ---: | ---: | --- |'];
  for (const r of rows) {
    const [median, min, max] =
      typeof r.value === 'object'
        ? [cell(r.value.median), cell(r.value.min), cell(r.value.max)]
        : [typeof r.value === 'number' ? cell(r.value) : r.value, '', ''];
    const tail = withBudget ? ` ${escape(r.budget ?? '')} |` : '';
    lines.push(
      `| ${escape(r.figure)} | ${escape(median)} | ${min} | ${max} | ${escape(r.unit ?? '')} |${tail}`,
    );
  }
  return lines.join('\n');
}

export function renderMarkdown(suite: SuiteResult): string {
  const out: string[] = [
    '# Benchmark results',
    '',
    `Written by \`${suite.command}\` on ${suite.machine.date.slice(0, 10)} in ` +
      `${Math.round(suite.seconds / 60)} min. Medians of several runs (min and max beside them); ` +
      'single values are one deterministic measurement. What each figure means: ' +
      '[bench/README.md](README.md). Full detail per benchmark: `bench/results/<name>.json`. ' +
      'A partial run (`--only`, `--skip`) keeps the other benchmarks’ last figures; each section ' +
      'says when it ran.',
    '',
    ...(suite.quick
      ? [
          '**Quick mode:** fewer runs and smaller data sets. A smoke check of the suite, not ' +
            'figures to compare.',
          '',
        ]
      : []),
    `Machine: ${describeMachine(suite.machine)}`,
    '',
    'Every server, browser and load generator ran on this one machine over loopback, so a load ' +
      'test shares its two cores with the server it loads.',
    '',
    '## Headline',
    '',
    markdownTable(suite.headline),
    '',
  ];
  for (const b of suite.benchmarks) {
    const day = b.ranAt ? `, ${b.ranAt.slice(0, 16).replace('T', ' ')} UTC` : '';
    out.push(`## ${b.title} (\`${b.name}\`, ${Math.round(b.seconds)} s${day})`, '');
    if (b.error) out.push(`**Failed:** ${b.error}`, '');
    if (b.rows.length) out.push(markdownTable(b.rows), '');
    for (const n of b.notes) out.push(`- ${n}`);
    if (b.notes.length) out.push('');
    if (b.problems.length) {
      out.push('Problems (not timing):', '');
      for (const p of b.problems) out.push(`- ${p}`);
      out.push('');
    }
  }
  return out.join('\n');
}

async function writeFormatted(path: string, text: string): Promise<void> {
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(text, { ...options, filepath: path }));
}

/** Writes bench/results.json and bench/RESULTS.md; returns their paths. */
export async function writeSuite(suite: SuiteResult): Promise<string[]> {
  const json = join(BENCH_DIR, 'results.json');
  const md = join(BENCH_DIR, 'RESULTS.md');
  await writeFormatted(json, JSON.stringify(suite));
  await writeFormatted(md, renderMarkdown(suite));
  return [json, md];
}
