/**
 * Rapid toggles of one like collapse to their net effect in the outbox before anything is sent
 * (data/writes/queue.ts): a like replaces an unsent like of the same card with its unlikes. Only
 * rows no flush has handed to the network are touched, so a like that may have landed is still
 * followed by its unlike, and each change reaches the server once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { AppDB } from '@/data/db/index.ts';
import { KINDS } from '@/domains/likes/names.ts';
import { listLikedCardIds } from '@/domains/likes/queries.ts';
import { flushOutbox } from '@/data/sync/flush.ts';
import { setLike } from '@/domains/likes/writes.ts';
import { fakeToken, FakePocketBase, FakeServerState } from '../helpers/fake-pocketbase.ts';

const USER = 'useraaaaaaaaaaa';
const CARD = 'card00000000001';
let db: AppDB;
let state: FakeServerState;
let fake: FakePocketBase;

beforeEach(async () => {
  db = new AppDB(`collapse-${Math.random().toString(36).slice(2)}`);
  state = new FakeServerState();
  fake = new FakePocketBase(state);
  const token = fakeToken(USER, 1);
  fake.tokens.set(token, USER);
  await db.auth.put({ key: 'session', token, record: { id: USER } });
});

afterEach(async () => {
  await db.delete();
});

const rows = () => db.outbox.orderBy('seq').toArray();
const flush = (ignoreBackoff = false) =>
  flushOutbox({ db, pb: fake as unknown as PocketBase, ignoreBackoff });

describe('like toggles before sending', () => {
  it('like, unlike, like: one like.set row with the final value, sent once', async () => {
    await setLike(CARD, true, db);
    await setLike(CARD, false, db);
    await setLike(CARD, true, db);
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual([KINDS.likeSet]);
    const liked = await db.likes.where({ user: USER, photoCard: CARD }).toArray();
    expect(liked.map((l) => l.id)).toEqual([(queued[0]!.payload as { id: string }).id]);

    expect(await flush()).toMatchObject({ done: 1, requests: 1, remaining: 0 });
    expect(state.log.map((op) => op.method)).toEqual(['POST']);
    expect([...state.table('likes').values()]).toHaveLength(1);
  });

  it('like, unlike: both rows stay (the unlike also removes a like made on another device)', async () => {
    await setLike(CARD, true, db);
    await setLike(CARD, false, db);
    expect((await rows()).map((r) => r.kind)).toEqual([KINDS.likeSet, KINDS.likeUnset]);
    expect(await listLikedCardIds(USER, db)).toEqual(new Set());
  });

  it('like, unlike, like, unlike, like: one row', async () => {
    for (const liked of [true, false, true, false, true]) await setLike(CARD, liked, db);
    expect((await rows()).map((r) => r.kind)).toEqual([KINDS.likeSet]);
    expect(await listLikedCardIds(USER, db)).toEqual(new Set([CARD]));
  });

  it('a toggle after the like was handed to the network still queues its own row', async () => {
    await setLike(CARD, true, db);
    // the flush hands the like over; its answer is lost (the like may have landed)
    fake.nextFault = () => 'drop-after';
    expect(await flush()).toMatchObject({ stopped: 'network', remaining: 1 });
    expect((await rows())[0]!.sentAt).toBeGreaterThan(0);

    await setLike(CARD, false, db);
    await setLike(CARD, true, db);
    expect((await rows()).map((r) => r.kind)).toEqual([
      KINDS.likeSet,
      KINDS.likeUnset,
      KINDS.likeSet,
    ]);

    fake.nextFault = () => 'ok';
    expect(await flush(true)).toMatchObject({ remaining: 0 });
    const server = [...state.table('likes').values()];
    expect(server.map((l) => l['photoCard'])).toEqual([CARD]);
  });
});
