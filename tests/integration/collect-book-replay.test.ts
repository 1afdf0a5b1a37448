/**
 * Collect-book ticks are relation set operations ('cardInfo+' / 'cardInfo-'), so replaying one is
 * harmless: a response lost after the server committed, a flush run twice, or the very same
 * outbox rows sent again all leave the server's cardInfo holding each expected card exactly once.
 * Against the real PocketBase, with Dexie on fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB, OutboxRow } from '../../src/data/db/index.ts';
import type { AppClient } from '../../src/data/pb/client.ts';
import { createCollectBook, saveCollectBookCards } from '../../src/domains/collect-books/writes.ts';
import { flushOutbox } from '../../src/data/sync/flush.ts';
import { pullCollection } from '../../src/data/sync/pull.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createCard, createCatalogue, createUser, type Catalogue } from '../helpers/pb-fixtures.ts';
import { freshDb, interceptFetch, loggedIn, networkError } from '../helpers/sync-fixtures.ts';

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
  for (const name of new Set(open.map((db) => db.name))) await Dexie.delete(name);
});

afterAll(async () => {
  await server?.stop();
});

function newDb(): AppDB {
  const db = freshDb();
  dbs.push(db);
  return db;
}

async function cards(n: number): Promise<string[]> {
  const out: RecordModel[] = [];
  for (let i = 0; i < n; i++) out.push(await createCard(su, cat.group));
  return out.map((c) => c.id);
}

const flush = (db: AppDB, client: AppClient) =>
  flushOutbox({ db, pb: client.pb, ignoreBackoff: true });

/** The server's cardInfo as stored: duplicates would show, order is ignored. */
async function serverCards(bookId: string): Promise<string[]> {
  const book = await su.collection('collectBook').getOne(bookId);
  return [...(book.cardInfo as string[])].sort();
}

const sorted = (ids: string[]) => [...ids].sort();

/** A user, their device's database logged in, and one book already on the server. */
async function bookOnServer(initial: string[]) {
  const alice = await createUser(server, su);
  const db = newDb();
  const client = await loggedIn(server, db, alice);
  const book = await createCollectBook(
    { title: '재전송', group: cat.group.id, cardInfo: initial },
    db,
  );
  expect((await flush(db, client)).stopped).toBe(null);
  expect(await serverCards(book)).toEqual(sorted(initial));
  return { db, client, book };
}

/** Puts rows back in the outbox exactly as they were queued (same client ids and payloads). */
async function resend(db: AppDB, rows: OutboxRow[]): Promise<void> {
  await db.outbox.bulkAdd(
    rows.map(({ seq: _seq, ...row }) => ({ ...row, attempts: 0, nextTryAt: 0 })),
  );
}

describe('collect-book add/remove replay', () => {
  it('adds and removes whose responses were lost are replayed without duplicates', async () => {
    const [c0, c1, c2, c3, c4] = await cards(5);
    const { db, client, book } = await bookOnServer([c0!, c1!]);
    await saveCollectBookCards(book, { add: [c2!, c3!, c4!], remove: [c0!] }, db);
    expect(await db.outbox.count()).toBe(2);

    // Every write reaches the server and commits, but its answer is lost.
    let dropped = 0;
    const net = interceptFetch(async (req, real) => {
      if (req.method !== 'GET' && dropped < 1) {
        dropped++;
        await (await real()).arrayBuffer();
        throw networkError();
      }
      return real();
    });
    try {
      expect((await flush(db, client)).stopped).toBe('network');
    } finally {
      net.restore();
    }
    expect(dropped).toBe(1);
    expect(await db.outbox.count()).toBeGreaterThan(0);

    expect((await flush(db, client)).stopped).toBe(null);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.deadLetters.count()).toBe(0);
    const want = sorted([c1!, c2!, c3!, c4!]);
    expect(await serverCards(book)).toEqual(want);

    // A second flush with nothing queued changes nothing.
    expect((await flush(db, client)).stopped).toBe(null);
    expect(await serverCards(book)).toEqual(want);
  });

  it('the same outbox rows sent again leave the server set unchanged, each card once', async () => {
    const [c0, c1, c2, c3] = await cards(4);
    const { db, client, book } = await bookOnServer([c0!, c1!]);
    await saveCollectBookCards(book, { add: [c2!, c3!] }, db);
    await saveCollectBookCards(book, { remove: [c1!] }, db);
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued).toHaveLength(2);

    expect((await flush(db, client)).stopped).toBe(null);
    const want = sorted([c0!, c2!, c3!]);
    expect(await serverCards(book)).toEqual(want);

    // The device never learnt that these were sent (say, the tab died before deleting the
    // rows): they go out again, twice.
    for (let round = 0; round < 2; round++) {
      await resend(db, queued);
      const report = await flush(db, client);
      expect(report.stopped).toBe(null);
      expect(report.dead).toBe(0);
      expect(await db.outbox.count()).toBe(0);
      expect(await serverCards(book), `round ${round}`).toEqual(want);
    }

    // The local copy, pulled back, agrees.
    await pullCollection(client.pb, db, 'collectBook');
    expect(sorted((await db.collectBook.get(book))!.cardInfo)).toEqual(want);
  });

  it('ticks queued offline on a fresh device land once after a lost batch and a resend', async () => {
    const ids = await cards(6);
    const { db, client, book } = await bookOnServer([]);
    // Quick saves of single ticks and unticks, like a fan at an event.
    for (const id of ids) await saveCollectBookCards(book, { add: [id] }, db);
    await saveCollectBookCards(book, { remove: [ids[0]!, ids[1]!] }, db);
    await saveCollectBookCards(book, { add: [ids[0]!] }, db);
    const queued = await db.outbox.orderBy('seq').toArray();

    let dropped = 0;
    const net = interceptFetch(async (req, real) => {
      if (req.method !== 'GET' && dropped < 2) {
        dropped++;
        await (await real()).arrayBuffer();
        throw networkError();
      }
      return real();
    });
    try {
      await flush(db, client);
      await flush(db, client);
    } finally {
      net.restore();
    }
    expect((await flush(db, client)).stopped).toBe(null);
    const want = sorted(ids.filter((id) => id !== ids[1]));
    expect(await serverCards(book)).toEqual(want);

    // Resending only the last row (the re-add of ids[0]) keeps the set the same.
    await resend(db, queued.slice(-1));
    expect((await flush(db, client)).stopped).toBe(null);
    expect(await serverCards(book)).toEqual(want);
  });
});
