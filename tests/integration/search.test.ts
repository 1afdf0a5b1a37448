/**
 * The catalogue search against the real server (docs/product-rules.md, Search; docs/data-model.md,
 * Search keys): Korean and Latin names, spaces, case, full width and initial consonants find the
 * same cards; the grid's sorts and paging; bad input refused with Korean messages; the hidden
 * `searchKey` in no answer (list, view, pull, realtime-free reads, the search itself) and never
 * set by a caller; a group's rename carried into its cards' keys; a deleted card gone from the
 * index; the data layer's call stores the found cards locally.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupServer } from '../helpers/integration-setup.ts';
import { failure, newId, uniq } from '../helpers/pb-fixtures.ts';
import { AppDB } from '../../src/data/db/index.ts';
import { searchCards } from '../../src/domains/catalogue/search.ts';

let server: TestServer;
let su: PocketBase;
let riize: RecordModel;
let aespa: RecordModel;
const riizeCards: RecordModel[] = [];
const aespaCards: RecordModel[] = [];

const { fan } = setupServer(async (env) => {
  ({ server, su } = env);
  const tag = uniq();
  riize = await su
    .collection('groups')
    .create({ groupName: `RIIZE${tag}`, groupNameKo: `라이즈${tag}` });
  aespa = await su.collection('groups').create({ groupName: `aespa${tag}`, groupNameKo: '에스파' });
  // made one by one: `created` orders them (the newest last)
  for (let i = 0; i < 7; i++) {
    riizeCards.push(
      await su.collection('photoCards').create({
        group: riize.id,
        groupName: riize.groupName,
        memberName: '원빈',
        memberNameEn: 'WONBIN',
        title: `Get A Guitar ${i}`,
        label: '앨범',
      }),
    );
  }
  aespaCards.push(
    await su.collection('photoCards').create({
      group: aespa.id,
      groupName: aespa.groupName,
      memberName: '카리나',
      memberNameEn: 'KARINA',
      title: 'Whiplash 시즌그리팅',
      label: '시즌그리팅',
    }),
  );
});

interface Answer {
  items: Record<string, unknown>[];
  page: number;
  perPage: number;
  totalItems: number;
  more: boolean;
}

async function search(params: Record<string, string | number>, token?: string) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${server.url}/api/pocamarket/search?${qs}`, {
    headers: token ? { Authorization: token } : {},
  });
  return { status: res.status, body: (await res.json()) as Answer & { message?: string } };
}

const ids = (a: Answer) => a.items.map((c) => c['id']);
const byNewest = (cards: RecordModel[]) => [...cards].reverse().map((c) => c.id);

describe('matching', () => {
  it.each([
    '원빈',
    'wonbin',
    'WONBIN',
    'WonBin',
    '원 빈',
    'ｗｏｎｂｉｎ',
    'ㅇㅂ',
    'ㄹㅇㅈ',
    '라이즈',
    '라 이즈',
    'riize',
    'get a guitar',
    'getaguitar',
  ])('%s finds RIIZE 원빈 cards only', async (q) => {
    const { status, body } = await search({ q, perPage: 60 });
    expect(status).toBe(200);
    expect(ids(body)).toEqual(byNewest(riizeCards));
    expect(body.totalItems).toBe(7);
    expect(body.more).toBe(false);
  });

  it('finds a title, a Korean group name and its initials', async () => {
    expect(ids((await search({ q: 'whiplash' })).body)).toEqual([aespaCards[0]!.id]);
    expect(ids((await search({ q: '에스파' })).body)).toEqual([aespaCards[0]!.id]);
    expect(ids((await search({ q: 'ㅇㅅㅍ' })).body)).toEqual([aespaCards[0]!.id]);
    expect(ids((await search({ q: 'ㅅㅈㄱㄹㅌ' })).body)).toEqual([aespaCards[0]!.id]);
  });

  it('never matches across two fields, nor a label by its initials', async () => {
    expect((await search({ q: 'riize원빈' })).body.totalItems).toBe(0);
    expect((await search({ q: '원빈wonbin' })).body.totalItems).toBe(0);
    // ㅇㅂ is 원빈's, not 앨범's: only the RIIZE cards, not every album card
    expect((await search({ q: '앨범' })).body.totalItems).toBe(7);
    expect((await search({ q: '없는말' })).body).toMatchObject({ items: [], totalItems: 0 });
    // every pair of 'etar' is in 'getaguitar' (et, ta, ar), the string is not
    expect((await search({ q: 'etar' })).body.totalItems).toBe(0);
    expect((await search({ q: 'itar' })).body.totalItems).toBe(7);
  });

  it('narrows to a group', async () => {
    expect((await search({ q: '원빈', group: aespa.id })).body.totalItems).toBe(0);
    expect((await search({ q: '원빈', group: riize.id })).body.totalItems).toBe(7);
  });
});

describe('sorts and pages', () => {
  it('pages newest first', async () => {
    const first = (await search({ q: '원빈', perPage: 3 })).body;
    const second = (await search({ q: '원빈', perPage: 3, page: 2 })).body;
    const last = (await search({ q: '원빈', perPage: 3, page: 3 })).body;
    const past = (await search({ q: '원빈', perPage: 3, page: 4 })).body;
    expect([...ids(first), ...ids(second), ...ids(last)]).toEqual(byNewest(riizeCards));
    expect([first.more, second.more, last.more, past.more]).toEqual([true, true, false, false]);
    expect(first).toMatchObject({ page: 1, perPage: 3, totalItems: 7 });
    expect(past).toMatchObject({ page: 4, items: [], totalItems: 7 });
  });

  it('sorts by likes, ties newest first', async () => {
    const fans = [await fan(), await fan()];
    const [a, b] = [riizeCards[1]!, riizeCards[4]!];
    for (const f of fans) {
      await f.pb.collection('likes').create({ id: newId(), user: f.id, photoCard: a.id });
    }
    await fans[0]!.pb
      .collection('likes')
      .create({ id: newId(), user: fans[0]!.id, photoCard: b.id });
    const rest = byNewest(riizeCards).filter((id) => id !== a.id && id !== b.id);
    const desc = (await search({ q: 'wonbin', sort: 'likesDesc' })).body;
    expect(ids(desc)).toEqual([a.id, b.id, ...rest]);
    expect(desc.items[0]!['likeCount']).toBe(2);
    const asc = (await search({ q: 'wonbin', sort: 'likesAsc' })).body;
    expect(ids(asc)).toEqual([...rest, b.id, a.id]);
  });
});

describe('bad input', () => {
  it.each([
    [{}, '검색어를 입력해주세요.'],
    [{ q: '   ' }, '검색어를 입력해주세요.'],
    [{ q: '가'.repeat(51) }, '검색어는 50자까지 입력할 수 있어요.'],
    [
      { q: '원빈', sort: 'name' },
      '정렬 방식이 올바르지 않아요. 최신순, 찜높은순, 찜낮은순 중에서 골라주세요.',
    ],
    [{ q: '원빈', page: 0 }, '페이지는 1부터 100까지예요.'],
    [{ q: '원빈', page: 101 }, '페이지는 1부터 100까지예요.'],
    [{ q: '원빈', page: 'x' }, '페이지는 1부터 100까지예요.'],
    [{ q: '원빈', perPage: 61 }, '한 번에 60장까지 볼 수 있어요.'],
    [{ q: '원빈', perPage: 0 }, '한 번에 60장까지 볼 수 있어요.'],
    [{ q: '원빈', group: "x' OR 1=1" }, '그룹을 찾을 수 없어요.'],
  ])('%j → 400 %s', async (params, message) => {
    const { status, body } = await search(params as Record<string, string>);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('takes FTS syntax and quotes as plain text', async () => {
    for (const q of ['"', 'a" OR "b', '*', 'NEAR(a b)', "'; DROP TABLE photoCards; --", 'ㅇ*']) {
      const { status } = await search({ q });
      expect(status).toBe(200);
    }
    expect((await search({ q: '원빈' })).body.totalItems).toBe(7);
  });

  it('has 50 characters of room, counted as the box counts them', async () => {
    expect((await search({ q: '가'.repeat(50) })).status).toBe(200);
    expect((await search({ q: '😀'.repeat(50) })).status).toBe(200);
  });
});

describe('searchKey stays on the server', () => {
  const card = () => riizeCards[0]!;

  it('is in no answer: list, view, search, pull', async () => {
    // guests and fans (superusers see hidden fields in the record API, the dashboard's)
    for (const client of [server.client(), (await fan()).pb]) {
      const list = await client.collection('photoCards').getList(1, 50);
      expect(list.items.length).toBeGreaterThan(0);
      for (const r of list.items) expect(r).not.toHaveProperty('searchKey');
      expect(await client.collection('photoCards').getOne(card().id)).not.toHaveProperty(
        'searchKey',
      );
      const groups = await client.collection('groups').getList(1, 50);
      for (const g of groups.items) expect(g).not.toHaveProperty('searchKey');
      expect(await client.collection('groups').getOne(riize.id)).toMatchObject({
        groupNameKo: riize['groupNameKo'],
      });
    }
    const found = (await search({ q: '원빈' }, su.authStore.token)).body;
    for (const r of found.items) expect(r).not.toHaveProperty('searchKey');
    expect(found.items[0]).toMatchObject({ memberName: '원빈', collectionName: 'photoCards' });
    const res = await fetch(`${server.url}/api/pocamarket/pull`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ collections: [{ name: 'groups' }, { name: 'photoCards' }] }),
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toContain(card().id);
    expect(text).not.toContain('searchKey');
  });

  it('cannot be filtered or sorted on by a caller', async () => {
    const pb = server.client();
    const err = await failure(
      pb.collection('photoCards').getList(1, 10, { filter: 'searchKey ~ "원빈"' }),
    );
    expect(err.status).toBe(400);
  });

  it('is the hooks’ own: a value sent is replaced, a fan may not write at all', async () => {
    await su.collection('photoCards').update(card().id, { searchKey: 'forged' });
    expect((await search({ q: 'forged' })).body.totalItems).toBe(0);
    expect((await search({ q: '원빈' })).body.totalItems).toBe(7);
    const made = await su.collection('photoCards').create({
      group: aespa.id,
      groupName: aespa.groupName,
      memberName: '윈터',
      title: 'Forged',
      searchKey: 'zzz',
    });
    expect((await search({ q: 'zzz' })).body.totalItems).toBe(0);
    expect(ids((await search({ q: 'ㅇㅌ' })).body)).toEqual([made.id]);
    await su.collection('photoCards').delete(made.id);
    expect((await search({ q: 'ㅇㅌ' })).body.totalItems).toBe(0);

    const someone = await fan();
    const refused = await failure(
      someone.pb.collection('photoCards').update(card().id, { searchKey: 'x' }),
    );
    expect([403, 404]).toContain(refused.status);
  });
});

describe('keys follow their sources', () => {
  it('a card edit and a group rename re-key the cards', async () => {
    const c = aespaCards[0]!;
    await su.collection('photoCards').update(c.id, { memberName: '닝닝' });
    expect(ids((await search({ q: 'ㄴㄴ' })).body)).toEqual([c.id]);
    expect((await search({ q: '카리나' })).body.totalItems).toBe(0);

    const before = await su.collection('photoCards').getOne(c.id);
    await su.collection('groups').update(aespa.id, { groupNameKo: '에스빠' });
    expect(ids((await search({ q: '에스빠' })).body)).toEqual([c.id]);
    expect(ids((await search({ q: 'ㅇㅅㅃ' })).body)).toEqual([c.id]);
    expect((await search({ q: '에스파' })).body.totalItems).toBe(0);
    // the rename touched the hidden keys only: the card's `updated` did not move, so devices
    // download nothing again
    const after = await su.collection('photoCards').getOne(c.id);
    expect(after.updated).toBe(before.updated);
  });
});

describe('saves that leave the key', () => {
  it('a post on a card (its exchangeList changes) keeps it found', async () => {
    const someone = await fan();
    const c = riizeCards[2]!;
    await someone.pb.collection('exchangeList').create({
      id: newId(),
      writer: someone.id,
      photoCard: c.id,
      description: '교환해요',
      status: '교환대기중',
    });
    const card = await su.collection('photoCards').getOne(c.id);
    expect(card['exchangeList']).toHaveLength(1);
    expect(ids((await search({ q: '원빈', perPage: 60 })).body)).toContain(c.id);
  });
});

describe('the data layer', () => {
  it('asks a page and stores its cards as server copies', async () => {
    const db = new AppDB(`search-${uniq()}`);
    const pb = server.client();
    const page = await searchCards({ q: 'ㅇㅂ', sort: 'latest', perPage: 5 }, { db, pb });
    expect(page).toMatchObject({ page: 1, perPage: 5, totalItems: 7, more: true });
    expect(page.cards.map((c) => c.id)).toEqual(byNewest(riizeCards).slice(0, 5));
    expect((await db.photoCards.bulkGet(page.cards.map((c) => c.id))).every(Boolean)).toBe(true);
    const err = await failure(searchCards({ q: ' ', sort: 'latest' }, { db, pb }));
    expect(err.status).toBe(400);
    expect(err.message).toBe('검색어를 입력해주세요.');
    db.close();
  });
});
