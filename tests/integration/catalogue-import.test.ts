/**
 * The bulk catalogue import against the real server (docs/operators.md, Bulk import): CSV files
 * and PNG images made here, imported with the command line's code (server/catalogue-import/,
 * once as a child process the way an operator runs it) and through the console's route.
 *
 * Good rows become cards (groups found or made, images stored, found by the search); bad rows of
 * each kind are reported with their lines and nothing of them is written while the good rows of
 * the same file are; a second run changes nothing (no `updated` moves); a changed row updates its
 * card (an image only when its bytes changed); a dry run writes nothing; the console's route is an
 * admin's (a fan 403, a guest 401, nothing written), writes one audit entry per import and agrees
 * with the command line on what is unchanged. Plus the vendored Papa Parse is the installed one.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { SUPERUSER, type TestServer } from '../helpers/pocketbase.ts';
import { setupServer } from '../helpers/integration-setup.ts';
import { uniq, type Actor } from '../helpers/pb-fixtures.ts';
import { ROOT } from '../../server/pocketbase.ts';
import { runCatalogueImport, type ImportSummary } from '../../server/catalogue-import/import.ts';
import {
  imageDigest,
  importRules,
  sha256,
  type ImportReport,
} from '../../server/catalogue-import/rules.ts';
import {
  buildVendorPapaparse,
  VENDOR_FILE,
} from '../../server/catalogue-import/vendor-papaparse.ts';

let server: TestServer;
let su: PocketBase;

const { fan } = setupServer((env) => {
  ({ server, su } = env);
});

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const COLUMNS = [
  'key',
  'group',
  'group_latin',
  'member',
  'member_latin',
  'release',
  'label',
  'title',
  'image',
  'back_image',
] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string>>;

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const line = (r: Row) => COLUMNS.map((c) => quote(r[c] ?? '')).join(',');

/** A folder for one test's CSV and images. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-import-'));
  dirs.push(dir);
  return dir;
}

/** A small PNG of one colour (`seed` picks it): a different seed, different bytes. */
function png(seed: number, width = 6, height = 9): Buffer {
  const img = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    img.data[i * 4] = (seed * 67) & 0xff;
    img.data[i * 4 + 1] = (seed * 131) & 0xff;
    img.data[i * 4 + 2] = (seed * 29 + 7) & 0xff;
    img.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(img);
}

/** A PNG header that declares 20,000 × 20,000 pixels (over the server's bound). */
function hugeHeader(): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(20000, 16);
  b.writeUInt32BE(20000, 20);
  b[24] = 8;
  b[25] = 6;
  return b;
}

function writeFile(dir: string, path: string, bytes: Buffer | string): void {
  const full = join(dir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, bytes);
}

/** Writes `lines` (already CSV text) under the header as `name` in `dir`; returns its path. */
function writeCsv(dir: string, name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, [COLUMNS.join(','), ...lines].join('\n') + '\n');
  return file;
}

function importFile(file: string, dryRun = false): Promise<ImportSummary> {
  return runCatalogueImport({
    file,
    dryRun,
    url: server.url,
    email: SUPERUSER.email,
    password: SUPERUSER.password,
  });
}

/** The cards with these keys (as the superuser sees them, importHash included), by key. */
async function cardsOf(keys: string[]): Promise<Map<string, RecordModel>> {
  const filter = keys.map((k) => su.filter('key = {:k}', { k })).join(' || ');
  const list = await su.collection('photoCards').getFullList({ filter, requestKey: null });
  return new Map(list.map((c) => [String(c['key']), c]));
}

async function groupNamed(name: string): Promise<RecordModel | null> {
  const list = await su
    .collection('groups')
    .getFullList({ filter: su.filter('groupName = {:n}', { n: name }), requestKey: null });
  return list[0] ?? null;
}

/** Every card's and group's `updated`, to see that nothing moved. */
async function stamps(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const c of ['photoCards', 'groups']) {
    for (const r of await su
      .collection(c)
      .getFullList({ fields: 'id,updated', requestKey: null })) {
      out[`${c}/${r.id}`] = r.updated;
    }
  }
  return out;
}

const badLines = (s: { bad: { line: number }[] }) => s.bad.map((b) => b.line);
const reasonOf = (s: { bad: { line: number; reasons: string[] }[] }, l: number) =>
  s.bad.find((b) => b.line === l)?.reasons.join(' / ') ?? '';

describe('importing a catalogue CSV', () => {
  const tag = uniq();
  const key = (n: string) => `${tag}-${n}`;
  const dir = folder();
  writeFile(dir, 'img/a.png', png(1));
  writeFile(dir, 'img/a-back.png', png(2));
  writeFile(dir, 'img/b.png', png(3));
  writeFile(dir, 'img/c.png', png(4));
  writeFile(dir, 'img/b2.png', png(5));
  const rows = (): Row[] => [
    {
      key: key('1'),
      group: `라이즈${tag}`,
      member: '원빈',
      member_latin: 'WONBIN',
      release: 'Get A Guitar',
      label: '앨범',
      title: `원빈 겟어기타 ${tag}`,
      image: 'img/a.png',
      back_image: 'img/a-back.png',
    },
    {
      key: key('2'),
      group: `뉴그룹${tag}`,
      group_latin: `NEWGRP${tag}`,
      member: '하나',
      member_latin: 'HANA',
      label: '특전',
      title: '하나 특전',
      image: 'img/b.png',
    },
    {
      key: key('3'),
      group: `솔로${tag}`,
      member: '솔로',
      release: '1st',
      label: '팬싸',
      title: 'with, a comma and "quotes"',
      image: './img/c.png',
    },
  ];
  let riize: RecordModel;
  let first: ImportSummary;

  it('makes a card of every good row, finding or making its group, with its images', async () => {
    riize = await su
      .collection('groups')
      .create({ groupName: `RIIZE${tag}`, groupNameKo: `라이즈${tag}` });
    const file = writeCsv(dir, 'catalogue.csv', rows().map(line));
    first = await importFile(file);
    expect(first).toMatchObject({ rows: 3, created: 3, updated: 0, unchanged: 0, bad: [] });
    expect(first.groupsCreated.sort()).toEqual([`NEWGRP${tag}`, `솔로${tag}`].sort());

    const cards = await cardsOf([key('1'), key('2'), key('3')]);
    const one = cards.get(key('1'))!;
    // the Korean name finds the group that has it as groupNameKo; the card shows its groupName
    expect(one).toMatchObject({
      group: riize.id,
      groupName: `RIIZE${tag}`,
      memberName: '원빈',
      memberNameEn: 'WONBIN',
      release: 'Get A Guitar',
      label: '앨범',
      title: `원빈 겟어기타 ${tag}`,
    });
    expect(String(one['cardImg'])).toMatch(/\.png$/);
    expect(String(one['cardBackImg'])).toMatch(/\.png$/);
    expect(String(one['importHash'])).toMatch(/^[0-9a-f]{32}:[0-9a-f]{32}:[0-9a-f]{32}$/);
    const newGroup = await groupNamed(`NEWGRP${tag}`);
    expect(newGroup).toMatchObject({ groupNameKo: `뉴그룹${tag}`, cardCount: 1 });
    expect(cards.get(key('2'))).toMatchObject({ group: newGroup!.id, cardBackImg: '' });
    expect(await groupNamed(`솔로${tag}`)).toMatchObject({ groupNameKo: `솔로${tag}` });
    expect(cards.get(key('3'))!['title']).toBe('with, a comma and "quotes"');

    // the stored image is the file's bytes
    const res = await fetch(
      `${server.url}/api/files/photoCards/${one.id}/${String(one['cardImg'])}`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(png(1))).toBe(true);

    // found by the search like any card (its key is the hooks')
    const found = (await (
      await fetch(`${server.url}/api/pocamarket/search?q=${encodeURIComponent(`겟어기타 ${tag}`)}`)
    ).json()) as { items: { id: string }[] };
    expect(found.items.map((c) => c.id)).toEqual([one.id]);
  });

  it('a second run of the same file changes nothing: no record’s updated moves', async () => {
    const before = await stamps();
    const again = await importFile(join(dir, 'catalogue.csv'));
    expect(again).toMatchObject({ rows: 3, created: 0, updated: 0, unchanged: 3, bad: [] });
    expect(again.groupsCreated).toEqual([]);
    expect(again.uploadedBytes).toBe(0);
    expect(await stamps()).toEqual(before);
  });

  it('a changed row updates its card; an image is replaced only when its bytes changed', async () => {
    const before = await cardsOf([key('1'), key('2'), key('3')]);
    const changed = rows();
    changed[0] = { ...changed[0], title: `새 제목 ${tag}`, back_image: '' };
    changed[1] = { ...changed[1], image: 'img/b2.png' };
    const file = writeCsv(dir, 'changed.csv', changed.map(line));
    const s = await importFile(file);
    expect(s).toMatchObject({ rows: 3, created: 0, updated: 2, unchanged: 1, bad: [] });

    const after = await cardsOf([key('1'), key('2'), key('3')]);
    const one = after.get(key('1'))!;
    expect(one['title']).toBe(`새 제목 ${tag}`);
    expect(one['cardImg']).toBe(before.get(key('1'))!['cardImg']);
    expect(one['cardBackImg']).toBe('');
    const two = after.get(key('2'))!;
    expect(two['cardImg']).not.toBe(before.get(key('2'))!['cardImg']);
    expect(two['title']).toBe('하나 특전');
    expect(after.get(key('3'))!.updated).toBe(before.get(key('3'))!.updated);
  });

  it('--dry-run reports what would happen and writes nothing', async () => {
    const before = await stamps();
    const next = rows();
    next[2] = { ...next[2], title: 'changed in a dry run' };
    const file = writeCsv(dir, 'dry.csv', [
      ...next.map(line),
      line({ ...next[0], key: key('4'), group: `드라이${tag}`, title: 'new in a dry run' }),
      line({ ...next[0], key: key('5'), label: '없는종류' }),
    ]);
    const s = await importFile(file, true);
    expect(s).toMatchObject({ dryRun: true, rows: 5, created: 1, updated: 3, unchanged: 0 });
    expect(badLines(s)).toEqual([6]);
    expect(s.groupsCreated).toEqual([`드라이${tag}`]);
    expect(await stamps()).toEqual(before);
    expect((await cardsOf([key('4'), key('5')])).size).toBe(0);
    expect(await groupNamed(`드라이${tag}`)).toBeNull();
  });

  it('a card an admin merged into another is not written back: its row is skipped, by line', async () => {
    const cards = await cardsOf([key('1'), key('3')]);
    const [survivor, loser] = [cards.get(key('1'))!, cards.get(key('3'))!];
    const admin = await fan({ role: 'admin' });
    await admin.pb.send('/api/pocamarket/admin/cards/merge', {
      method: 'POST',
      body: { survivor: survivor.id, loser: loser.id },
      requestKey: null,
    });
    const merged = await su.collection('photoCards').getOne(loser.id);
    const next = rows();
    next[2] = { ...next[2], title: `합친 뒤에 바뀐 제목 ${tag}` };
    const file = writeCsv(dir, 'after-merge.csv', next.map(line));
    for (const dryRun of [true, false]) {
      const s = await importFile(file, dryRun);
      expect(s).toMatchObject({ rows: 3, created: 0, bad: [] });
      expect(s.merged).toEqual([4]);
    }
    // still the hidden redirect it was: nothing of the row was written
    const after = await su.collection('photoCards').getOne(loser.id);
    expect(after).toMatchObject({ hidden: true, mergedInto: survivor.id, title: merged['title'] });
    expect(after.updated).toBe(merged.updated);
  });
});

describe('bad rows', () => {
  it('are reported with their lines and reasons, nothing of them written; good rows import', async () => {
    const tag = uniq();
    const key = (n: string) => `${tag}-${n}`;
    const dir = folder();
    writeFile(dir, 'ok.png', png(11));
    writeFile(dir, 'text.png', 'not an image at all');
    writeFile(dir, 'huge.png', hugeHeader());
    writeFile(dir, 'big.png', Buffer.concat([png(12), Buffer.alloc(5 * 1024 * 1024)]));
    // a PNG cut short before its header: its size can't be read
    writeFile(dir, 'broken.png', png(13).subarray(0, 12));
    const good = (n: string, extra: Row = {}): Row => ({
      key: key(n),
      group: `그룹${tag}`,
      group_latin: `G${tag}`,
      member: '멤버',
      label: '앨범',
      title: `title ${n}`,
      image: 'ok.png',
      ...extra,
    });
    const badGroup = { group: `나쁜그룹${tag}`, group_latin: '' };
    const file = writeCsv(dir, 'bad.csv', [
      /* 2 */ line(good('a')),
      /* 3 */ line(good('no-title', { title: '' })),
      /* 4 */ line(good('label', { ...badGroup, label: '포토북' })),
      /* 5 */ line(good('missing', { image: 'nope/missing.png' })),
      /* 6 */ line(good('text', { ...badGroup, image: 'text.png' })),
      /* 7 */ line(good('huge', { ...badGroup, image: 'huge.png' })),
      /* 8 */ line(good('big', { image: 'big.png' })),
      /* 9 */ line(good('a', { title: 'the same key again' })),
      /* 10-11 */ line(good('two-lines', { title: '두 줄\n제목' })),
      /* 12 */ line(good('back', { back_image: 'nope.png' })),
      /* 13 */ line(good('x'.repeat(101))),
      /* 14 */ `${key('short')},그룹,멤버`,
      /* 15 */ line(good('broken', { ...badGroup, image: 'broken.png' })),
      /* 16 */ '',
      /* 17 */ line(good('last')),
    ]);
    const s = await importFile(file);
    expect(s).toMatchObject({ rows: 14, created: 3, updated: 0, unchanged: 0 });
    expect(badLines(s)).toEqual([3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15]);
    expect(reasonOf(s, 3)).toContain('필수 항목이 비어 있어요: title');
    expect(reasonOf(s, 4)).toContain('label은 앨범, 특전, 팬싸, 시즌그리팅, 기타 중 하나여야 해요');
    expect(reasonOf(s, 5)).toContain('이미지 파일을 찾을 수 없어요: nope/missing.png');
    expect(reasonOf(s, 6)).toContain('이미지 파일이 아니에요: text.png');
    expect(reasonOf(s, 7)).toContain('huge.png: 이미지가 너무 큽니다');
    expect(reasonOf(s, 8)).toContain('이미지 파일이 너무 커요: big.png');
    expect(reasonOf(s, 9)).toContain('같은 key가 2번째 줄에 먼저 있어요');
    expect(reasonOf(s, 12)).toContain('이미지 파일을 찾을 수 없어요: nope.png');
    expect(reasonOf(s, 13)).toContain('key 항목은 100자까지 쓸 수 있어요');
    expect(reasonOf(s, 14)).toContain('열이 3개예요');
    expect(reasonOf(s, 15)).toContain('broken.png: 이미지 크기를 읽을 수 없습니다');

    const cards = await cardsOf(
      [
        'a',
        'no-title',
        'label',
        'missing',
        'text',
        'huge',
        'big',
        'two-lines',
        'back',
        'broken',
        'last',
      ].map(key),
    );
    expect([...cards.keys()].sort()).toEqual([key('a'), key('last'), key('two-lines')].sort());
    expect(cards.get(key('a'))!['title']).toBe('title a');
    expect(cards.get(key('two-lines'))!['title']).toBe('두 줄\n제목');
    // a bad row's new group was not made
    expect(await groupNamed(`나쁜그룹${tag}`)).toBeNull();
    expect(await groupNamed(`G${tag}`)).toMatchObject({ cardCount: 3 });
  });

  it('a file without the ten columns, or not UTF-8, is refused whole', async () => {
    const dir = folder();
    const file = join(dir, 'header.csv');
    writeFileSync(file, 'key,group,member,label,title,image\nk,g,m,앨범,t,a.png\n');
    await expect(importFile(file)).rejects.toThrow(/CSV 머리글에 빠진 열이 있어요: group_latin/);
    const latin1 = join(dir, 'latin1.csv');
    writeFileSync(latin1, Buffer.from([...Buffer.from(COLUMNS.join(',') + '\n'), 0xe9, 0x0a]));
    await expect(importFile(latin1)).rejects.toThrow(/UTF-8/);
  });
});

describe('the command line', () => {
  it('runs as npm run catalogue:import does, with the launcher’s superuser, and exits 1 on bad rows', async () => {
    const tag = uniq();
    const dir = folder();
    writeFile(dir, 'one.png', png(21));
    const file = writeCsv(dir, 'cli.csv', [
      line({
        key: `${tag}-cli`,
        group: `CLI${tag}`,
        member: '멤버',
        label: '시즌그리팅',
        title: 'from the command line',
        image: 'one.png',
      }),
      line({ key: `${tag}-cli-bad`, group: 'g', member: 'm', label: '앨범', image: 'one.png' }),
    ]);
    // the launcher's data dir as `npm start` leaves it: the local superuser's file
    const data = folder();
    writeFileSync(join(data, '.seed-superuser.json'), JSON.stringify(SUPERUSER));
    const env: NodeJS.ProcessEnv = { ...process.env, PB_DATA: data, PORT: String(server.port) };
    delete env['POCAMARKET_URL'];
    delete env['POCAMARKET_SUPERUSER_EMAIL'];
    delete env['POCAMARKET_SUPERUSER_PASSWORD'];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'server/catalogue-import/index.ts'), file],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(out).toContain('가져오기 끝: 2행');
    expect(out).toContain('새 카드 1');
    expect(out).toContain('3번째 줄');
    expect(out).toContain('필수 항목이 비어 있어요: title');
    expect(code).toBe(1);
    expect((await cardsOf([`${tag}-cli`])).size).toBe(1);
    // the run is one audit entry, its actor the superuser
    const log = await su.collection('auditLog').getFullList({
      filter: su.filter('action = "catalogue.import" && reason ~ {:f}', { f: 'cli.csv' }),
      requestKey: null,
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: '', actorName: `superuser ${SUPERUSER.email}` });
    expect(log[0]!['after']).toMatchObject({ rows: 2, created: 1, bad: 1, badLines: [3] });
  });
});

describe('the console’s route: POST /api/pocamarket/admin/catalogue-import', () => {
  const ROUTE = '/api/pocamarket/admin/catalogue-import';
  let admin: Actor;
  let someFan: Actor;

  /** The form the console sends: the CSV, its images (by path or under `files`), dryRun. */
  function form(csv: string, files: Record<string, Buffer>, opts: { dryRun?: boolean } = {}) {
    const f = new FormData();
    f.append('csv', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
    for (const [path, bytes] of Object.entries(files)) {
      // a path with a folder goes under its path; a plain name under `files`
      if (path.includes('/')) f.append(path, new Blob([new Uint8Array(bytes)]), 'x.png');
      else f.append('files', new Blob([new Uint8Array(bytes)]), path);
    }
    if (opts.dryRun) f.append('dryRun', 'true');
    return f;
  }

  async function post(pb: PocketBase | null, body: FormData) {
    const res = await fetch(`${server.url}${ROUTE}`, {
      method: 'POST',
      headers: pb ? { Authorization: pb.authStore.token } : {},
      body,
    });
    return { status: res.status, body: (await res.json()) as ImportReport & { message?: string } };
  }

  async function auditEntries(): Promise<RecordModel[]> {
    return admin.pb.collection('auditLog').getFullList({
      filter: 'action = "catalogue.import"',
      sort: '-created',
      requestKey: null,
    });
  }

  it('imports for an admin, answers the report and writes one audit entry', async () => {
    admin = await fan({ role: 'admin' });
    someFan = await fan();
    const tag = uniq();
    const csv = [
      COLUMNS.join(','),
      line({
        key: `${tag}-w1`,
        group: `웹${tag}`,
        group_latin: `WEB${tag}`,
        member: '멤버',
        label: '기타',
        title: `console card ${tag}`,
        image: 'web/front.png',
        back_image: 'back.png',
      }),
      line({
        key: `${tag}-w2`,
        group: `웹${tag}`,
        member: '둘',
        label: '앨범',
        title: 't2',
        image: 'back.png',
      }),
      line({
        key: `${tag}-w3`,
        group: `웹${tag}`,
        member: '셋',
        label: '엽서',
        title: 't3',
        image: 'back.png',
      }),
      line({
        key: `${tag}-w4`,
        group: `웹${tag}`,
        member: '넷',
        label: '앨범',
        title: 't4',
        image: 'absent.png',
      }),
    ].join('\r\n');
    const files = { 'web/front.png': png(31), 'back.png': png(32) };
    const keys = ['w1', 'w2', 'w3', 'w4'].map((k) => `${tag}-${k}`);
    const entries = (await auditEntries()).length;

    // a fan and a guest: refused, nothing written
    expect((await post(someFan.pb, form(csv, files))).status).toBe(403);
    expect((await post(null, form(csv, files))).status).toBe(401);
    // a dry run: the report, nothing written, no audit entry
    const dry = await post(admin.pb, form(csv, files, { dryRun: true }));
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, rows: 4, created: 2, updated: 0 });
    expect((await cardsOf(keys)).size).toBe(0);
    expect(await groupNamed(`WEB${tag}`)).toBeNull();
    expect((await auditEntries()).length).toBe(entries);

    const res = await post(admin.pb, form(csv, files));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: false,
      rows: 4,
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    expect(res.body.groupsCreated).toEqual([`WEB${tag}`]);
    expect(res.body.bad.map((b) => b.line)).toEqual([4, 5]);
    expect(res.body.bad[0]!.reasons.join()).toContain('label은');
    expect(res.body.bad[1]!.reasons.join()).toContain('이미지 파일을 찾을 수 없어요: absent.png');
    const cards = await cardsOf(keys);
    expect([...cards.keys()].sort()).toEqual([`${tag}-w1`, `${tag}-w2`].sort());
    expect(res.body.cards.map((c) => c.id).sort()).toEqual(
      [...cards.values()].map((c) => c.id).sort(),
    );
    expect(String(cards.get(`${tag}-w1`)!['cardBackImg'])).toMatch(/\.png$/);

    const log = await auditEntries();
    expect(log.length).toBe(entries + 1);
    expect(log[0]).toMatchObject({ actor: admin.id, targetCollection: 'photoCards' });
    expect(String(log[0]!['reason'])).toContain('새 카드 2');
    expect(log[0]!['after']).toMatchObject({ created: 2, bad: [{ line: 4 }, { line: 5 }] });
    // a fan reads no audit log
    expect(await someFan.pb.collection('auditLog').getFullList({ requestKey: null })).toEqual([]);

    // the same again: unchanged, still one entry per import
    const again = await post(admin.pb, form(csv, files));
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await auditEntries()).length).toBe(entries + 2);
  });

  it('agrees with the command line: a file it imported comes back unchanged', async () => {
    const tag = uniq();
    const dir = folder();
    writeFile(dir, 'p/front.png', png(41));
    writeFile(dir, 'back.png', png(42, 30, 40));
    const lines = [
      line({
        key: `${tag}-both`,
        group: `같이${tag}`,
        group_latin: `Both ${tag}`,
        member: '하나',
        member_latin: 'Hana',
        release: '정규 1집',
        label: '시즌그리팅',
        title: '따옴표 "와" 쉼표, 한글',
        image: 'p/front.png',
        back_image: 'back.png',
      }),
    ];
    const file = writeCsv(dir, 'both.csv', lines);
    expect(await importFile(file)).toMatchObject({ created: 1 });
    const res = await post(
      admin.pb,
      form(readFileSync(file, 'utf8'), {
        'p/front.png': readFileSync(join(dir, 'p/front.png')),
        'back.png': readFileSync(join(dir, 'back.png')),
      }),
    );
    expect(res.body).toMatchObject({ created: 0, updated: 0, unchanged: 1, bad: [] });
  });

  it('refuses more than 500 rows, and a request that is not multipart, in Korean', async () => {
    const rows = Array.from({ length: 501 }, (_, i) =>
      line({
        key: `many-${i}`,
        group: 'g',
        member: 'm',
        label: '앨범',
        title: 't',
        image: 'a.png',
      }),
    );
    const many = await post(admin.pb, form([COLUMNS.join(','), ...rows].join('\n'), {}));
    expect(many.status).toBe(400);
    expect(many.body.message).toContain('한 번에 500행까지');
    expect((await cardsOf(['many-0'])).size).toBe(0);
    const json = await fetch(`${server.url}${ROUTE}`, {
      method: 'POST',
      headers: { Authorization: admin.pb.authStore.token, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toContain('multipart/form-data');
  });
});

describe('the parts both sides share', () => {
  it('the command line digests images as the hooks do (every byte value)', () => {
    const rules = importRules();
    const bytes = new Uint8Array(70_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
    expect(rules.imageDigest(bytes, sha256)).toBe(imageDigest(bytes));
    expect(rules.imageDigest(png(1), sha256)).toBe(imageDigest(png(1)));
  });

  it('the vendored Papa Parse is the installed one (server/catalogue-import/vendor-papaparse.ts)', async () => {
    expect(readFileSync(VENDOR_FILE, 'utf8')).toBe(await buildVendorPapaparse());
  });
});
