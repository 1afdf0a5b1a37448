/**
 * The one-request pull against the real PocketBase with the demo seed: a cold pull of every
 * collection is a single HTTP request (anonymous and signed in), the store it builds is the one
 * the collections' list APIs describe (and stays so after edits and deletes elsewhere), and the
 * route refuses malformed requests with Korean messages.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import PocketBase from 'pocketbase';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed/index.ts';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient } from '../../src/data/pb/client.ts';
import { parseRecord, type SyncedCollection } from '../../src/data/pb/records.ts';
import { claimPrivateTables, loginWithPassword } from '../../src/data/session/session.ts';
import { PULL_PATH, pullAll, readableCollections } from '../../src/data/sync/pull.ts';
import { SNAPSHOT_INDEX_PATH } from '../../src/data/sync/snapshot.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { failure } from '../helpers/pb-fixtures.ts';
import { freshDb, interceptFetch } from '../helpers/sync-fixtures.ts';

let server: TestServer;
let su: PocketBase;
const dbs: AppDB[] = [];

function newDb(): AppDB {
  const db = freshDb();
  dbs.push(db);
  return db;
}

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  await seedDemo(su);
});

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

afterAll(async () => {
  await server?.stop();
});

/** A client of `db` signed in as a demo account (or anonymous), its private tables claimed. */
async function clientOf(db: AppDB, email: string | null) {
  const client = await createClient(server.url, db);
  if (email) await loginWithPassword(client, email, DEMO_PASSWORD);
  await claimPrivateTables(db, client.pb.authStore.record?.id ?? null);
  return client;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What the per-collection list APIs say this caller's store should hold. */
async function listedStore(pb: PocketBase, signedIn: boolean) {
  const out: Record<string, { id: string }[]> = {};
  for (const c of readableCollections(signedIn)) {
    const raws = await pb
      .collection(c)
      .getFullList({ sort: 'updated,id', batch: 500, requestKey: null });
    out[c] = raws
      .map((r) => parseRecord(c, r) as { id: string } | null)
      .filter((r): r is { id: string } => r !== null)
      .sort(byId);
  }
  return out;
}

async function localStore(db: AppDB, signedIn: boolean) {
  const out: Record<string, { id: string }[]> = {};
  for (const c of readableCollections(signedIn)) {
    out[c] = ((await db.table(c).toArray()) as { id: string }[]).sort(byId);
  }
  return out;
}

describe('a pull round is one request', () => {
  it.each([
    ['anonymous', null],
    ['signed in', 'fan1@example.com'],
  ])('a cold pull of the demo seed, %s, is one pull request', async (_who, email) => {
    const db = newDb();
    const { pb } = await clientOf(db, email);
    const net = interceptFetch();
    let report;
    try {
      report = await pullAll(pb, db, !!email, { scoped: false });
    } finally {
      net.restore();
    }
    // a guest's first pull starts from the catalogue snapshot: two GETs a CDN can answer
    // (tests/integration/catalogue-snapshot.test.ts), then the one delta round
    const snapshot = email
      ? []
      : [
          { method: 'GET', path: SNAPSHOT_INDEX_PATH },
          {
            method: 'GET',
            path: expect.stringMatching(/^\/api\/pocamarket\/catalogue\/[0-9a-f]{32}$/),
          },
        ];
    expect(net.seen).toEqual([...snapshot, { method: 'POST', path: PULL_PATH }]);
    expect(report.requests).toBe(1);
    expect(await db.photoCards.count()).toBeGreaterThanOrEqual(300);
    expect(await db.meetUps.count()).toBeGreaterThanOrEqual(40);
    if (email) expect(await db.likes.count()).toBeGreaterThan(0);

    // and the next one, with nothing new, too
    const again = interceptFetch();
    try {
      expect((await pullAll(pb, db, !!email, { scoped: false })).requests).toBe(1);
    } finally {
      again.restore();
    }
    expect(again.seen).toHaveLength(1);
  });
});

describe('the store a pull builds', () => {
  it('is what the list APIs show, after a cold pull and after edits and deletes elsewhere', async () => {
    const db = newDb();
    const { pb } = await clientOf(db, 'fan1@example.com');
    const me = pb.authStore.record!.id;
    await pullAll(pb, db, true, { scoped: false });
    expect(await localStore(db, true)).toEqual(await listedStore(pb, true));

    // elsewhere: fan1 on another device, fan2, and the operator change and delete things
    const other = new PocketBase(server.url);
    await other.collection('users').authWithPassword('fan2@example.com', DEMO_PASSWORD);
    const elsewhere = new PocketBase(server.url);
    await elsewhere.collection('users').authWithPassword('fan1@example.com', DEMO_PASSWORD);
    const Q = { requestKey: null };
    const myLike = (await elsewhere.collection('likes').getFullList(Q))[0]!;
    await elsewhere.collection('likes').delete(myLike.id, Q);
    const theirPost = (
      await other.collection('exchangeList').getFullList({ filter: `writer != "${me}"`, ...Q })
    ).find((p) => p.writer === other.authStore.record!.id)!;
    await other.collection('exchangeList').delete(theirPost.id, Q);
    const myComment = (
      await elsewhere.collection('comments').getFullList({ filter: `name = "${me}"`, ...Q })
    )[0];
    if (myComment) await elsewhere.collection('comments').delete(myComment.id, Q);
    const cards = await su.collection('photoCards').getList(1, 2, { sort: '-created', ...Q });
    await su.collection('photoCards').delete(cards.items[0]!.id, Q);
    await su.collection('photoCards').update(cards.items[1]!.id, { title: '바뀐 카드' }, Q);
    const meetUp = (await su.collection('meetUps').getList(1, 1, Q)).items[0]!;
    await su.collection('meetUps').update(meetUp.id, { eventTitle: '바뀐 이벤트' }, Q);
    const book = await elsewhere
      .collection('collectBook')
      .create({ users: me, title: '새 콜렉트북' }, Q);

    const net = interceptFetch();
    let report;
    try {
      report = await pullAll(pb, db, true, { scoped: false });
    } finally {
      net.restore();
    }
    expect(report.requests).toBe(1);
    expect(report.deleted).toBeGreaterThanOrEqual(3);
    expect(await db.likes.get(myLike.id)).toBeUndefined();
    expect(await db.exchangeList.get(theirPost.id)).toBeUndefined();
    expect(await db.photoCards.get(cards.items[0]!.id)).toBeUndefined();
    expect((await db.photoCards.get(cards.items[1]!.id))?.title).toBe('바뀐 카드');
    expect((await db.meetUps.get(meetUp.id))?.eventTitle).toBe('바뀐 이벤트');
    expect(await db.collectBook.get(book.id)).toBeDefined();
    expect(await localStore(db, true)).toEqual(await listedStore(pb, true));
  });

  it('anonymous: the public collections, as the list APIs show them to a guest', async () => {
    const db = newDb();
    const { pb } = await clientOf(db, null);
    await pullAll(pb, db, false, { scoped: false });
    expect(await localStore(db, false)).toEqual(await listedStore(pb, false));
  });
});

describe('the route', () => {
  const send = (body: unknown, query = '') =>
    server
      .client()
      .send(`${PULL_PATH}${query}`, { method: 'POST', body: body as object, requestKey: null });

  it('pages a collection with `limit` and a cursor, and says when more are waiting', async () => {
    const first = await send({ collections: [{ name: 'photoCards' }], limit: 2 });
    const page = first.collections.photoCards;
    expect(page.items).toHaveLength(2);
    expect(page.more).toBe(true);
    expect(page.cursor).toEqual({ updated: page.items[1].updated, id: page.items[1].id });
    const next = await send({
      collections: [{ name: 'photoCards', ...page.cursor }],
      limit: 2,
    });
    expect(next.collections.photoCards.items[0].id).not.toBe(page.items[1].id);
    expect(typeof first.now).toBe('string');
  });

  const BAD: [string, unknown, string?][] = [
    ['no body', {}],
    ['collections not a list', { collections: 'groups' }],
    ['an empty list', { collections: [] }],
    ['an entry without a name', { collections: [{}] }],
    ['an unknown collection', { collections: [{ name: 'nope' }] }],
    ['a system collection', { collections: [{ name: '_superusers' }] }],
    ['the same collection twice', { collections: [{ name: 'groups' }, { name: 'groups' }] }],
    ['a checkpoint that is not a timestamp', { collections: [{ name: 'groups', updated: 'x' }] }],
    [
      'an id with a quote',
      { collections: [{ name: 'groups', updated: '2026-01-01 00:00:00.000Z', id: 'a"b' }] },
    ],
    ['an id without a timestamp', { collections: [{ name: 'groups', id: 'abc' }] }],
    ['a limit of 0', { collections: [{ name: 'groups' }], limit: 0 }],
    ['a limit over 500', { collections: [{ name: 'groups' }], limit: 501 }],
    ['a fractional limit', { collections: [{ name: 'groups' }], limit: 1.5 }],
    [
      'more than 20 collections',
      { collections: Array.from({ length: 21 }, (_, i) => ({ name: `c${i}` })) },
    ],
    ['an expand', { collections: [{ name: 'exchangeList' }] }, '?expand=writer'],
  ];

  it.each(BAD)('refuses %s with a Korean 400', async (_what, body, query) => {
    const err = await failure(send(body, query));
    expect(err.status).toBe(400);
    expect(String(err.response.message)).toMatch(/[가-힣]/);
  });

  it('answers records exactly as the list API would, for every collection a guest may read', async () => {
    const names: SyncedCollection[] = readableCollections(false);
    const res = await send({ collections: names.map((name) => ({ name })) });
    for (const name of names) {
      const listed = await server
        .client()
        .collection(name)
        .getFullList({ sort: 'updated,id', batch: 500, requestKey: null });
      expect(res.collections[name].items, name).toEqual(listed);
    }
  });
});
