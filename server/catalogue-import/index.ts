/**
 * `npm run catalogue:import -- <file.csv> [--dry-run] [--report <file.json>]`: imports the
 * operator's catalogue CSV into the server `npm start` runs (docs/operators.md, Bulk import; the
 * work is ./import.ts). Progress on the terminal; then the counts and every bad row with its line.
 *
 * The server: POCAMARKET_URL, else http://127.0.0.1:$PORT (8090 by default), as `npm start`
 * serves it. The superuser: POCAMARKET_SUPERUSER_EMAIL and POCAMARKET_SUPERUSER_PASSWORD when
 * both are set (a remote server), else the launcher's own local superuser, which `npm start`
 * keeps in its data dir (PB_DATA, ./pb_data by default: .seed-superuser.json, server/app-server.ts),
 * so nobody types a secret on the machine that runs the server.
 *
 * Exit status: 0 when every row was good, 1 when some rows were bad (the good ones were still
 * imported), 2 when nothing could be imported (the file, its header, the server, the login).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../pocketbase.ts';
import { ImportError, runCatalogueImport, type ImportProgress } from './import.ts';

const USAGE =
  '사용법: npm run catalogue:import -- <파일.csv> [--dry-run] [--report <결과.json>]\n' +
  '  --dry-run   확인만 하고 아무것도 쓰지 않아요\n' +
  '  --report    모든 행의 결과(오류 포함)를 JSON 파일로 남겨요';

/** How many bad rows and new groups are printed (all of them go to --report). */
const PRINTED_BAD = 200;
const PRINTED_GROUPS = 20;

const n = (v: number) => v.toLocaleString('ko-KR');

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)}초`;
  const m = Math.floor(seconds / 60);
  return `${m}분 ${Math.round(seconds - m * 60)}초`;
}

/** The server and the superuser to import as (see the top of this file). */
function target(): { url: string; email: string; password: string } {
  const url = process.env.POCAMARKET_URL || `http://127.0.0.1:${process.env.PORT || 8090}`;
  const email = process.env.POCAMARKET_SUPERUSER_EMAIL;
  const password = process.env.POCAMARKET_SUPERUSER_PASSWORD;
  if (email && password) return { url, email, password };
  const dataDir = resolve(process.env.PB_DATA ?? join(ROOT, 'pb_data'));
  const file = join(dataDir, '.seed-superuser.json');
  if (!existsSync(file)) {
    throw new ImportError(
      `superuser 정보가 없어요: ${file}\n` +
        '이 컴퓨터에서 npm start를 한 번 실행한 데이터 폴더(PB_DATA)를 가리키거나, ' +
        '다른 서버라면 POCAMARKET_URL, POCAMARKET_SUPERUSER_EMAIL, POCAMARKET_SUPERUSER_PASSWORD를 설정해주세요.',
    );
  }
  const cred = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
  return { url, email: cred.email, password: cred.password };
}

/** One progress line: rewritten in place on a terminal, every 5 s otherwise (a log). */
function progressPrinter(): (p: ImportProgress) => void {
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  return (p) => {
    const pct = p.total ? Math.floor((p.done / p.total) * 100) : 100;
    const rate = p.seconds > 0 ? Math.round(p.done / p.seconds) : 0;
    const line =
      `가져오는 중 ${n(p.done)}/${n(p.total)}행 (${pct}%) · 새 카드 ${n(p.created)} · ` +
      `바뀐 카드 ${n(p.updated)} · 그대로 ${n(p.unchanged)} · 오류 ${n(p.bad)} · 초당 ${n(rate)}행`;
    if (tty) {
      process.stderr.write(`\r${line}\u001b[K`);
    } else if (p.seconds - lastLine >= 5 || p.done === p.total) {
      lastLine = p.seconds;
      process.stderr.write(`${line}\n`);
    }
  };
}

async function main(): Promise<number> {
  let values: { 'dry-run'?: boolean; report?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        report: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  try {
    const { url, email, password } = target();
    const dryRun = !!values['dry-run'];
    console.error(
      `${url}에 ${positionals[0]}을(를) ${dryRun ? '확인만 해요 (--dry-run)' : '가져와요'}`,
    );
    const print = progressPrinter();
    const summary = await runCatalogueImport({
      file: positionals[0]!,
      dryRun,
      url,
      email,
      password,
      onProgress: print,
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const rate = summary.seconds > 0 ? Math.round(summary.rows / summary.seconds) : summary.rows;
    console.log(
      `${dryRun ? '확인 끝 (아무것도 쓰지 않았어요)' : '가져오기 끝'}: ${n(summary.rows)}행, ` +
        `${duration(summary.seconds)} (초당 ${n(rate)}행)\n` +
        `  새 카드 ${n(summary.created)} · 바뀐 카드 ${n(summary.updated)} · ` +
        `그대로 ${n(summary.unchanged)} · 오류 ${n(summary.bad.length)}행`,
    );
    if (summary.merged.length) {
      // a card merged in the console stays merged: its row is not written back
      console.log(
        `  다른 카드에 합쳐진 카드라 건너뛴 행 ${n(summary.merged.length)}개: ` +
          summary.merged.slice(0, PRINTED_BAD).join(', ') +
          (summary.merged.length > PRINTED_BAD ? ' …' : ''),
      );
    }
    if (summary.groupsCreated.length) {
      const names = summary.groupsCreated;
      console.log(
        `  ${dryRun ? '만들 그룹' : '새 그룹'} ${names.length}개: ${names.slice(0, PRINTED_GROUPS).join(', ')}` +
          (names.length > PRINTED_GROUPS ? ` 외 ${n(names.length - PRINTED_GROUPS)}개` : ''),
      );
    }
    for (const b of summary.bad.slice(0, PRINTED_BAD)) {
      console.log(`  ${b.line}번째 줄${b.key ? ` (key ${b.key})` : ''}: ${b.reasons.join(' / ')}`);
    }
    if (summary.bad.length > PRINTED_BAD) {
      console.log(
        `  … 오류 ${n(summary.bad.length - PRINTED_BAD)}행 더${values.report ? ` (${values.report}에 모두 있어요)` : ' (--report로 모두 볼 수 있어요)'}`,
      );
    }
    if (values.report) writeFileSync(values.report, `${JSON.stringify(summary, null, 2)}\n`);
    return summary.bad.length ? 1 : 0;
  } catch (err) {
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.error(err instanceof ImportError ? err.message : err);
    return 2;
  }
}

process.exitCode = await main();
