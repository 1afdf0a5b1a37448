/**
 * Fault injection against the real PocketBase: the server process is killed (SIGKILL) in the
 * middle of a flush, at three points of one request (before it arrives, while it is in flight,
 * after it committed but before the answer is read), then restarted on the same data. Afterwards
 * the server holds every queued change exactly once, nothing is left queued and nothing was set
 * aside as refused.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient } from '../../src/data/pb/client.ts';
import { createComment } from '../../src/domains/meetups/writes.ts';
import { createCollectBook, saveCollectBookCards } from '../../src/domains/collect-books/writes.ts';
import { createPost, editPost, setPostStatus } from '../../src/domains/posts/writes.ts';
import { setLike } from '../../src/domains/likes/writes.ts';
import { createReport } from '../../src/domains/reports/writes.ts';
import { flushOutbox, type FlushReport } from '../../src/data/sync/flush.ts';
import { pullAll } from '../../src/data/sync/pull.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createCatalogue, createUser, type Actor, type Catalogue } from '../helpers/pb-fixtures.ts';
import { freshDb, interceptFetch, loggedIn, networkError } from '../helpers/sync-fixtures.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
const dbs: AppDB[] = [];

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  cat = await createCatalogue(su);
});

afterEach(async () => {
  const open = dbs.splice(0);
  for (const db of open) db.close();
  for (const db of open) await Dexie.delete(db.name);
});

afterAll(async () => {
  await server?.stop();
});

// a 1x1 PNG: PocketBase checks file types by content
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  ),
  (c) => c.charCodeAt(0),
);
const png = () => new Blob([PNG], { type: 'image/png' });

/** Queues well over two batches of every kind, with file uploads in between. */
async function queueEverything(db: AppDB) {
  const cards: RecordModel[] = [];
  const batch = su.createBatch();
  for (let i = 0; i < 45; i++) {
    batch.collection('photoCards').create({
      group: cat.group.id,
      groupName: cat.group.groupName,
      memberName: 'm',
      title: `fault ${i}`,
    });
  }
  // a 503 (the database busy on a loaded machine) wrote nothing: sent again, as the outbox would
  const sent = await sendAgainOn503(() => batch.send());
  cards.push(...(sent as { body: RecordModel }[]).map((r) => r.body));

  const posts: string[] = [];
  for (let i = 0; i < 10; i++) posts.push(await createPost(cat.card.id, `장애 글 ${i}`, db));
  // numbered, not the id: a random id may hold a listed word ('wtf'), which a post may not
  for (const [i, id] of posts.slice(0, 5).entries()) await editPost(id, `장애 글 ${i} 수정`, db);
  await setPostStatus(posts[0]!, '교환중', db);
  const book = await createCollectBook(
    { title: '장애', group: cat.group.id, thumbNail: png(), cardInfo: [cards[0]!.id] },
    db,
  );
  for (const c of cards.slice(0, 40)) await setLike(c.id, true, db);
  for (const c of cards.slice(0, 5)) await setLike(c.id, false, db);
  for (let i = 0; i < 30; i++) await createComment(cat.meetUp.id, `장애 댓글 ${i}`, db);
  await saveCollectBookCards(book, { add: cards.slice(1, 11).map((c) => c.id) }, db);
  await saveCollectBookCards(book, { remove: [cards[0]!.id, cards[1]!.id] }, db);
  const report = await createReport(
    {
      type: 'phoca',
      group: 'RIIZE',
      artistName: '원빈',
      phocaType: '앨범',
      phocaTitle: '장애 제보',
      phocaImg: png(),
    },
    db,
  );
  for (let i = 30; i < 50; i++) await createComment(cat.meetUp.id, `장애 댓글 ${i}`, db);
  return { cards, posts, book, report };
}

async function expectExactlyOnce(alice: Actor, q: Awaited<ReturnType<typeof queueEverything>>) {
  const list = (c: string, f: string) => su.collection(c).getFullList({ filter: f });

  const posts = await list('exchangeList', `writer = "${alice.id}"`);
  expect(posts.map((p) => p.id).sort()).toEqual([...q.posts].sort());
  for (const [i, id] of q.posts.entries()) {
    const p = posts.find((x) => x.id === id)!;
    expect(p.description).toBe(i < 5 ? `장애 글 ${i} 수정` : `장애 글 ${i}`);
    expect(p.status).toBe(i === 0 ? '교환중' : '교환대기중');
  }

  const comments = await list('comments', `name = "${alice.id}"`);
  expect(comments.map((c) => c.ment).sort()).toEqual(
    Array.from({ length: 50 }, (_, i) => `장애 댓글 ${i}`).sort(),
  );

  const likes = await list('likes', `user = "${alice.id}"`);
  const liked = q.cards.slice(5, 40).map((c) => c.id);
  expect(likes.map((l) => l.photoCard).sort()).toEqual([...liked].sort());
  for (const c of q.cards) {
    const { likeCount } = await su.collection('photoCards').getOne(c.id);
    expect(likeCount, c.title as string).toBe(liked.includes(c.id) ? 1 : 0);
  }

  const books = await list('collectBook', `users = "${alice.id}"`);
  expect(books.map((b) => b.id)).toEqual([q.book]);
  expect([...(books[0]!.cardInfo as string[])].sort()).toEqual(
    q.cards
      .slice(2, 11)
      .map((c) => c.id)
      .sort(),
  );
  expect(books[0]!.thumbNail).toMatch(/\.png$/);

  const reports = await list('informUs', `user = "${alice.id}"`);
  expect(reports.map((r) => r.id)).toEqual([q.report]);
  expect(reports[0]!.phocaImg).toMatch(/\.png$/);
}

type KillPoint = 'before the request' | 'while it is in flight' | 'after it committed';

/**
 * Flushes and kills the server (SIGKILL) at `point` of the `nth` mutation request (a batch or a
 * single upload). Returns the flush report; the server is left dead.
 */
async function flushAndKill(
  db: AppDB,
  pb: PocketBase,
  point: KillPoint,
  nth: number,
): Promise<FlushReport> {
  let sent = 0;
  let killed = false;
  const kill = async () => {
    killed = true;
    const exited = new Promise((r) => server.proc.once('exit', r));
    server.proc.kill('SIGKILL');
    await exited;
  };
  const net = interceptFetch(async (req, real) => {
    const mutation = req.path === '/api/batch' || req.method !== 'GET';
    if (killed || !mutation || ++sent !== nth) return real();
    if (point === 'before the request') {
      await kill();
      return real();
    }
    if (point === 'while it is in flight') {
      const response = real();
      response.catch(() => undefined); // read by the flusher, once the process is gone
      await kill();
      return response;
    }
    await (await real()).arrayBuffer();
    await kill();
    throw networkError();
  });
  try {
    const report = await flushOutbox({ db, pb, ignoreBackoff: true });
    expect(killed).toBe(true);
    return report;
  } finally {
    net.restore();
  }
}

async function setUp() {
  const alice = await createUser(server, su);
  const db = freshDb();
  dbs.push(db);
  const client = await loggedIn(server, db, alice);
  const q = await queueEverything(db);
  return { alice, db, client, q };
}

/** Restarts the server and flushes with a fresh client (a reloaded page) until done. */
async function restartAndFinish(db: AppDB) {
  await server.restart();
  const after = await createClient(server.url, db);
  const report = await flushOutbox({ db, pb: after.pb, ignoreBackoff: true });
  expect(report).toMatchObject({ dead: 0, stopped: null, remaining: 0 });
  expect(await db.outbox.count()).toBe(0);
  expect(await db.deadLetters.count()).toBe(0);
  return after;
}

describe('the server is killed in the middle of a flush', () => {
  it.each<KillPoint>(['before the request', 'while it is in flight', 'after it committed'])(
    'killed %s: after a restart nothing is lost or duplicated',
    async (point) => {
      const { alice, db, client, q } = await setUp();
      const queued = await db.outbox.count();
      expect(queued).toBe(115);

      // the third mutation request is the second batch (the first upload went alone before it)
      const first = await flushAndKill(db, client.pb, point, 3);
      expect(first.stopped).toBe('network');
      expect(first.done).toBeGreaterThan(0);
      expect(await db.outbox.count()).toBe(queued - first.done);
      expect(await db.deadLetters.count()).toBe(0);

      // while the server is down, flushes change nothing
      const down = await flushOutbox({ db, pb: client.pb, ignoreBackoff: true });
      expect(down).toMatchObject({ done: 0, dead: 0, stopped: 'network' });

      const after = await restartAndFinish(db);
      await expectExactlyOnce(alice, q);

      // and the local copy agrees with the server after a pull
      await pullAll(after.pb, db, true, { scoped: false });
      expect(await db.likes.where('user').equals(alice.id).count()).toBe(35);
      expect(await db.comments.where('name').equals(alice.id).count()).toBe(50);
    },
  );

  it('killed again while the replay after the first restart is under way', async () => {
    const { alice, db, client, q } = await setUp();
    await flushAndKill(db, client.pb, 'after it committed', 3);
    await server.restart();
    const again = await createClient(server.url, db);
    // the replayed batch is refused as a whole (its creates exist); its rows then go one by one,
    // and the server dies while they do
    const second = await flushAndKill(db, again.pb, 'while it is in flight', 10);
    expect(second.stopped).toBe('network');
    await restartAndFinish(db);
    await expectExactlyOnce(alice, q);
  });
});
