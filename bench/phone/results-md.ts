/**
 * The "Real catalogue" section of bench/RESULTS.md: the phone benchmark's side-by-side table
 * (demo seed | catalogue) and, when both exist, Lighthouse's on the demo seed
 * (bench/results/lighthouse-demo.json, a run made beside the catalogue's, else lighthouse.json)
 * beside Lighthouse's on the catalogue
 * (bench/results/lighthouse-catalogue.json, `npm run bench:lighthouse -- --catalogue`).
 *
 * A hand-written reading of the figures (bench/phone/findings.md, dated) goes under the tables.
 *
 * RESULTS.md is written whole by `npm run bench` (bench/lib/summary.ts), which then puts this
 * section back at the top from the JSON files (between the markers below, replacing an older
 * copy), as do `npx tsx bench/phone/section.ts` and `npm run bench:phone -- --write-md`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describeMachine } from '../lib/machine.ts';
import { BENCH_DIR, RESULTS_DIR } from '../lib/report.ts';
import type { Summary } from '../lib/stats.ts';
import type { PhoneBenchResult } from './bench.ts';
import { sideBySideMarkdown, type PairRow } from './figures.ts';

export const START = '<!-- real-catalogue:start (bench/phone/results-md.ts) -->';
export const END = '<!-- real-catalogue:end -->';

interface LighthousePage {
  route: string;
  scores: { performance: Summary };
  metrics: Record<'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'mainThreadMs', Summary>;
}
interface LighthouseJson {
  machine: { date: string };
  config: { runs: number; catalogue?: { cards: number } };
  pages: LighthousePage[];
}

function readJson<T>(name: string): T | null {
  const path = join(RESULTS_DIR, `${name}.json`);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Lighthouse on the demo seed and on the catalogue, one row per route and figure. */
export function lighthousePairs(demo: LighthouseJson, big: LighthouseJson): PairRow[] {
  const rows: PairRow[] = [];
  const figures: {
    key: keyof LighthousePage['metrics'] | 'performance';
    name: string;
    unit: string;
    budget: string;
    limit?: PairRow['limit'];
  }[] = [
    {
      key: 'performance',
      name: 'performance',
      unit: '/100',
      budget: '≥ 95',
      limit: { op: '>=', value: 95 },
    },
    {
      key: 'fcpMs',
      name: 'FCP',
      unit: 'ms',
      budget: '≤ 1,200 ms',
      limit: { op: '<=', value: 1200 },
    },
    {
      key: 'lcpMs',
      name: 'LCP',
      unit: 'ms',
      budget: '≤ 2,000 ms',
      limit: { op: '<=', value: 2000 },
    },
    { key: 'tbtMs', name: 'TBT', unit: 'ms', budget: '≤ 150 ms', limit: { op: '<=', value: 150 } },
    { key: 'cls', name: 'CLS', unit: '', budget: '≤ 0.02', limit: { op: '<=', value: 0.02 } },
    { key: 'mainThreadMs', name: 'main-thread work', unit: 'ms', budget: '' },
  ];
  for (const page of demo.pages) {
    const other = big.pages.find((p) => p.route === page.route);
    for (const f of figures) {
      const pick = (p: LighthousePage | undefined) =>
        !p ? null : f.key === 'performance' ? p.scores.performance : (p.metrics[f.key] ?? null);
      rows.push({
        figure: `${page.route} ${f.name}`,
        unit: f.unit,
        demo: pick(page),
        catalogue: pick(other),
        budget: f.budget,
        ...(f.limit ? { limit: f.limit } : {}),
      });
    }
  }
  return rows;
}

/** The section's Markdown. */
export function renderSection(
  phone: PhoneBenchResult,
  lighthouse?: { demo: LighthouseJson; big: LighthouseJson },
): string {
  const day = phone.machine.date.slice(0, 10);
  const out = [
    START,
    '',
    `## Real catalogue: ${phone.variants.find((v) => v.name === 'demo')?.cards.toLocaleString('en-US') ?? '358'} vs ${phone.config.cards.toLocaleString('en-US')} cards`,
    '',
    `From \`npm run bench:phone\`, ${day}: \`npm run bench\` rewrites the rest of this file and ` +
      'puts this section back from `bench/results/phone.json` (and `lighthouse*.json`), as does ' +
      '`npx tsx bench/phone/section.ts`. What the figures mean: [bench/README.md](README.md), Phone.',
    '',
    `Machine: ${describeMachine(phone.machine)}`,
    '',
    `### A fan's phone (\`npm run bench:phone\`, ${Math.round(phone.totalMs / 60000)} min)`,
    '',
    'Budget verdicts read each median: `met / missed` for the demo seed, then the catalogue.',
    '',
    sideBySideMarkdown(phone.pairs, phone.labels),
    '',
    ...phone.notes.map((n) => `- ${n}`),
    '',
  ];
  // what the figures say, written by hand after the run (bench/phone/findings.md)
  const findings = join(BENCH_DIR, 'phone', 'findings.md');
  if (existsSync(findings)) out.push(readFileSync(findings, 'utf8').trim(), '');
  if (phone.problems.length) {
    out.push('Problems (not timing):', '', ...phone.problems.map((p) => `- ${p}`), '');
  }
  if (lighthouse) {
    const { demo, big } = lighthouse;
    out.push(
      `### Lighthouse (mobile), demo seed and catalogue (\`npm run bench:lighthouse\`, and with \`-- --catalogue\`)`,
      '',
      `Demo seed: ${demo.machine.date.slice(0, 10)}, ${demo.config.runs} runs a page; catalogue: ` +
        `${big.machine.date.slice(0, 10)}, ${big.config.runs} runs a page. Cold loads (no service ` +
        'worker, empty storage), simulated slow 4G and 4× CPU.',
      '',
      sideBySideMarkdown(lighthousePairs(demo, big), {
        demo: 'demo seed',
        catalogue: `catalogue (${big.config.catalogue?.cards.toLocaleString('en-US') ?? '?'} cards)`,
      }),
      '',
    );
  }
  out.push(END);
  return out.join('\n');
}

/** Puts the section at the top of bench/RESULTS.md (after its title), replacing an older one. */
export async function writeResultsSection(phone?: PhoneBenchResult): Promise<string> {
  const result = phone ?? readJson<PhoneBenchResult>('phone');
  if (!result) throw new Error('no bench/results/phone.json: run npm run bench:phone first');
  // the demo seed's from the same day when there is one (lighthouse-demo.json), else the suite's
  const demo =
    readJson<LighthouseJson>('lighthouse-demo') ?? readJson<LighthouseJson>('lighthouse');
  const big = readJson<LighthouseJson>('lighthouse-catalogue');
  const section = renderSection(result, demo && big ? { demo, big } : undefined);
  const path = join(BENCH_DIR, 'RESULTS.md');
  let text = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmark results\n';
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a >= 0 && b > a) text = text.slice(0, a) + text.slice(b + END.length);
  const title = /^# .*\n/m.exec(text);
  const at = title ? title.index + title[0].length : 0;
  text = `${text.slice(0, at)}\n${section}\n${text.slice(at)}`.replace(/\n{3,}/g, '\n\n');
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(text, { ...options, filepath: path }));
  return path;
}
