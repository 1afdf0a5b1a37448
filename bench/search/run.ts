/**
 * `npx tsx bench/search/run.ts [--cards 200000] [--groups 500] [--runs 15]`: the catalogue search
 * over a large catalogue (docs/product-rules.md, Search; docs/data-model.md, Search keys).
 *
 * Makes a temporary PocketBase data dir with the project's migrations, inserts the groups and
 * cards with raw SQL (sqlite3 CLI) so their search keys are empty, starts PocketBase (whose
 * start-up backfill then writes every key: timed from the process start to the first health
 * answer, and by the backfill's own log line), and times GET /api/pocamarket/search for typical
 * queries (medians of `runs` requests each, sequential, from one client).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GROUPS } from '../../server/seed/groups.ts';
import { runPocketBaseCommand, startPocketBase, waitForHealth } from '../../server/pocketbase.ts';
import {
  exemptLoopbackFromRateLimits,
  freePort,
  SUPERUSER,
} from '../../tests/helpers/pocketbase.ts';
import PocketBase from 'pocketbase';

const { values } = parseArgs({
  options: {
    cards: { type: 'string' },
    groups: { type: 'string' },
    runs: { type: 'string' },
    /** A data dir to make once and keep (later runs skip the insert and the backfill). */
    data: { type: 'string' },
  },
});
const CARDS = Number(values.cards ?? 200_000);
const GROUP_COUNT = Number(values.groups ?? 500);
const RUNS = Number(values.runs ?? 15);

const sq = (s: string) => `'${s.replaceAll("'", "''")}'`;
const KOREAN_NAMES: Record<string, string> = {
  RIIZE: '라이즈',
  NewJeans: '뉴진스',
  aespa: '에스파',
  IVE: '아이브',
  SEVENTEEN: '세븐틴',
  'Stray Kids': '스트레이 키즈',
  'LE SSERAFIM': '르세라핌',
  'NCT WISH': '엔시티 위시',
  BOYNEXTDOOR: '보이넥스트도어',
  TWS: '투어스',
};
const SYLLABLES = '가나다라마바사아자차카타파하소리별빛노을바람하늘'.split('');

function groupRows(): string[] {
  const rows: string[] = [];
  for (let i = 0; i < GROUP_COUNT; i++) {
    const seed = GROUPS[i];
    const name = seed ? seed.groupName : `GROUP ${i}`;
    const ko = seed
      ? (KOREAN_NAMES[seed.groupName] ?? '')
      : `${SYLLABLES[i % SYLLABLES.length]}${SYLLABLES[(i * 7) % SYLLABLES.length]}${i}`;
    rows.push(`(${sq(`g${String(i).padStart(14, '0')}`)}, ${sq(name)}, ${sq(ko)})`);
  }
  return rows;
}

function sql(): string {
  const members = GROUPS.flatMap((g) => g.members);
  const titles = GROUPS.flatMap((g) => g.releases);
  const labels = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];
  const values = (list: string[][]) => list.map((r) => `(${r.map(sq).join(', ')})`).join(', ');
  return `
PRAGMA journal_mode = WAL;
BEGIN;
INSERT INTO groups (id, groupName, groupNameKo) VALUES ${groupRows().join(', ')};
CREATE TEMP TABLE m (i INTEGER PRIMARY KEY, ko TEXT, en TEXT);
INSERT INTO m (ko, en) VALUES ${values(members.map((m) => [m.ko, m.latin]))};
CREATE TEMP TABLE t (i INTEGER PRIMARY KEY, title TEXT);
INSERT INTO t (title) VALUES ${values(titles.map((t) => [t]))};
CREATE TEMP TABLE l (i INTEGER PRIMARY KEY, label TEXT);
INSERT INTO l (label) VALUES ${values(labels.map((x) => [x]))};
WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k + 1 < ${CARDS})
INSERT INTO photoCards (id, "group", groupName, memberName, memberNameEn, title, label, likeCount, created, updated)
SELECT printf('c%014d', k), printf('g%014d', k % ${GROUP_COUNT}), g.groupName, m.ko, m.en,
  t.title || ' #' || (k % 97), l.label, (k * 7919) % 500,
  strftime('%Y-%m-%d %H:%M:%fZ', '2025-01-01', '+' || k || ' seconds'),
  strftime('%Y-%m-%d %H:%M:%fZ', '2025-01-01', '+' || k || ' seconds')
FROM n
JOIN groups g ON g.id = printf('g%014d', k % ${GROUP_COUNT})
JOIN m ON m.i = 1 + (k % ${members.length})
JOIN t ON t.i = 1 + ((k / 7) % ${titles.length})
JOIN l ON l.i = 1 + (k % ${labels.length});
COMMIT;
`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const kept = values.data;
const fresh = !kept || !existsSync(join(kept, 'data.db'));
const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'pb-search-bench-'));
try {
  if (fresh) insert();
  await measure();
} finally {
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}

function insert() {
  mkdirSync(dataDir, { recursive: true });
  runPocketBaseCommand(dataDir, ['migrate', 'up']);
  runPocketBaseCommand(dataDir, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password]);
  const t0 = Date.now();
  const res = spawnSync('sqlite3', [join(dataDir, 'data.db')], { input: sql(), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  console.log(`inserted ${GROUP_COUNT} groups and ${CARDS} cards by SQL in ${Date.now() - t0} ms`);
}

async function measure() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let log = '';
  const proc = startPocketBase({ dataDir, port, publicDir: null });
  proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    await waitForHealth(url, 600_000);
    console.log(`start-up with the backfill: ${Date.now() - started} ms`);
    const su = new PocketBase(url);
    await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
    await exemptLoopbackFromRateLimits(su);
    const logs = await su.logs.getList(1, 5, { filter: 'message = "search keys backfilled"' });
    for (const l of logs.items) console.log(`backfill log: ${JSON.stringify(l.data)}`);

    const queries: [string, string][] = [
      ['원빈', ''],
      ['wonbin', ''],
      ['WONBIN', ''],
      ['원 빈', ''],
      ['ㅇㅂ', ''],
      ['ㄹㅇㅈ', ''],
      ['riize', ''],
      ['라이즈', ''],
      ['get a guitar', ''],
      ['supernatural', '&sort=likesDesc'],
      ['원빈', '&sort=likesAsc&page=5'],
      ['원빈', `&group=g${'0'.repeat(14)}`],
      ['없는말', ''],
    ];
    console.log('');
    console.log('query | params | totalItems | median ms | max ms');
    for (const [q, extra] of queries) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const r = await fetch(
          `${url}/api/pocamarket/search?q=${encodeURIComponent(q)}&perPage=30${extra}`,
        );
        const body = (await r.json()) as { totalItems: number };
        times.push(performance.now() - t);
        if (!r.ok) throw new Error(JSON.stringify(body));
        total = body.totalItems;
      }
      console.log(
        `${q} | ${extra || '-'} | ${total} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)}`,
      );
    }
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    if (process.env.BENCH_LOG) console.log(log);
  }
}
