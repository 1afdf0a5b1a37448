/**
 * Delta pull against the real PocketBase, into Dexie on fake-indexeddb: paging with the
 * (updated, id) checkpoint through the one-request pull route, tombstones, which collections a
 * session may pull, switching users, and realtime events applied to the local copy.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient } from '../../src/data/pb/client.ts';
import { claimPrivateTables, logout, PRIVATE_TABLES } from '../../src/data/session/session.ts';
import {
  PULL_PAGE_SIZE,
  pullAll,
  pullCollection,
  readableCollections,
} from '../../src/data/sync/pull.ts';
import { startRealtime } from '../../src/data/sync/realtime.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import {
  completeReport,
  createCard,
  createCatalogue,
  createUser,
  newId,
  uniq,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';
import {
  eventually,
  freshDb,
  interceptFetch,
  loggedIn,
  pinUpdated,
  stampAt,
} from '../helpers/sync-fixtures.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
let alice: Actor;
let bob: Actor;
const dbs: AppDB[] = [];

function newDb(): AppDB {
  const db = freshDb();
  dbs.push(db);
  return db;
}

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  cat = await createCatalogue(su);
  [alice, bob] = await Promise.all([createUser(server, su), createUser(server, su)]);
});

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

afterAll(async () => {
  await server?.stop();
});

/** Everything one user owns in the private collections, made on the server. */
async function privateRowsOf(actor: Actor) {
  const card = await createCard(su, cat.group);
  const like = await actor.pb.collection('likes').create({ user: actor.id, photoCard: card.id });
  const book = await actor.pb.collection('collectBook').create({ users: actor.id, title: 'b' });
  const report = await actor.pb.collection('informUs').create(completeReport(actor.id));
  const note = await su
    .collection('notifications')
    .create({ user: actor.id, topic: 'comment', title: 't' });
  return { likes: like.id, collectBook: book.id, informUs: report.id, notifications: note.id };
}

describe('delta pull with (updated, id) checkpoints', () => {
  it('pages through more than 500 records, with ties on `updated` across page ends, once each', async () => {
    // the meetUps collection holds only this test's records (plus the catalogue's one)
    const TOTAL = 1203;
    const created: string[] = [cat.meetUp.id];
    for (let i = 0; created.length < TOTAL; i++) {
      const batch = su.createBatch();
      const n = Math.min(50, TOTAL - created.length);
      const ids = Array.from({ length: n }, () => newId());
      ids.forEach((id, k) => batch.collection('meetUps').create({ id, eventTitle: `m${i}-${k}` }));
      await sendAgainOn503(() => batch.send());
      created.push(...ids);
    }
    // groups of 7 records share one timestamp; in (updated, id) order the groups at positions
    // 497-503 and 994-1000 straddle the ends of the first and second pages
    const sorted = [...created].sort();
    const base = '2025-01-01T00:00:00.000Z';
    pinUpdated(
      server,
      'meetUps',
      sorted.map((id, i) => ({ id, updated: stampAt(base, Math.floor(i / 7)) })),
    );
    const ties = (i: number) => stampAt(base, Math.floor(i / 7));
    expect(ties(PULL_PAGE_SIZE - 1)).toBe(ties(PULL_PAGE_SIZE));
    expect(ties(2 * PULL_PAGE_SIZE - 1)).toBe(ties(2 * PULL_PAGE_SIZE));

    const db = newDb();
    const { pb } = await createClient(server.url, db);
    const net = interceptFetch();
    let first;
    try {
      first = await pullCollection(pb, db, 'meetUps');
    } finally {
      net.restore();
    }
    // records counts every record received: a repeat would show as more than TOTAL
    expect(first).toEqual({ requests: 3, records: TOTAL });
    // one request per round: 500 + 500 + 203 records
    expect(net.count('/api/pocamarket/pull', 'POST')).toBe(3);
    expect(net.seen).toHaveLength(3);
    expect(await db.meetUps.count()).toBe(TOTAL);
    expect((await db.meetUps.toCollection().primaryKeys()).sort()).toEqual(sorted);
    // the records are old: the checkpoint is the last one received
    expect(await db.syncState.get('meetUps')).toMatchObject({
      updated: ties(TOTAL - 1),
      lastId: sorted[TOTAL - 1],
    });

    // a change to two old records and one new record: the next pull asks for just those
    const [a, b] = [sorted[10]!, sorted[600]!];
    await su.collection('meetUps').update(a, { eventTitle: 'renamed a' });
    await su.collection('meetUps').update(b, { eventTitle: 'renamed b' });
    const fresh = await su.collection('meetUps').create({ eventTitle: 'new one' });
    const second = await pullCollection(pb, db, 'meetUps');
    expect(second).toEqual({ requests: 1, records: 3 });
    expect((await db.meetUps.get(a))?.eventTitle).toBe('renamed a');
    expect((await db.meetUps.get(b))?.eventTitle).toBe('renamed b');
    expect(await db.meetUps.get(fresh.id)).toBeDefined();
    expect(await db.meetUps.count()).toBe(TOTAL + 1);
  });

  it('keeps a safety window: a write stamped before the last pull but committed after it is not missed', async () => {
    const db = newDb();
    const { pb } = await createClient(server.url, db);
    const old = await su.collection('groups').create({ groupName: `O${uniq()}` });
    pinUpdated(server, 'groups', [{ id: old.id, updated: '2025-02-01 00:00:00.000Z' }]);
    const g1 = await su.collection('groups').create({ groupName: `W${uniq()}` });
    await pullCollection(pb, db, 'groups');
    const checkpoint = (await db.syncState.get('groups'))!;
    // the checkpoint stays behind the server's clock (g1 is newer than it)
    expect(checkpoint.updated < String(g1.updated)).toBe(true);

    // a slow write: its `updated` was stamped just before g1's, and it lands only now
    const late = await su.collection('groups').create({ groupName: `L${uniq()}` });
    pinUpdated(server, 'groups', [
      { id: late.id, updated: stampAt(String(g1.updated).replace(' ', 'T'), -1) },
    ]);
    const again = await pullCollection(pb, db, 'groups');
    expect(await db.groups.get(late.id)).toBeDefined();
    // only the window is read again (g1, the late one and other recent groups), not the whole
    // collection
    const inWindow = await su
      .collection('groups')
      .getFullList({ filter: su.filter('updated >= {:u}', { u: checkpoint.updated }) });
    expect(again.records).toBe(inWindow.length);
    expect(inWindow.map((g) => g.id)).not.toContain(old.id);
  });

  it('never moves a checkpoint backwards', async () => {
    const db = newDb();
    const { pb } = await createClient(server.url, db);
    await pullCollection(pb, db, 'photoCards');
    const before = (await db.syncState.get('photoCards'))!;
    await pullCollection(pb, db, 'photoCards');
    const after = (await db.syncState.get('photoCards'))!;
    expect(after.updated >= before.updated).toBe(true);
  });
});

describe('tombstones', () => {
  it('a record deleted on the server disappears locally on the next pull', async () => {
    const db = newDb();
    const client = await loggedIn(server, db, alice);
    const post = await bob.pb.collection('exchangeList').create({
      writer: bob.id,
      photoCard: cat.card.id,
      description: '곧 지울 글',
      status: '교환대기중',
    });
    const comment = await bob.pb
      .collection('comments')
      .create({ name: bob.id, meetUp: cat.meetUp.id, ment: '곧 지울 댓글' });
    const card = await createCard(su, cat.group);
    const like = await alice.pb.collection('likes').create({ user: alice.id, photoCard: card.id });
    await pullAll(client.pb, db, true, { scoped: false });
    expect(await db.exchangeList.get(post.id)).toBeDefined();
    expect(await db.comments.get(comment.id)).toBeDefined();
    expect(await db.likes.get(like.id)).toBeDefined();
    expect(await db.photoCards.get(card.id)).toBeDefined();

    // deleted elsewhere: by its writer, by the owner on another device, by an admin
    await bob.pb.collection('exchangeList').delete(post.id);
    await bob.pb.collection('comments').delete(comment.id);
    await alice.pb.collection('likes').delete(like.id);
    await su.collection('photoCards').delete(card.id);

    const report = await pullAll(client.pb, db, true, { scoped: false });
    expect(report.deleted).toBeGreaterThanOrEqual(4);
    expect(await db.exchangeList.get(post.id)).toBeUndefined();
    expect(await db.comments.get(comment.id)).toBeUndefined();
    expect(await db.likes.get(like.id)).toBeUndefined();
    expect(await db.photoCards.get(card.id)).toBeUndefined();
  });
});

describe('private collections follow the session', () => {
  it('are not pulled anonymously, are after login, and are emptied when the user changes', async () => {
    const mine = await privateRowsOf(alice);
    const theirs = await privateRowsOf(bob);
    const post = await bob.pb.collection('exchangeList').create({
      writer: bob.id,
      photoCard: cat.card.id,
      description: '공개 글',
      status: '교환대기중',
    });
    const db = newDb();

    // anonymous: a private collection is not even asked for, nothing stored
    const anon = await createClient(server.url, db);
    await claimPrivateTables(db, null);
    const asked: string[] = [];
    anon.pb.beforeSend = (url, options) => {
      const body = options.body as { collections?: { name: string }[] } | undefined;
      asked.push(...(body?.collections ?? []).map((c) => c.name));
      return { url, options };
    };
    await pullAll(anon.pb, db, false, { scoped: false });
    anon.pb.beforeSend = undefined;
    expect(asked).toContain('exchangeList');
    for (const t of PRIVATE_TABLES) {
      expect(asked, t).not.toContain(t);
      expect(await db.table(t).count(), t).toBe(0);
    }
    expect(await db.exchangeList.get(post.id)).toBeDefined();
    expect(readableCollections(false)).not.toContain('likes');

    // alice logs in: her rows (and only hers) arrive
    const a = await loggedIn(server, db, alice);
    await claimPrivateTables(db, alice.id);
    await pullAll(a.pb, db, true, { scoped: false });
    for (const t of PRIVATE_TABLES) {
      const ids = await db.table(t).toCollection().primaryKeys();
      expect(ids, t).toContain(mine[t]);
      expect(ids, t).not.toContain(theirs[t]);
    }

    // bob logs in on the same device: alice's private rows go, bob's come
    const b = await loggedIn(server, db, bob);
    expect(await claimPrivateTables(db, bob.id)).toBe(true);
    for (const t of PRIVATE_TABLES) expect(await db.table(t).count(), t).toBe(0);
    await pullAll(b.pb, db, true, { scoped: false });
    for (const t of PRIVATE_TABLES) {
      const ids = await db.table(t).toCollection().primaryKeys();
      expect(ids, t).toContain(theirs[t]);
      expect(ids, t).not.toContain(mine[t]);
    }

    // logout empties them too, and forgets bob's own private profile fields
    await logout(b, db);
    for (const t of PRIVATE_TABLES) expect(await db.table(t).count(), t).toBe(0);
    expect((await db.users.get(bob.id))?.email).toBeUndefined();
  });
});

describe('chat reports', () => {
  it("an admin's device pulls the admin's own reports, not every fan's queue", async () => {
    const admin = await createUser(server, su, { role: 'admin' });
    const theirs = await alice.pb
      .collection('chatReports')
      .create({ reporter: alice.id, target: bob.id, reason: '욕설' });
    const own = await admin.pb
      .collection('chatReports')
      .create({ reporter: admin.id, target: bob.id, reason: '사기 의심' });
    // the API still lists both to the admin
    const listed = await admin.pb.collection('chatReports').getFullList();
    expect(listed.map((r) => r.id)).toEqual(expect.arrayContaining([theirs.id, own.id]));

    const db = newDb();
    const client = await loggedIn(server, db, admin);
    await claimPrivateTables(db, admin.id);
    await pullAll(client.pb, db, true, { scoped: false });
    expect(await db.chatReports.toCollection().primaryKeys()).toEqual([own.id]);

    // alice's device keeps hers
    const aliceDb = newDb();
    const a = await loggedIn(server, aliceDb, alice);
    await claimPrivateTables(aliceDb, alice.id);
    await pullAll(a.pb, aliceDb, true, { scoped: false });
    expect(await aliceDb.chatReports.toCollection().primaryKeys()).toContain(theirs.id);
  });
});

describe('realtime', () => {
  it('applies creates, updates and deletes made by another user, and private events of the owner', async () => {
    const previous = (globalThis as { EventSource?: unknown }).EventSource;
    (globalThis as { EventSource?: unknown }).EventSource = EventSource;
    const db = newDb();
    const client = await loggedIn(server, db, alice);
    let connects = 0;
    const rt = await startRealtime(client.pb, db, readableCollections(true), () => connects++);
    try {
      expect(connects).toBe(1);
      const post = await bob.pb.collection('exchangeList').create({
        writer: bob.id,
        photoCard: cat.card.id,
        description: '실시간 새 글',
        status: '교환대기중',
      });
      await eventually(async () => !!(await db.exchangeList.get(post.id)), 'create arrives');

      await bob.pb.collection('exchangeList').update(post.id, { status: '교환중' });
      await eventually(
        async () => (await db.exchangeList.get(post.id))?.status === '교환중',
        'update arrives',
      );

      await bob.pb.collection('exchangeList').delete(post.id);
      await eventually(async () => !(await db.exchangeList.get(post.id)), 'delete arrives');

      // alice's own like from another device arrives; bob's never does
      const card = await createCard(su, cat.group);
      const theirs = await bob.pb.collection('likes').create({ user: bob.id, photoCard: card.id });
      const mine = await alice.pb
        .collection('likes')
        .create({ user: alice.id, photoCard: card.id });
      await eventually(async () => !!(await db.likes.get(mine.id)), 'own like arrives');
      expect(await db.likes.get(theirs.id)).toBeUndefined();
      // a like moves the card's count in a database trigger, with no realtime message (one per
      // like to every client is what a like storm cannot afford: docs/scaling.md); the count
      // comes with the next pull (and, for the liker, the flush's read-back)
      await pullAll(client.pb, db, true, { scoped: false });
      expect((await db.photoCards.get(card.id))?.likeCount).toBe(2);
    } finally {
      await rt.stop();
      (globalThis as { EventSource?: unknown }).EventSource = previous;
    }
  });

  it('does not put back a copy older than the one already here', async () => {
    // Found by the fault-injection test: an event could land after the answer to the device's
    // next write, leaving the older text on the device for good (the pull checkpoint had passed).
    const previous = (globalThis as { EventSource?: unknown }).EventSource;
    (globalThis as { EventSource?: unknown }).EventSource = EventSource;
    const db = newDb();
    const client = await loggedIn(server, db, alice);
    const rt = await startRealtime(client.pb, db, readableCollections(true), () => {});
    try {
      const post = await alice.pb.collection('exchangeList').create({
        writer: alice.id,
        photoCard: cat.card.id,
        description: '처음 글',
        status: '교환대기중',
      });
      await eventually(async () => !!(await db.exchangeList.get(post.id)), 'create arrives');
      // the device already holds a newer copy (stamped after the write below)
      const newer = stampAt(new Date().toISOString(), 60_000);
      await db.exchangeList.update(post.id, { description: '나중 글', updated: newer });

      await alice.pb.collection('exchangeList').update(post.id, { description: '중간 글' });
      // events apply in order: once this later one is here, the update's has been handled
      const marker = await alice.pb.collection('comments').create({
        name: alice.id,
        meetUp: cat.meetUp.id,
        ment: '표시',
      });
      await eventually(async () => !!(await db.comments.get(marker.id)), 'marker arrives');
      expect(await db.exchangeList.get(post.id)).toMatchObject({
        description: '나중 글',
        updated: newer,
      });
    } finally {
      await rt.stop();
      (globalThis as { EventSource?: unknown }).EventSource = previous;
    }
  });
});
