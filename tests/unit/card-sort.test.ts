// The grids' sorts (docs/product-rules.md, Photo card grid): 최신순 newest created first, 찜높은순 / 찜낮은순
// by the like count the user sees (queued likes included), ties newest first. Also the wishlist's
// in-memory sort.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import type { PhotoCard } from '@/data/pb/records.ts';
import { listPhotoCards } from '@/domains/catalogue/photo-cards.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { sortCardList } from '@/components/hooks/use-sorted-cards';

let db: AppDB;

beforeEach(() => {
  db = new AppDB(`card-sort-${Math.random()}`);
});

afterEach(async () => {
  await db.delete();
});

const stamp = (day: number) => `2026-01-${String(day).padStart(2, '0')} 10:00:00.000Z`;

function card(id: string, likeCount: number, day: number, group = 'g1'): PhotoCard {
  return {
    id,
    created: stamp(day),
    updated: stamp(day),
    group,
    cardImg: '',
    logoImage: '',
    groupName: group === 'g1' ? 'RIIZE' : 'aespa',
    memberName: id,
    memberNameEn: '',
    title: '',
    label: '',
    likeCount,
    exchangeList: [],
  };
}

const ids = async (q: Parameters<typeof listPhotoCards>[0]) =>
  (await listPhotoCards(q, db)).map((c) => c.id);

describe('listPhotoCards sorts', () => {
  beforeEach(async () => {
    // queued likes count for the signed-in account that queued them (u1 below)
    await db.auth.put({ key: 'session', token: fakeToken('u1', 1), record: { id: 'u1' } });
    await db.photoCards.bulkPut([
      card('a', 5, 1),
      card('b', 9, 2),
      card('c', 5, 3),
      card('d', 0, 4),
      card('e', 9, 5),
      card('z', 100, 6, 'g2'),
    ]);
  });

  it('defaults to 최신순: newest created first', async () => {
    expect(await ids({ group: 'g1' })).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(await ids({ group: 'g1', sort: 'latest' })).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('찜높은순: most liked first, ties newest first', async () => {
    expect(await ids({ group: 'g1', sort: 'likesDesc' })).toEqual(['e', 'b', 'c', 'a', 'd']);
  });

  it('찜낮은순: least liked first, ties newest first', async () => {
    expect(await ids({ group: 'g1', sort: 'likesAsc' })).toEqual(['d', 'c', 'a', 'e', 'b']);
  });

  it('sorts every group together when no group is given', async () => {
    expect(await ids({ sort: 'likesDesc' })).toEqual(['z', 'e', 'b', 'c', 'a', 'd']);
  });

  it('sorts by the shown count, with queued likes', async () => {
    await db.outbox.add({
      id: 'm1',
      kind: 'like.set',
      recordKey: 'likes/l1',
      userId: 'u1',
      payload: { id: 'l1', user: 'u1', photoCard: 'd' },
      createdAt: 1,
      attempts: 0,
      nextTryAt: 0,
    });
    await db.outbox.add({
      id: 'm2',
      kind: 'like.set',
      recordKey: 'likes/l2',
      userId: 'u1',
      payload: { id: 'l2', user: 'u1', photoCard: 'a' },
      createdAt: 2,
      attempts: 0,
      nextTryAt: 0,
    });
    // a: 5 → 6 passes c (5); d: 0 → 1 is still last
    expect(await ids({ group: 'g1', sort: 'likesDesc' })).toEqual(['e', 'b', 'a', 'c', 'd']);
    const counts = (await listPhotoCards({ group: 'g1' }, db)).map((c) => c.likeCount);
    expect(counts).toEqual([9, 1, 5, 9, 6]);
  });
});

describe('wishlist sort (sortCardList)', () => {
  // most recently liked first, as listLikedCards returns it
  const liked = [card('x', 3, 1), card('y', 7, 2), card('w', 3, 3), card('v', 0, 4)];
  const order = (sort: Parameters<typeof sortCardList>[1]) =>
    sortCardList(liked, sort).map((c) => c.id);

  it('keeps the liked order for 최신순', () => {
    expect(order('latest')).toEqual(['x', 'y', 'w', 'v']);
  });

  it('sorts by likes and keeps the liked order among ties', () => {
    expect(order('likesDesc')).toEqual(['y', 'x', 'w', 'v']);
    expect(order('likesAsc')).toEqual(['v', 'x', 'w', 'y']);
  });

  it('does not change the list it was given', () => {
    sortCardList(liked, 'likesAsc');
    expect(liked.map((c) => c.id)).toEqual(['x', 'y', 'w', 'v']);
  });
});
