// Two accounts on one device: each account's unsent likes are its own. The outbox keeps a queued
// like until its account sends it, so after a switch the other account must not see it in the
// counts or the pending marks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import type { PhotoCard } from '@/data/pb/records.ts';
import { pendingLikeCardIds, queuedLikeDeltas } from '@/domains/likes/counts.ts';
import { getPhotoCard } from '@/domains/catalogue/photo-cards.ts';
import { toggleLike } from '@/domains/likes/writes.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const FAN_A = 'fanaaaaaaaaaaaa';
const FAN_B = 'fanbbbbbbbbbbbb';
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

const signIn = (userId: string) =>
  db.auth.put({ key: 'session', token: fakeToken(userId, 1), record: { id: userId } });

beforeEach(async () => {
  db = new AppDB(`accounts-${Math.random().toString(36).slice(2)}`);
  await db.photoCards.bulkPut([card('card1', 10), card('card2', 3)]);
});

afterEach(async () => {
  await db.delete();
});

describe('queued likes of two accounts on one device', () => {
  it('count and mark only for the account that made them', async () => {
    await signIn(FAN_A);
    expect(await toggleLike('card1', true, db)).toBe('queued');
    expect(await queuedLikeDeltas(db)).toEqual(new Map([['card1', 1]]));
    expect(await pendingLikeCardIds(db)).toEqual(new Set(['card1']));
    expect((await getPhotoCard('card1', db))?.likeCount).toBe(11);

    // fan B signs in on the same device while A's like is still unsent
    await signIn(FAN_B);
    expect(await db.outbox.count()).toBe(1);
    expect(await queuedLikeDeltas(db)).toEqual(new Map());
    expect(await pendingLikeCardIds(db)).toEqual(new Set());
    expect((await getPhotoCard('card1', db))?.likeCount).toBe(10);

    // B's own like counts for B alone
    expect(await toggleLike('card2', true, db)).toBe('queued');
    expect(await queuedLikeDeltas(db)).toEqual(new Map([['card2', 1]]));
    expect(await pendingLikeCardIds(db)).toEqual(new Set(['card2']));

    // back to A: A's like again, not B's
    await signIn(FAN_A);
    expect(await queuedLikeDeltas(db)).toEqual(new Map([['card1', 1]]));
    expect(await pendingLikeCardIds(db)).toEqual(new Set(['card1']));
    expect((await getPhotoCard('card2', db))?.likeCount).toBe(3);
  });
});
