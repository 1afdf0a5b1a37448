// @vitest-environment node
/**
 * Have and want lists (domains/trade-lists/writes.ts, docs/trades.md `tradeItems`): each write's
 * checks, its optimistic effect and the rows it queues (kinds, record keys, the order key of a
 * fan's card), the book actions, and the two 공개 switches.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import { KINDS, tradeItemOrderKey } from '@/domains/trade-lists/names.ts';
import { readMutation } from '@/data/outbox/index.ts';
import type { CollectBook, PhotoCard } from '@/data/pb/records.ts';
import { getTradeItemOfCard, getTradeLists, getTradeMarks } from '@/domains/trade-lists/queries.ts';
import {
  addDuplicatesToHaves,
  addUnownedToWants,
  removeTradeItem,
  setCollectBookPublic,
  setTradeItem,
  setTradePublic,
} from '@/domains/trade-lists/writes.ts';
import { TRADE_ITEMS_MAX } from '@/domains/trades/rules.ts';
import { applyServerRecords } from '@/data/sync/apply.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const ME = 'useraaaaaaaaaaa';
let db: AppDB;

const stamp = '2026-03-01 10:00:00.000Z';

function card(id: string, group = 'g1'): PhotoCard {
  return {
    id,
    group,
    groupName: 'RIIZE',
    cardImg: '',
    logoImage: '',
    memberName: '원빈',
    memberNameEn: '',
    title: id,
    label: '',
    likeCount: 0,
    exchangeList: [],
    created: stamp,
    updated: stamp,
  };
}

function book(id: string, cardInfo: string[], users = ME): CollectBook {
  return {
    id,
    users,
    title: id,
    group: 'g1',
    thumbNail: '',
    cardInfo,
    created: stamp,
    updated: stamp,
  };
}

const rows = () => db.outbox.orderBy('seq').toArray();
const login = () => db.auth.put({ key: 'session', token: fakeToken(ME, 1), record: { id: ME } });

beforeEach(async () => {
  db = new AppDB(`lists-${Math.random().toString(36).slice(2)}`);
  await db.photoCards.bulkPut(['c1', 'c2', 'c3', 'c4'].map((id) => card(`${id}aaaaaaaaaaaaa`)));
  await db.users.put({
    id: ME,
    name: '나',
    username: 'me',
    avatar: '',
    biasGroup: '',
    likeList: [],
    collectBook: [],
    exchangeStatus: [],
    birth: '',
    phoneNumber: '',
    role: '',
    created: stamp,
    updated: stamp,
  });
  await login();
});

afterEach(async () => {
  await db.delete();
});

const C1 = 'c1aaaaaaaaaaaaa';
const C2 = 'c2aaaaaaaaaaaaa';
const C3 = 'c3aaaaaaaaaaaaa';
const C4 = 'c4aaaaaaaaaaaaa';

describe('setTradeItem', () => {
  it('needs a signed-in fan and a card on this device, and checks spares', async () => {
    await db.auth.clear();
    await expect(setTradeItem(C1, { kind: 'want' }, db)).rejects.toThrow('login required');
    await login();
    await expect(setTradeItem('nosuchcardaaaaa', { kind: 'want' }, db)).rejects.toThrow(
      '포토카드를 찾을 수 없어요.',
    );
    await expect(setTradeItem(C1, { kind: 'have', spare: 0 }, db)).rejects.toThrow(
      '교환 가능한 카드는 여분이 1장 이상이어야 해요.',
    );
    for (const spare of [100, 1.5, -1]) {
      await expect(setTradeItem(C1, { kind: 'have', spare }, db)).rejects.toThrow(
        '여분 수량은 0~99장 사이로 정해주세요.',
      );
    }
    expect(await db.outbox.count()).toBe(0);
    expect(await db.tradeItems.count()).toBe(0);
  });

  it('adds a card at once and queues a create ordered by the fan and card', async () => {
    const id = await setTradeItem(C1, { kind: 'have' }, db);
    expect(await getTradeItemOfCard(ME, C1, db)).toMatchObject({
      id,
      kind: 'have',
      spare: 1,
      user: ME,
    });
    const [row] = await rows();
    expect(row).toMatchObject({ kind: KINDS.tradeItemSet, recordKey: `tradeItems/${id}` });
    const m = readMutation(row!.kind, row!.payload);
    if ('error' in m) throw new Error(m.error);
    expect(m.kind.orderKey?.(m.payload)).toBe(tradeItemOrderKey(ME, C1));
    expect(m.kind.request(m.payload)).toMatchObject({
      method: 'POST',
      body: { id, user: ME, photoCard: C1, kind: 'have', spare: 1 },
    });
  });

  it('moves a card between the lists with an update, and the same mark again is a no-op', async () => {
    const id = await setTradeItem(C1, { kind: 'have', spare: 3 }, db);
    expect(await setTradeItem(C1, { kind: 'have', spare: 3 }, db)).toBeNull();
    expect(await setTradeItem(C1, { kind: 'want', spare: 5 }, db)).toBe(id);
    expect(await getTradeItemOfCard(ME, C1, db)).toMatchObject({ id, kind: 'want', spare: 0 });
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual([KINDS.tradeItemSet, KINDS.tradeItemUpdate]);
    expect(queued[1]!.payload).toMatchObject({ id, kind: 'want', spare: 0 });
    expect(new Set(queued.map((r) => r.recordKey))).toEqual(new Set([`tradeItems/${id}`]));
  });

  it('removes a card (a delete of its item), and a card on no list is a no-op', async () => {
    const id = await setTradeItem(C1, { kind: 'want' }, db);
    expect(await removeTradeItem(C1, db)).toBe(true);
    expect(await removeTradeItem(C1, db)).toBe(false);
    expect(await getTradeItemOfCard(ME, C1, db)).toBeNull();
    expect((await rows()).map((r) => [r.kind, r.recordKey])).toEqual([
      [KINDS.tradeItemSet, `tradeItems/${id}`],
      [KINDS.tradeItemDelete, `tradeItems/${id}`],
    ]);
  });

  it("a removed card added again is a new item, after the old one's delete (one order key)", async () => {
    // the server's item of the card (from another device), pulled
    await applyServerRecords(db, 'tradeItems', [
      {
        id: 'serveritemaaaaa',
        user: ME,
        photoCard: C1,
        kind: 'have',
        spare: 1,
        created: stamp,
        updated: stamp,
      },
    ]);
    await removeTradeItem(C1, db);
    const id = await setTradeItem(C1, { kind: 'want' }, db);
    expect(id).not.toBe('serveritemaaaaa');
    const keys = (await rows()).map((r) => {
      const m = readMutation(r.kind, r.payload);
      return 'error' in m ? '' : m.kind.orderKey?.(m.payload);
    });
    expect(keys).toEqual([tradeItemOrderKey(ME, C1), tradeItemOrderKey(ME, C1)]);
  });

  it('stops at the list limit', async () => {
    await db.tradeItems.bulkPut(
      Array.from({ length: TRADE_ITEMS_MAX }, (_, i) => ({
        id: `item${String(i).padStart(11, '0')}`,
        user: ME,
        photoCard: `x${String(i).padStart(14, '0')}`,
        kind: 'want' as const,
        spare: 0,
        book: '',
        created: stamp,
        updated: stamp,
      })),
    );
    await expect(setTradeItem(C1, { kind: 'want' }, db)).rejects.toThrow(
      '교환 목록에는 카드를 2,000장까지 담을 수 있어요.',
    );
  });

  it('lists and marks', async () => {
    await setTradeItem(C1, { kind: 'have', spare: 2 }, db);
    await setTradeItem(C2, { kind: 'want' }, db);
    const lists = await getTradeLists(ME, db);
    expect(lists.have.map((i) => i.photoCard)).toEqual([C1]);
    expect(lists.want.map((i) => i.photoCard)).toEqual([C2]);
    expect(await getTradeMarks(ME, db)).toEqual(
      new Map([
        [C1, 'have'],
        [C2, 'want'],
      ]),
    );
  });
});

describe('the collect book actions', () => {
  it("adds the book group's cards the fan owns nowhere to the want list", async () => {
    await db.photoCards.put(card('otheraaaaaaaaaa', 'g2'));
    await db.collectBook.bulkPut([book('b1aaaaaaaaaaaaa', [C1]), book('b2aaaaaaaaaaaaa', [C2])]);
    await setTradeItem(C3, { kind: 'have' }, db);
    expect(await addUnownedToWants('b1aaaaaaaaaaaaa', db)).toBe(1);
    expect(await addUnownedToWants('b1aaaaaaaaaaaaa', db)).toBe(0);
    const want = (await getTradeLists(ME, db)).want;
    expect(want.map((i) => [i.photoCard, i.book])).toEqual([[C4, 'b1aaaaaaaaaaaaa']]);
    await expect(addUnownedToWants('nosuchbookaaaaa', db)).rejects.toThrow(
      '내 콜렉트북에서만 교환 목록에 담을 수 있어요.',
    );
  });

  it('adds cards ticked in two or more books to the have list with the extra copies', async () => {
    await db.collectBook.bulkPut([
      book('b1aaaaaaaaaaaaa', [C1, C2, C3]),
      book('b2aaaaaaaaaaaaa', [C1, C2]),
      book('b3aaaaaaaaaaaaa', [C1]),
      book('b4aaaaaaaaaaaaa', [C3], 'someoneelseaaaa'),
    ]);
    await setTradeItem(C2, { kind: 'want' }, db);
    expect(await addDuplicatesToHaves(db)).toBe(1);
    expect((await getTradeLists(ME, db)).have.map((i) => [i.photoCard, i.spare])).toEqual([
      [C1, 2],
    ]);
  });
});

describe('the 공개 switches', () => {
  it('set the list-level switch once, as a PATCH of the own user record', async () => {
    expect(await setTradePublic(true, db)).toBe(true);
    expect(await setTradePublic(true, db)).toBe(false);
    expect((await db.users.get(ME))?.tradePublic).toBe(true);
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: KINDS.tradePublicSet,
      recordKey: `users/${ME}`,
      payload: { id: ME, tradePublic: true },
    });
    // a copy without the field (realtime) keeps the local value
    await applyServerRecords(db, 'users', [{ id: ME, created: stamp, updated: stamp }]);
    expect((await db.users.get(ME))?.tradePublic).toBe(true);
  });

  it("set a collect book's 자랑하기, only on the fan's own book", async () => {
    await db.collectBook.bulkPut([
      book('b1aaaaaaaaaaaaa', []),
      book('b2aaaaaaaaaaaaa', [], 'someoneelseaaaa'),
    ]);
    expect(await setCollectBookPublic('b1aaaaaaaaaaaaa', true, db)).toBe(true);
    expect(await setCollectBookPublic('b1aaaaaaaaaaaaa', true, db)).toBe(false);
    expect((await db.collectBook.get('b1aaaaaaaaaaaaa'))?.isPublic).toBe(true);
    await expect(setCollectBookPublic('b2aaaaaaaaaaaaa', true, db)).rejects.toThrow(
      '콜렉트북을 찾을 수 없어요.',
    );
    expect((await rows()).map((r) => [r.kind, r.payload])).toEqual([
      [KINDS.collectBookSetPublic, { id: 'b1aaaaaaaaaaaaa', isPublic: true }],
    ]);
  });
});
