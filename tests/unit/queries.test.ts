// The screens' read API over Dexie (src/data/queries): what each screen gets for rows in the
// local store, including the like counts with queued likes and the sync bookkeeping.
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDB, type OutboxRow } from '@/data/db/index.ts';
import type { PhotoCard } from '@/data/pb/records.ts';
import { listCollectBooksOf } from '@/domains/collect-books/queries.ts';
import { countExchangePostsOfCard, listExchangePostsOfCard } from '@/domains/posts/queries.ts';
import { listGroups } from '@/domains/catalogue/groups.ts';
import { listLikedCardIds, listLikedCards } from '@/domains/likes/queries.ts';
import { listCommentsOfMeetUp, listMeetUps } from '@/domains/meetups/queries.ts';
import { countUnreadNotifications, listNotifications } from '@/domains/alerts/queries.ts';
import { getPhotoCard, listPhotoCards } from '@/domains/catalogue/photo-cards.ts';
import {
  countOutbox,
  listDeadLetters,
  listFailedKeys,
  listOutboxItems,
  listPendingKeys,
  outboxItemState,
  outboxStateText,
  pendingFile,
  type OutboxStateContext,
} from '@/data/queries/sync.ts';
import { getPublicProfile } from '@/domains/accounts/queries.ts';
import { ko } from '@/i18n/ko';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { postsKo } from '../../src/domains/posts/ko.ts';
import { likesKo } from '../../src/domains/likes/ko.ts';
import { collectBooksKo } from '../../src/domains/collect-books/ko.ts';

let db: AppDB;

beforeEach(() => {
  db = new AppDB(`queries-${Math.random()}`);
});

afterEach(async () => {
  vi.unstubAllGlobals();
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
    memberName: '',
    memberNameEn: '',
    title: '',
    label: '',
    likeCount,
    exchangeList: [],
  };
}

let n = 0;
function row(kind: string, recordKey: string, payload: unknown, extra: Partial<OutboxRow> = {}) {
  n++;
  return {
    id: `m${n}`,
    kind,
    recordKey,
    userId: 'u1',
    payload,
    createdAt: 1000 + n,
    attempts: 0,
    nextTryAt: 0,
    ...extra,
  } satisfies OutboxRow;
}

const like = (id: string, photoCard: string, user = 'u1') => ({ id, user, photoCard });

describe('photo cards and like counts', () => {
  beforeEach(async () => {
    await db.photoCards.bulkPut([card('c1', 10, 1), card('c2', 3, 2), card('c3', 0, 3, 'g2')]);
    // queued likes count for the signed-in account that queued them (rows below are u1's)
    await db.auth.put({ key: 'session', token: fakeToken('u1', 1), record: { id: 'u1' } });
  });

  it('shows the server count plus queued likes minus queued unlikes', async () => {
    await db.outbox.bulkAdd([
      row('like.set', 'likes/l1', like('l1', 'c1')),
      row('like.set', 'likes/l2', like('l2', 'c2', 'u2')),
      row('like.unset', 'likes/l3', like('l3', 'c2')),
      row('like.unset', 'likes/l4', like('l4', 'c2')),
      row('post.create', 'exchangeList/p1', { id: 'p1' }),
    ]);
    const cards = await listPhotoCards({}, db);
    expect(Object.fromEntries(cards.map((c) => [c.id, c.likeCount]))).toEqual({
      c1: 11,
      c2: 2,
      c3: 0,
    });
    expect((await getPhotoCard('c1', db))?.likeCount).toBe(11);
  });

  it('cancels a like and its unlike, and never shows a negative count', async () => {
    await db.outbox.bulkAdd([
      row('like.set', 'likes/l1', like('l1', 'c1')),
      row('like.unset', 'likes/l1', like('l1', 'c1')),
      row('like.unset', 'likes/l9', like('l9', 'c3')),
    ]);
    expect((await getPhotoCard('c1', db))?.likeCount).toBe(10);
    expect((await getPhotoCard('c3', db))?.likeCount).toBe(0);
  });

  it('filters by group and sorts newest first or by likes', async () => {
    await db.outbox.add(row('like.set', 'likes/l1', like('l1', 'c3')));
    const ids = async (q: Parameters<typeof listPhotoCards>[0]) =>
      (await listPhotoCards(q, db)).map((c) => c.id);
    expect(await ids({})).toEqual(['c3', 'c2', 'c1']);
    expect(await ids({ group: 'g1' })).toEqual(['c2', 'c1']);
    expect(await ids({ sort: 'likesDesc' })).toEqual(['c1', 'c2', 'c3']);
    expect(await ids({ sort: 'likesAsc' })).toEqual(['c3', 'c2', 'c1']);
    expect(await ids({ sort: 'likesDesc', limit: 2 })).toEqual(['c1', 'c2']);
  });

  it('returns null for a card that is not here', async () => {
    expect(await getPhotoCard('nope', db)).toBeNull();
  });

  it("lists the signed-in user's liked cards, most recently liked first", async () => {
    await db.likes.bulkPut([
      { ...like('l1', 'c1'), created: stamp(5), updated: stamp(5) },
      { ...like('l2', 'c3'), created: stamp(6), updated: stamp(6) },
      { ...like('l3', 'c2', 'u2'), created: stamp(7), updated: stamp(7) },
    ]);
    expect([...(await listLikedCardIds('u1', db))].sort()).toEqual(['c1', 'c3']);
    expect((await listLikedCards('u1', db)).map((c) => c.id)).toEqual(['c3', 'c1']);
  });
});

describe('screens’ lists', () => {
  it('sorts groups by name', async () => {
    await db.groups.bulkPut([
      { id: 'g2', groupName: 'RIIZE', logoImage: '', cardCount: 0, created: '', updated: '' },
      { id: 'g1', groupName: 'aespa', logoImage: '', cardCount: 0, created: '', updated: '' },
    ]);
    expect((await listGroups(db)).map((g) => g.groupName)).toEqual(['aespa', 'RIIZE']);
  });

  it('lists the exchange posts of a card newest first', async () => {
    const post = (id: string, photoCard: string, day: number) => ({
      id,
      photoCard,
      writer: 'u1',
      description: id,
      status: '교환대기중' as const,
      chatContent: '',
      created: stamp(day),
      updated: stamp(day),
    });
    await db.exchangeList.bulkPut([post('p1', 'c1', 1), post('p2', 'c1', 3), post('p3', 'c2', 2)]);
    expect((await listExchangePostsOfCard('c1', undefined, db)).map((p) => p.id)).toEqual([
      'p2',
      'p1',
    ]);
    expect((await listExchangePostsOfCard('c1', 1, db)).map((p) => p.id)).toEqual(['p2']);
    expect(await countExchangePostsOfCard('c1', db)).toBe(2);
  });

  it('lists the comments of a meetup newest first, and meetups soonest first', async () => {
    const comment = (id: string, meetUp: string, day: number) => ({
      id,
      meetUp,
      name: 'u1',
      ment: id,
      created: stamp(day),
      updated: stamp(day),
    });
    await db.comments.bulkPut([
      comment('a', 'm1', 1),
      comment('b', 'm1', 2),
      comment('c', 'm2', 3),
    ]);
    expect((await listCommentsOfMeetUp('m1', db)).map((c) => c.id)).toEqual(['b', 'a']);

    const meetUp = (id: string, startDate: string) =>
      ({ id, startDate, eventTitle: id, created: '', updated: '' }) as Parameters<
        typeof db.meetUps.put
      >[0];
    await db.meetUps.bulkPut([
      meetUp('late', '2026-03-01'),
      meetUp('none', ''),
      meetUp('soon', '2026-02-01'),
    ]);
    expect((await listMeetUps(db)).map((m) => m.id)).toEqual(['soon', 'late', 'none']);
  });

  it("lists a user's collect books in shelf order", async () => {
    const book = (id: string, users: string, day: number) => ({
      id,
      users,
      title: id,
      group: 'g1',
      thumbNail: '',
      cardInfo: [],
      created: stamp(day),
      updated: stamp(day),
    });
    await db.collectBook.bulkPut([book('b2', 'u1', 2), book('b1', 'u1', 1), book('b3', 'u2', 3)]);
    expect((await listCollectBooksOf('u1', db)).map((b) => b.id)).toEqual(['b1', 'b2']);
  });

  it('shows only public fields of a profile', async () => {
    await db.users.put({
      id: 'u2',
      name: '김민지',
      username: 'minji',
      avatar: 'a.png',
      email: 'minji@example.com',
      biasGroup: 'RIIZE',
      likeList: [],
      collectBook: [],
      exchangeStatus: [],
      birth: '2000-01-01',
      phoneNumber: '01012345678',
      role: '',
      created: stamp(1),
      updated: stamp(1),
    });
    const profile = await getPublicProfile('u2', db);
    expect(profile).toMatchObject({ id: 'u2', username: 'minji', avatar: 'a.png' });
    expect(profile).not.toHaveProperty('email');
    expect(profile).not.toHaveProperty('phoneNumber');
    expect(profile).not.toHaveProperty('birth');
    expect(await getPublicProfile('nobody', db)).toBeNull();
  });

  it("lists a user's notifications newest first and counts the unread ones", async () => {
    const note = (id: string, user: string, day: number, read: boolean) => ({
      id,
      user,
      topic: '',
      title: id,
      body: '',
      url: '',
      read,
      sentAt: '',
      at: '',
      created: stamp(day),
      updated: stamp(day),
    });
    await db.notifications.bulkPut([
      note('n1', 'u1', 1, true),
      note('n2', 'u1', 2, false),
      note('n3', 'u2', 3, false),
    ]);
    expect((await listNotifications('u1', db)).map((x) => x.id)).toEqual(['n2', 'n1']);
    // an alert brought up to date by a later event comes first again
    await db.notifications.update('n1', { at: stamp(5) });
    expect((await listNotifications('u1', db)).map((x) => x.id)).toEqual(['n1', 'n2']);
    expect(await countUnreadNotifications('u1', db)).toBe(1);
  });
});

describe('sync bookkeeping', () => {
  it('lists queued changes in sending order with their Korean labels', async () => {
    await db.outbox.bulkAdd([
      row('like.set', 'likes/l1', like('l1', 'c1')),
      row('post.create', 'exchangeList/p1', { id: 'p1' }),
      row('some.future.kind', 'x/1', {}),
    ]);
    expect((await listOutboxItems(db)).map((i) => i.label)).toEqual([
      likesKo.kinds.likeSet,
      postsKo.kinds.postCreate,
      ko.sync.kindUnknown,
    ]);
  });

  it('counts what the fan did: ticking five cards of a book is five changes in one row', async () => {
    await db.outbox.bulkAdd([
      row('like.set', 'likes/l1', like('l1', 'c1')),
      row('like.set', 'likes/l2', like('l2', 'c2')),
      row('like.set', 'likes/l3', like('l3', 'c3')),
      row('post.create', 'exchangeList/p1', { id: 'p1' }),
      row('collectBook.addCards', 'collectBook/b1', { id: 'b1', cards: ['a', 'b', 'c', 'd', 'e'] }),
    ]);
    expect(await countOutbox(db)).toBe(9);
    const book = (await listOutboxItems(db)).at(-1);
    expect(book).toMatchObject({
      label: collectBooksKo.kinds.collectBookAdd,
      cards: 5,
      changes: 5,
    });
  });

  it('says why a change is still waiting', () => {
    const ctx: OutboxStateContext = {
      online: true,
      userId: 'u1',
      waitingForLogin: false,
      now: 10_000,
    };
    const item = { userId: 'u1', nextTryAt: 0 };
    const text = (i: typeof item, c: typeof ctx) => outboxStateText(outboxItemState(i, c));
    expect(text(item, ctx)).toBe(ko.sync.stateWaiting);
    expect(text({ ...item, nextTryAt: 14_200 }, ctx)).toBe(ko.sync.stateRetrying(5));
    expect(text(item, { ...ctx, userId: null })).toBe(ko.sync.stateLogin);
    expect(text({ ...item, userId: 'u2' }, ctx)).toBe(ko.sync.stateLogin);
    expect(text(item, { ...ctx, waitingForLogin: true })).toBe(ko.sync.stateLogin);
    expect(text({ ...item, nextTryAt: 14_200 }, { ...ctx, online: false })).toBe(
      ko.sync.stateOffline,
    );
  });

  it('collects the keys of records with queued and with refused changes', async () => {
    await db.outbox.bulkAdd([
      row('post.create', 'exchangeList/p1', { id: 'p1' }),
      row('post.update', 'exchangeList/p1', { id: 'p1', description: 'x' }),
      row('comment.create', 'comments/k1', { id: 'k1' }),
    ]);
    await db.deadLetters.add({
      ...row('post.update', 'exchangeList/p9', { id: 'p9' }),
      failedAt: 5,
      status: 400,
      message: ko.messages.exchangeEditFailed,
      detail: '400',
      notifiedAt: 0,
    });
    expect([...(await listPendingKeys(db))].sort()).toEqual(['comments/k1', 'exchangeList/p1']);
    expect([...(await listFailedKeys(db))]).toEqual(['exchangeList/p9']);
    const dead = await listDeadLetters(db);
    expect(dead.map((d) => [d.label, d.message])).toEqual([
      [postsKo.kinds.postUpdate, ko.messages.exchangeEditFailed],
    ]);
  });

  it("finds the newest queued file of a record's field", async () => {
    // jsdom's Blob is not structured-cloneable; IndexedDB in browsers stores Blobs natively
    vi.stubGlobal('Blob', NodeBlob);
    const first = new Blob(['first'], { type: 'image/png' });
    const second = new Blob(['second'], { type: 'image/png' });
    await db.outbox.bulkAdd([
      row('collectBook.create', 'collectBook/b1', { id: 'b1', thumbNail: first }),
      row('collectBook.addCards', 'collectBook/b1', { id: 'b1', cards: ['c1'] }),
      row('user.updateProfile', 'users/u1', { id: 'u1', avatar: second }),
    ]);
    const blob = await pendingFile('collectBook', 'b1', 'thumbNail', db);
    expect(await blob?.text()).toBe('first');
    expect(await (await pendingFile('users', 'u1', 'avatar', db))?.text()).toBe('second');
    expect(await pendingFile('collectBook', 'b2', 'thumbNail', db)).toBeNull();
  });
});
