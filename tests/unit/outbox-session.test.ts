/**
 * The session side of the outbox: rows wait for the user who queued them, the owner-private
 * tables follow the signed-in user (and show that user's queued changes again after a login),
 * and the auth store never forgets a newer login than the one that failed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PocketBase, { BaseAuthStore } from 'pocketbase';
import { AppDB, type AuthRow } from '@/data/db/index.ts';
import { flushOutbox } from '@/data/sync/flush.ts';
import { createCollectBook } from '@/domains/collect-books/writes.ts';
import { setLike } from '@/domains/likes/writes.ts';
import { DexieAuthStore } from '@/data/session/auth-store.ts';
import { claimPrivateTables, readSession } from '@/data/session/session.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const ALICE = 'aliceaaaaaaaaaa';
const BOB = 'bobbbbbbbbbbbbb';
let db: AppDB;

const signIn = (user: string, n = 1) =>
  db.auth.put({ key: 'session', token: fakeToken(user, n), record: { id: user } });

beforeEach(() => {
  db = new AppDB(`session-${Math.random().toString(36).slice(2)}`);
});

afterEach(async () => {
  await db.delete();
});

describe('owner-private tables', () => {
  it('empty on a change of user, and show the returning user’s queued changes again', async () => {
    await signIn(ALICE);
    await claimPrivateTables(db, ALICE);
    await setLike('carda0000000000', true, db);
    const book = await createCollectBook({ title: '책', group: 'g', cardInfo: ['c1'] }, db);
    expect(await db.likes.count()).toBe(1);

    await signIn(BOB);
    expect(await claimPrivateTables(db, BOB)).toBe(true);
    expect(await db.likes.count()).toBe(0);
    expect(await db.collectBook.count()).toBe(0);
    expect(await db.outbox.count()).toBe(2); // alice's rows wait for her

    await signIn(ALICE, 2);
    expect(await claimPrivateTables(db, ALICE)).toBe(true);
    expect(await db.likes.where({ user: ALICE, photoCard: 'carda0000000000' }).count()).toBe(1);
    expect((await db.collectBook.get(book))?.cardInfo).toEqual(['c1']);
    expect(await claimPrivateTables(db, ALICE)).toBe(false);
  });

  it('an expired token is no session', async () => {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    const exp = Math.floor(Date.now() / 1000) - 1;
    await db.auth.put({
      key: 'session',
      token: `${b64({ alg: 'HS256' })}.${b64({ id: ALICE, exp })}.sig`,
      record: { id: ALICE },
    });
    expect(await readSession(db)).toBeNull();
  });
});

describe('DexieAuthStore', () => {
  it('persist() stores the session held in memory', async () => {
    const store = new DexieAuthStore(db);
    await store.ready;
    const token = fakeToken(ALICE, 1);
    store.save(token, { id: ALICE } as never);
    await store.persist();
    expect((await readSession(db))?.userId).toBe(ALICE);
  });

  it('forget() drops the failed session but keeps a newer login from another tab', async () => {
    const store = new DexieAuthStore(db);
    await signIn(ALICE, 1);
    await store.reload();
    const failed = store.token;
    await signIn(ALICE, 2); // another tab logged in again meanwhile
    const newer = (await db.auth.get('session'))!.token;
    await store.forget(failed);
    expect((await db.auth.get('session'))?.token).toBe(newer);
    expect(store.token).toBe('');

    await store.reload();
    await store.forget(store.token);
    expect(await db.auth.get('session')).toBeUndefined();
  });

  it('a flush that read the session just before a logout does not store it again', async () => {
    await signIn(ALICE);
    const store = new DexieAuthStore(db);
    await store.ready;
    const pb = new PocketBase('http://127.0.0.1:9', store);
    BaseAuthStore.prototype.clear.call(store); // memory behind the stored session, as in a new tab
    // the fan logs out between the flush's read of the stored session and what it does with it
    const get = db.auth.get.bind(db.auth) as (key: string) => Promise<AuthRow | undefined>;
    let raced = false;
    (db.auth as unknown as { get: typeof get }).get = async (key) => {
      const row = await get(key);
      if (!raced) {
        raced = true;
        store.clear();
        await db.auth.delete('session');
      }
      return row;
    };
    await flushOutbox({ db, pb, lock: (run) => run() });
    await new Promise((r) => setTimeout(r, 50)); // the auth store's queued writes
    expect(raced).toBe(true);
    expect(await db.auth.get('session')).toBeUndefined();
  });
});
