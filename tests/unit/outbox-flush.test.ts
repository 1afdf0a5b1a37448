// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not, and the uploads
// below need their blobs back from the outbox)
/**
 * The flusher's rules case by case, against the in-memory PocketBase of the property tests
 * (tests/helpers/fake-pocketbase.ts): batching, files going alone, backoff and order, the session
 * rules, unreadable rows, duplicates and rollbacks that have to wait for the network.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { AppDB } from '@/data/db/index.ts';
import { createCollectBook } from '@/domains/collect-books/writes.ts';
import { createComment } from '@/domains/meetups/writes.ts';
import { createPost, editPost } from '@/domains/posts/writes.ts';
import { setLike } from '@/domains/likes/writes.ts';
import { flushOutbox, type FlushOptions } from '@/data/sync/flush.ts';
import {
  fakeToken,
  FakePocketBase,
  FakeServerState,
  POISON,
  type Fault,
} from '../helpers/fake-pocketbase.ts';

const USER = 'useraaaaaaaaaaa';
let db: AppDB;
let state: FakeServerState;
let fake: FakePocketBase;
let clock: number;

async function login(n = 1) {
  const token = fakeToken(USER, n);
  fake.tokens.set(token, USER);
  await db.auth.put({ key: 'session', token, record: { id: USER } });
}

beforeEach(async () => {
  db = new AppDB(`flush-${Math.random().toString(36).slice(2)}`);
  state = new FakeServerState();
  fake = new FakePocketBase(state);
  clock = 1_000_000;
  await login();
});

afterEach(async () => {
  await db.delete();
});

const flush = (extra: Partial<FlushOptions> = {}) =>
  flushOutbox({ db, pb: fake as unknown as PocketBase, now: () => clock, ...extra });

/** Faults for the next requests, in order; then everything goes through. */
function faults(...list: Fault[]) {
  fake.nextFault = () => list.shift() ?? 'ok';
}

describe('batching', () => {
  it('sends JSON rows in batches of at most 50, and a file upload alone between them', async () => {
    for (let i = 0; i < 60; i++) await createComment('meetup000000000', `c${i}`, db);
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await createCollectBook({ title: 'b', group: 'g', thumbNail: png }, db);
    for (let i = 60; i < 119; i++) await createComment('meetup000000000', `c${i}`, db);
    const report = await flush();
    // 60 | 1 file | 59: batches of at most 50 around the upload
    expect(report).toMatchObject({ done: 120, dead: 0, requests: 5, remaining: 0 });
    expect(fake.requests).toBe(5);
    expect(state.table('comments').size).toBe(119);
  });

  it('honours a smaller batch size', async () => {
    for (let i = 0; i < 10; i++) await createComment('meetup000000000', `c${i}`, db);
    expect((await flush({ batchMax: 3 })).requests).toBe(4);
  });
});

describe('temporary failures', () => {
  it('back off, stop the flush, and keep per-record order', async () => {
    const post = await createPost('carda0000000000', '처음', db);
    await editPost(post, '두번째', db);
    await createComment('meetup000000000', '다른 기록', db);
    faults('500');
    const first = await flush();
    expect(first).toMatchObject({ done: 0, retrying: 3, stopped: 'network' });
    expect(first.nextTryAt).toBeGreaterThan(clock);
    const rows = await db.outbox.toArray();
    expect(rows.every((r) => r.attempts === 1 && r.lastError?.startsWith('500'))).toBe(true);

    // not yet due: nothing is sent
    expect(await flush()).toMatchObject({ requests: 0, remaining: 3 });
    clock += 60_000;
    expect(await flush()).toMatchObject({ done: 3, remaining: 0 });
    expect(state.table('exchangeList').get(post)?.['description']).toBe('두번째');
  });

  it('a row backing off holds back later rows of its record only', async () => {
    const post = await createPost('carda0000000000', '처음', db);
    faults('429');
    await flush();
    await editPost(post, '두번째', db);
    await createComment('meetup000000000', '댓글 2', db);
    const report = await flush(); // the post's rows are not due; the comment goes
    expect(report.done).toBe(1);
    expect(state.table('comments').size).toBe(1);
    expect(state.table('exchangeList').size).toBe(0);
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('the session', () => {
  it('a 401 stops the flush and keeps every row', async () => {
    await createComment('meetup000000000', 'x', db);
    faults('401');
    expect(await flush()).toMatchObject({ stopped: 'auth', done: 0, dead: 0, remaining: 1 });
    expect(await flush()).toMatchObject({ done: 1, remaining: 0 });
  });

  it('a token the server stopped accepting is checked before anything is called final', async () => {
    const post = await createPost('carda0000000000', '글', db);
    await flush();
    await editPost(post, '고친 글', db);
    await setLike('carda0000000000', true, db);
    fake.tokens.clear(); // revoked: served as anonymous (400 on create, 404 on update)
    const report = await flush();
    expect(report).toMatchObject({ stopped: 'auth', dead: 0, remaining: 2 });
    expect(await db.deadLetters.count()).toBe(0);
    await login(2);
    expect(await flush()).toMatchObject({ done: 2, dead: 0 });
  });

  it('rows of another user wait for that user', async () => {
    await createComment('meetup000000000', 'mine', db);
    await db.outbox.toCollection().modify({ userId: 'someoneelse0000' });
    expect(await flush()).toMatchObject({ done: 0, requests: 0, remaining: 1, stopped: null });
  });
});

describe('refusals', () => {
  it('an unreadable row is set aside in dead letters, not dropped', async () => {
    await db.outbox.add({
      id: 'broken000000000',
      kind: 'post.create',
      recordKey: 'exchangeList/x',
      userId: USER,
      payload: { nonsense: true },
      createdAt: 0,
      attempts: 0,
      nextTryAt: 0,
    });
    await db.outbox.add({
      id: 'unknown00000000',
      kind: 'no.such.kind',
      recordKey: 'x/y',
      userId: USER,
      payload: {},
      createdAt: 0,
      attempts: 0,
      nextTryAt: 0,
    });
    const report = await flush();
    expect(report).toMatchObject({ dead: 2, remaining: 0, requests: 0 });
    expect((await db.deadLetters.toArray()).map((d) => d.id).sort()).toEqual([
      'broken000000000',
      'unknown00000000',
    ]);
  });

  it('a refused create is rolled back and the later edit of it is refused too, once each', async () => {
    const post = await createPost('carda0000000000', `${POISON} 글`, db);
    await editPost(post, '고친 글', db);
    const report = await flush();
    expect(report).toMatchObject({ dead: 2, done: 0, remaining: 0 });
    expect(await db.exchangeList.get(post)).toBeUndefined();
    expect(state.table('exchangeList').size).toBe(0);
  });

  it('a rollback that cannot reach the server is finished by the next flush', async () => {
    const post = await createPost('carda0000000000', '원래', db);
    await flush();
    await editPost(post, `${POISON} 고침`, db);
    // the refusal arrives; the session check passes; the read of the server copy fails
    faults('ok', 'ok', 'drop-before');
    expect(await flush()).toMatchObject({ dead: 1, stopped: 'network' });
    expect((await db.exchangeList.get(post))?.description).toBe(`${POISON} 고침`);
    expect(await flush()).toMatchObject({ stopped: null });
    expect((await db.exchangeList.get(post))?.description).toBe('원래');
  });
});

describe('likes from two devices', () => {
  it('a like the server already has is done, and an unlike queued after it removes that like', async () => {
    await setLike('carda0000000000', true, db);
    await setLike('carda0000000000', false, db);
    await setLike('carda0000000000', true, db);
    // another device of the same user liked the card first
    state.apply(
      {
        method: 'POST',
        collection: 'likes',
        id: 'otherdevice0000',
        body: { id: 'otherdevice0000', user: USER, photoCard: 'carda0000000000' },
      },
      USER,
    );
    const report = await flush();
    expect(report).toMatchObject({ dead: 0, remaining: 0 });
    const likes = [...state.table('likes').values()];
    expect(likes).toHaveLength(1);
    expect(await db.likes.toArray()).toMatchObject([
      { id: likes[0]!.id, photoCard: 'carda0000000000' },
    ]);
    expect(state.table('photoCards').get('carda0000000000')?.['likeCount']).toBe(1);
  });
});
