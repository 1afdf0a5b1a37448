/**
 * Sync by scope against the real PocketBase (docs/sync.md, Pull by scope; The cache): the pull
 * route's scoped entries, a fan's device keeping the groups they follow and the cards they touch,
 * the scope growing, a device that held the whole catalogue moving to its scope without losing a
 * queued change, and a window read from the server kept in the cache.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient } from '../../src/data/pb/client.ts';
import { pullAll, PULL_PATH } from '../../src/data/sync/pull.ts';
import { ensureWindow, resetWindows } from '../../src/domains/catalogue/windows.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createCard, createGroup, createUser, type Actor } from '../helpers/pb-fixtures.ts';
import { freshDb, loggedIn } from '../helpers/sync-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let fan: Actor;
let other: Actor;
/** Four groups of five cards: A the fan's favourite, B their book's, C one liked card, D nothing. */
const groups: Record<'A' | 'B' | 'C' | 'D', RecordModel> = {} as never;
const cards: Record<'A' | 'B' | 'C' | 'D', RecordModel[]> = { A: [], B: [], C: [], D: [] };
const dbs: AppDB[] = [];

function newDb(): AppDB {
  const db = freshDb();
  dbs.push(db);
  return db;
}

async function post(actor: Actor, card: RecordModel): Promise<RecordModel> {
  return actor.pb.collection('exchangeList').create({
    photoCard: card.id,
    writer: actor.id,
    description: '교환해요',
    status: '교환대기중',
  });
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  for (const k of ['A', 'B', 'C', 'D'] as const) {
    groups[k] = await createGroup(su);
    for (let i = 0; i < 5; i++) cards[k].push(await createCard(su, groups[k]));
  }
  [fan, other] = await Promise.all([createUser(server, su), createUser(server, su)]);
  await fan.pb.collection('users').update(fan.id, { biasGroup: groups.A.id });
  await fan.pb
    .collection('collectBook')
    .create({ users: fan.id, title: 'B 콜북', group: groups.B.id });
  await fan.pb.collection('likes').create({ user: fan.id, photoCard: cards.C[0]!.id });
  // posts: by the other fan on A, C[0] and D; the fan's own on D
  for (const c of [cards.A[0]!, cards.C[0]!, cards.C[1]!, cards.D[0]!]) await post(other, c);
  await post(fan, cards.D[1]!);
}, 60_000);

afterEach(async () => {
  resetWindows();
  for (const db of dbs.splice(0)) await db.delete();
});

afterAll(async () => {
  await server?.stop();
});

async function rawPull(body: unknown, token?: string) {
  const res = await fetch(`${server.url}${PULL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the pull route by scope', () => {
  it('answers a group, a set of ids and the caller’s own posts under their keys', async () => {
    const a = await rawPull(
      {
        collections: [
          { name: 'photoCards', key: 'photoCards@g:A', group: groups.A.id },
          { name: 'photoCards', key: 'photoCards@ids:x', ids: [cards.C[0]!.id, cards.D[2]!.id] },
          { name: 'exchangeList', key: 'exchangeList@g:C', group: groups.C.id },
          { name: 'exchangeList', key: 'exchangeList@mine', mine: true },
        ],
      },
      fan.pb.authStore.token,
    );
    expect(a.status).toBe(200);
    const got = a.body['collections'] as Record<string, { items: RecordModel[] }>;
    expect(ids(got['photoCards@g:A']!.items)).toEqual(ids(cards.A));
    expect(ids(got['photoCards@ids:x']!.items)).toEqual(ids([cards.C[0]!, cards.D[2]!]));
    expect(got['exchangeList@g:C']!.items.map((p) => p['photoCard']).sort()).toEqual(
      ids([cards.C[0]!, cards.C[1]!]),
    );
    expect(got['exchangeList@mine']!.items.map((p) => p['writer'])).toEqual([fan.id]);
    // a guest has no posts of their own
    const guest = await rawPull({
      collections: [{ name: 'exchangeList', key: 'exchangeList@mine', mine: true }],
    });
    expect(
      (guest.body['collections'] as Record<string, { items: unknown[] }>)['exchangeList@mine']!
        .items,
    ).toEqual([]);
  });

  it('refuses a malformed scope in Korean, and a scope never widens what the rule allows', async () => {
    const bad = [
      { name: 'photoCards', group: groups.A.id }, // no key
      { name: 'photoCards', key: 'photoCards', group: groups.A.id }, // the plain key
      { name: 'photoCards', key: 'k1', mine: true }, // no such scope on cards
      { name: 'photoCards', key: 'k2', ids: [] },
      { name: 'photoCards', key: 'k3', ids: Array.from({ length: 101 }, (_, i) => `id${i}`) },
      { name: 'photoCards', key: 'k4', group: "x' OR 1=1" },
      { name: 'likes', key: 'likes@g', group: groups.A.id }, // private collections have no scope
      { name: 'photoCards', key: 'k5', group: groups.A.id, ids: [cards.A[0]!.id] },
    ];
    for (const entry of bad) {
      const a = await rawPull({ collections: [entry] });
      expect(a.status, JSON.stringify(entry)).toBe(400);
      expect(String(a.body['message'])).toMatch(/[가-힣]/);
    }
    const dup = await rawPull({
      collections: [
        { name: 'photoCards', key: 'same', group: groups.A.id },
        { name: 'photoCards', key: 'same', group: groups.B.id },
      ],
    });
    expect(dup.status).toBe(400);
  });
});

describe('a device keeps its fan’s scope', () => {
  it('pulls the followed groups, the touched cards and their posts, and grows with the fan', async () => {
    const db = newDb();
    const client = await loggedIn(server, db, fan);
    await pullAll(client.pb, db, true, { userId: fan.id });
    const local = ids(await db.photoCards.toArray());
    // A (favourite) and B (book) whole, C's liked card and D[1] (the fan's own post) alone
    expect(local).toEqual(ids([...cards.A, ...cards.B, cards.C[0]!, cards.D[1]!]));
    const posts = await db.exchangeList.toArray();
    expect(posts.map((p) => p.photoCard).sort()).toEqual(
      ids([cards.A[0]!, cards.C[0]!, cards.D[1]!]),
    );

    // the fan starts a book of D (on another device): the next pull brings D whole
    const book = await fan.pb
      .collection('collectBook')
      .create({ users: fan.id, title: 'D 콜북', group: groups.D.id });
    await pullAll(client.pb, db, true, { userId: fan.id });
    expect(ids(await db.photoCards.where('group').equals(groups.D.id).toArray())).toEqual(
      ids(cards.D),
    );
    expect((await db.exchangeList.toArray()).map((p) => p.photoCard)).toContain(cards.D[0]!.id);

    // and deletes it: D leaves the scope, and its cards the device (but the fan's own post's)
    await fan.pb.collection('collectBook').delete(book.id);
    await pullAll(client.pb, db, true, { userId: fan.id });
    expect(ids(await db.photoCards.where('group').equals(groups.D.id).toArray())).toEqual(
      ids([cards.D[1]!]),
    );
  });

  it('a device that held the whole catalogue moves to its scope and keeps what waits to be sent', async () => {
    const db = newDb();
    const client = await loggedIn(server, db, fan);
    await pullAll(client.pb, db, true, { scoped: false });
    expect(await db.photoCards.count()).toBeGreaterThanOrEqual(20);
    // a like of D[3] queued offline, and a dead letter naming D[4]
    const row = {
      id: 'row-like-d3',
      kind: 'like.set',
      recordKey: 'likes/l-d3',
      userId: fan.id,
      payload: { id: 'l-d3', user: fan.id, photoCard: cards.D[3]!.id },
      createdAt: Date.now(),
      attempts: 0,
      nextTryAt: Date.now() + 3_600_000,
    };
    await db.outbox.add(row);
    await db.deadLetters.add({
      ...row,
      id: 'dead-d4',
      recordKey: 'exchangeList/p-d4',
      payload: { photoCard: cards.D[4]!.id },
      failedAt: Date.now(),
      status: 400,
      message: '실패',
      detail: '',
      notifiedAt: 0,
    });
    await pullAll(client.pb, db, true, { userId: fan.id });
    const local = ids(await db.photoCards.toArray());
    expect(local).toEqual(
      ids([...cards.A, ...cards.B, cards.C[0]!, cards.D[1]!, cards.D[3]!, cards.D[4]!]),
    );
    expect(await db.outbox.count()).toBe(1);
    expect(await db.deadLetters.count()).toBe(1);
  });
});

describe('windows: what a screen shows beyond the scope', () => {
  it('a guest opening group D gets its cards from the server, and they stay after the next pull', async () => {
    const db = newDb();
    const { pb } = await createClient(server.url, db);
    await pullAll(pb, db, false);
    expect(await db.photoCards.where('group').equals(groups.D.id).count()).toBe(0);
    await ensureWindow(pb, db, { kind: 'group', group: groups.D.id });
    expect(await db.photoCards.where('group').equals(groups.D.id).count()).toBe(5);
    await ensureWindow(pb, db, { kind: 'postsOfCard', card: cards.D[0]!.id });
    expect(await db.exchangeList.where('photoCard').equals(cards.D[0]!.id).count()).toBe(1);
    await pullAll(pb, db, false);
    expect(await db.photoCards.where('group').equals(groups.D.id).count()).toBe(5);
    expect(await db.exchangeList.where('photoCard').equals(cards.D[0]!.id).count()).toBe(1);
    // a card deleted on the server goes from the device when it is opened again
    const gone = await createCard(su, groups.D);
    await ensureWindow(pb, db, { kind: 'card', id: gone.id });
    expect(await db.photoCards.get(gone.id)).toBeTruthy();
    await su.collection('photoCards').delete(gone.id);
    resetWindows();
    await ensureWindow(pb, db, { kind: 'card', id: gone.id });
    expect(await db.photoCards.get(gone.id)).toBeUndefined();
  });

  it('a group page reads its first cards in the grid’s order, not the whole group', async () => {
    const db = newDb();
    const { pb } = await createClient(server.url, db);
    await pullAll(pb, db, false);
    await ensureWindow(pb, db, { kind: 'groupTop', group: groups.D.id, sort: 'latest', limit: 2 });
    const newest = [...cards.D].sort((a, b) =>
      a.created === b.created ? (a.id < b.id ? 1 : -1) : a.created < b.created ? 1 : -1,
    );
    const here = await db.photoCards.where('group').equals(groups.D.id).toArray();
    expect(ids(here)).toEqual(ids(newest.slice(0, 2)));
    // the next page (the grid's 더 보기) reads further
    await ensureWindow(pb, db, { kind: 'groupTop', group: groups.D.id, sort: 'latest', limit: 4 });
    expect(await db.photoCards.where('group').equals(groups.D.id).count()).toBe(4);
    // the fan's favourite group is the pull's: no window request for it
    const fanDb = newDb();
    const client = await loggedIn(server, fanDb, fan);
    await pullAll(client.pb, fanDb, true, { userId: fan.id });
    const asked: string[] = [];
    client.pb.beforeSend = (url, options) => {
      asked.push(url);
      return { url, options };
    };
    await ensureWindow(client.pb, fanDb, {
      kind: 'groupTop',
      group: groups.A.id,
      sort: 'latest',
      limit: 2,
    });
    expect(asked.filter((u) => u.includes('/photoCards/'))).toEqual([]);
    expect(await fanDb.photoCards.where('group').equals(groups.A.id).count()).toBe(5);
  });

  it('a read the network lost is asked again once it may pass, so the grid is not left short', async () => {
    const w = { kind: 'groupTop', group: groups.D.id, sort: 'latest', limit: 4 } as const;
    /** A client whose first card read goes to a closed port (the connection is refused). */
    const flaky = async (db: AppDB) => {
      const { pb } = await createClient(server.url, db);
      await pullAll(pb, db, false);
      const lost: string[] = [];
      pb.beforeSend = (url, options) => {
        if (!url.includes('/photoCards/') || lost.length) return { url, options };
        lost.push(url);
        return { url: 'http://127.0.0.1:9/api/collections/photoCards/records', options };
      };
      return { pb, lost };
    };
    // the device's reads ask again (1 s later)
    const db = newDb();
    const device = await flaky(db);
    await ensureWindow(device.pb, db, w, { retries: 2 });
    expect(device.lost.length).toBe(1);
    expect(await db.photoCards.where('group').equals(groups.D.id).count()).toBe(4);
    // without retries (the render server's reads) the lost answer leaves the store as it was
    resetWindows();
    const once = newDb();
    const renderer = await flaky(once);
    await ensureWindow(renderer.pb, once, w);
    expect(renderer.lost.length).toBe(1);
    expect(await once.photoCards.where('group').equals(groups.D.id).count()).toBe(0);
  });
});
