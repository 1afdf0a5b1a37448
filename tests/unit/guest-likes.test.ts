// Likes made while logged out (docs/product-rules.md, Likes: without a user the like is not sent): they stay on the
// device, show in the counts and the wishlist, and become the user's queued likes at login.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import type { PhotoCard } from '@/data/pb/records.ts';
import { listLikedCardIds, listLikedCards } from '@/domains/likes/queries.ts';
import { getPhotoCard } from '@/domains/catalogue/photo-cards.ts';
import { adoptGuestLikes, toggleLike } from '@/domains/likes/writes.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const USER = 'useraaaaaaaaaaa';
let db: AppDB;

function card(id: string, likeCount: number): PhotoCard {
  const stamp = '2026-01-01 10:00:00.000Z';
  return {
    ...{ id, created: stamp, updated: stamp, group: 'g1', cardImg: '', logoImage: '' },
    ...{ groupName: 'RIIZE', memberName: '원빈', memberNameEn: 'WONBIN', title: 't', label: '' },
    likeCount,
    exchangeList: [],
  };
}

const login = () =>
  db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });

beforeEach(async () => {
  db = new AppDB(`guest-${Math.random().toString(36).slice(2)}`);
  await db.photoCards.bulkPut([card('card1', 10), card('card2', 0)]);
});

afterEach(async () => {
  await db.delete();
});

describe('logged-out likes', () => {
  it('stay on the device: the heart, the count +1 and the wishlist, nothing queued', async () => {
    expect(await toggleLike('card1', true, db)).toBe('local');
    expect(await listLikedCardIds(null, db)).toEqual(new Set(['card1']));
    expect((await getPhotoCard('card1', db))?.likeCount).toBe(11);
    expect((await listLikedCards(null, db)).map((c) => c.id)).toEqual(['card1']);
    expect(await db.outbox.count()).toBe(0);

    expect(await toggleLike('card1', false, db)).toBe('local');
    expect(await listLikedCardIds(null, db)).toEqual(new Set());
    expect((await getPhotoCard('card1', db))?.likeCount).toBe(10);
  });

  it('are queued as the user’s likes at login, once, and the device list empties', async () => {
    await toggleLike('card1', true, db);
    await toggleLike('card2', true, db);
    await toggleLike('gone', true, db); // a card no longer in the catalogue is skipped
    await login();
    // Signed in, the guest hearts no longer add to the counts until adopted.
    expect((await getPhotoCard('card1', db))?.likeCount).toBe(10);

    expect(await adoptGuestLikes(db)).toBe(2);
    expect(await db.guestLikes.count()).toBe(0);
    expect(await listLikedCardIds(USER, db)).toEqual(new Set(['card1', 'card2']));
    expect((await getPhotoCard('card1', db))?.likeCount).toBe(11);
    const rows = await db.outbox.toArray();
    expect(rows.map((r) => r.kind)).toEqual(['like.set', 'like.set']);
    expect(await adoptGuestLikes(db)).toBe(0);
  });

  it('skip cards the user already likes', async () => {
    await toggleLike('card1', true, db);
    await login();
    expect(await toggleLike('card1', true, db)).toBe('queued');
    expect(await adoptGuestLikes(db)).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});
