/**
 * The bulk catalogue import at real size (docs/operators.md, Bulk import): `rows` catalogue rows
 * (200,000 by default) in a CSV made here, imported with the command line (`npm run
 * catalogue:import`, run as a child process exactly as an operator runs it) into a fresh server,
 * then imported again unchanged.
 *
 * The CSV: `groups` groups (Korean and Latin names), five members each, releases, every label,
 * a unique key and title a row; `images` small PNGs (60×90, made here) that the rows share, a
 * back image on every `backEvery`-th row. Sharing keeps the generation quick; the command line
 * still sends each row's images as parts of their own and the server stores them per card, as an
 * import of distinct files would (only the disk reads are saved).
 *
 * Figures: the first import's total time and rows a second, the no-change run's total time and
 * rows a second (every row read, hashed and checked; no image sent, no record written), the image
 * bytes sent, the requests, and the cards the server holds afterwards (checked against the rows).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { ROOT } from '../../server/pocketbase.ts';
import type { ImportSummary } from '../../server/catalogue-import/import.ts';
import { SUPERUSER } from '../../tests/helpers/pocketbase.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { pocketBaseVersion, startBenchServer } from '../lib/server.ts';

export interface ImportBenchOptions {
  rows: number;
  groups: number;
  images: number;
  backEvery: number;
}

export const DEFAULTS: ImportBenchOptions = {
  rows: 200_000,
  groups: 500,
  images: 40,
  backEvery: 4,
};
export const QUICK: Partial<ImportBenchOptions> = { rows: 2_000, groups: 20 };

interface Run {
  seconds: number;
  exitCode: number | null;
  summary: ImportSummary;
}

export interface ImportBenchResult {
  name: 'import';
  machine: MachineInfo;
  config: ImportBenchOptions;
  csvBytes: number;
  generateSeconds: number;
  first: Omit<Run, 'summary'> & { summary: Omit<ImportSummary, 'bad'> & { bad: number } };
  again: Omit<Run, 'summary'> & { summary: Omit<ImportSummary, 'bad'> & { bad: number } };
  cardsAfter: number;
  storageMB: number | null;
  problems: string[];
  notes: string[];
  totalMs: number;
}

const LABELS = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];
const SYLLABLES = '가나다라마바사아자차카타파하소리별빛노을바람하늘'.split('');

/** A 60×90 PNG of a gradient picked by `seed` (about 1–3 KB). */
function image(seed: number): Buffer {
  const png = new PNG({ width: 60, height: 90 });
  for (let y = 0; y < 90; y++) {
    for (let x = 0; x < 60; x++) {
      const i = (y * 60 + x) * 4;
      png.data[i] = (seed * 53 + x * 3) & 0xff;
      png.data[i + 1] = (seed * 97 + y * 2) & 0xff;
      png.data[i + 2] = (seed * 31 + x + y) & 0xff;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** Writes the images and the CSV into `dir`; returns the CSV's path and size. */
function generate(dir: string, o: ImportBenchOptions): { file: string; bytes: number } {
  mkdirSync(join(dir, 'img'), { recursive: true });
  for (let i = 0; i < o.images; i++) {
    writeFileSync(join(dir, 'img', `front-${i}.png`), image(i));
    writeFileSync(join(dir, 'img', `back-${i}.png`), image(i + 1000));
  }
  const lines = ['key,group,group_latin,member,member_latin,release,label,title,image,back_image'];
  for (let i = 0; i < o.rows; i++) {
    const g = i % o.groups;
    const ko = `${SYLLABLES[g % SYLLABLES.length]}${SYLLABLES[(g * 7) % SYLLABLES.length]}그룹${g}`;
    const m = Math.floor(i / o.groups) % 5;
    const release = `${g}집 앨범 ${Math.floor(i / (o.groups * 5)) % 40}`;
    const label = LABELS[i % LABELS.length]!;
    lines.push(
      [
        `bench-${i}`,
        ko,
        `GROUP ${g}`,
        `멤버${m}`,
        `Member ${m}`,
        release,
        label,
        `${release} ${label} 포카 ${i}`,
        `img/front-${i % o.images}.png`,
        i % o.backEvery === 0 ? `img/back-${i % o.images}.png` : '',
      ]
        .map(quote)
        .join(','),
    );
  }
  const text = `${lines.join('\n')}\n`;
  const file = join(dir, 'catalogue.csv');
  writeFileSync(file, text);
  return { file, bytes: Buffer.byteLength(text) };
}

/** Runs the command line on `file` against `url`; its progress goes to this terminal. */
function runCli(file: string, url: string, report: string): Promise<Run> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'server/catalogue-import/index.ts'), file, '--report', report],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        POCAMARKET_URL: url,
        POCAMARKET_SUPERUSER_EMAIL: SUPERUSER.email,
        POCAMARKET_SUPERUSER_PASSWORD: SUPERUSER.password,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      try {
        const summary = JSON.parse(readFileSync(report, 'utf8')) as ImportSummary;
        resolve({ seconds, exitCode: code, summary });
      } catch (err) {
        reject(new Error(`the import exited ${code} without a report: ${String(err)}`));
      }
    });
  });
}

/** The figures of a result (also for RESULTS.md from bench/results/import.json). */
export function importBenchRows(r: ImportBenchResult): Row[] {
  const n = r.config.rows.toLocaleString('en-US');
  const rate = (seconds: number) => Math.round(r.config.rows / seconds);
  const rows: Row[] = [
    {
      figure: `import ${n} rows (fresh server): total`,
      value: Number((r.first.seconds / 60).toFixed(2)),
      unit: 'min',
    },
    { figure: `import ${n} rows: rate`, value: rate(r.first.seconds), unit: 'rows/s' },
    {
      figure: `no-change re-run of ${n} rows: total`,
      value: Number(r.again.seconds.toFixed(1)),
      unit: 's',
    },
    { figure: 'no-change re-run: rate', value: rate(r.again.seconds), unit: 'rows/s' },
    {
      figure: 'images sent (first run)',
      value: Number((r.first.summary.uploadedBytes / 1e6).toFixed(1)),
      unit: 'MB',
    },
    { figure: 'requests (first run)', value: r.first.summary.requests, unit: 'requests' },
    { figure: 'requests (no-change run)', value: r.again.summary.requests, unit: 'requests' },
    { figure: 'cards with a key afterwards', value: r.cardsAfter, unit: 'cards' },
  ];
  if (r.storageMB !== null) {
    rows.push({ figure: 'storage/ after the import', value: Math.round(r.storageMB), unit: 'MB' });
  }
  return rows;
}

const brief = (r: Run) => ({ ...r, summary: { ...r.summary, bad: r.summary.bad.length } });

export async function runImportBench(
  options: Partial<ImportBenchOptions> = {},
): Promise<{ result: ImportBenchResult; rows: Row[] }> {
  const config = { ...DEFAULTS, ...options };
  const started = performance.now();
  const problems: string[] = [];
  const loadBefore = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const server = await startBenchServer({});
  try {
    const t = performance.now();
    const { file, bytes } = generate(dir, config);
    const generateSeconds = (performance.now() - t) / 1000;
    console.log(
      `import: ${config.rows.toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(1)} MB of CSV, ${config.images * 2} images, made in ${generateSeconds.toFixed(1)} s`,
    );

    const first = await runCli(file, server.url, join(dir, 'first.json'));
    const again = await runCli(file, server.url, join(dir, 'again.json'));
    for (const [name, run, want] of [
      ['first run', first, { created: config.rows, updated: 0, unchanged: 0 }],
      ['no-change run', again, { created: 0, updated: 0, unchanged: config.rows }],
    ] as const) {
      const s = run.summary;
      if (run.exitCode !== 0) problems.push(`${name}: exit ${run.exitCode}`);
      if (s.bad.length)
        problems.push(`${name}: ${s.bad.length} bad rows, e.g. ${JSON.stringify(s.bad[0])}`);
      for (const k of ['created', 'updated', 'unchanged'] as const) {
        if (s[k] !== want[k]) problems.push(`${name}: ${k} ${s[k]}, expected ${want[k]}`);
      }
    }

    const su = await server.admin();
    const cardsAfter = (
      await su.collection('photoCards').getList(1, 1, { filter: "key != ''", fields: 'id' })
    ).totalItems;
    if (cardsAfter !== config.rows) problems.push(`${cardsAfter} cards with a key after the runs`);
    const du = spawnSync('du', ['-sk', join(server.dataDir, 'storage')], { encoding: 'utf8' });
    const storageMB = du.status === 0 ? Number(du.stdout.split(/\s/)[0]) / 1024 : null;

    const result: ImportBenchResult = {
      name: 'import',
      machine: machineInfo({ pocketbase: pocketBaseVersion() ?? undefined }),
      config,
      csvBytes: bytes,
      generateSeconds,
      first: brief(first),
      again: brief(again),
      cardsAfter,
      storageMB,
      problems,
      notes: [
        `the command line as an operator runs it (a child process), ${config.images * 2} generated PNGs shared by the rows, each row's images sent and stored per card`,
        `a fresh server (startBenchServer: the app's migrations and hooks, hook VM pool 320); the CSV made in ${generateSeconds.toFixed(1)} s (not in the figures)`,
        `load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end: other work on the machine takes CPU from the server and the command line`,
      ],
      totalMs: performance.now() - started,
    };
    return { result, rows: importBenchRows(result) };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
