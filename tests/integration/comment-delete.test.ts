/**
 * Deleting one's own meetup comment (docs/product-rules.md, Comments) against the real
 * PocketBase: a comment written and deleted offline is created, then deleted, exactly once; the
 * fan's other device learns it from the tombstone; another fan's comment can be deleted neither
 * through the write API nor through the API directly.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import type PocketBase from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { InvalidInputError } from '../../src/data/writes/queue.ts';
import { flushOutbox } from '../../src/data/sync/flush.ts';
import { pullCollection, pullTombstones } from '../../src/data/sync/pull.ts';
import { listOutboxItems } from '../../src/data/queries/sync.ts';
import { createComment, deleteComment } from '../../src/domains/meetups/writes.ts';
import { meetupsKo } from '../../src/domains/meetups/ko.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import {
  createCatalogue,
  createUser,
  readAsSuperuser,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';
import { freshDb, loggedIn } from '../helpers/sync-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
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
});

afterEach(async () => {
  const open = dbs.splice(0);
  for (const db of open) db.close();
  for (const name of new Set(open.map((db) => db.name))) await Dexie.delete(name);
});

afterAll(async () => {
  await server?.stop();
});

describe('deleting a meetup comment', () => {
  it('a comment written and deleted offline is created then deleted, once, and leaves the other device too', async () => {
    const alice = await createUser(server, su);
    const phone = newDb();
    const laptop = newDb();
    const p = await loggedIn(server, phone, alice);
    const l = await loggedIn(server, laptop, alice);

    // one comment already on the server and on both devices
    const kept = await createComment(cat.meetUp.id, '먼저 쓴 댓글', phone);
    expect((await flushOutbox({ db: phone, pb: p.pb, ignoreBackoff: true })).done).toBe(1);
    await pullCollection(l.pb, laptop, 'comments');
    expect(await laptop.comments.get(kept)).toBeDefined();

    // offline on the phone: delete it, write another and delete that one too
    await deleteComment(kept, phone);
    const brief = await createComment(cat.meetUp.id, '잠깐 쓴 댓글', phone);
    await deleteComment(brief, phone);
    expect(await phone.comments.get(kept)).toBeUndefined();
    expect(await phone.comments.get(brief)).toBeUndefined();
    // the pending list names the change in the domain's words
    expect((await listOutboxItems(phone)).map((i) => i.label)).toEqual([
      meetupsKo.kinds.commentDelete,
      meetupsKo.kinds.commentCreate,
      meetupsKo.kinds.commentDelete,
    ]);

    const report = await flushOutbox({ db: phone, pb: p.pb, ignoreBackoff: true });
    expect(report).toMatchObject({ done: 3, dead: 0, remaining: 0 });
    expect(await phone.deadLetters.count()).toBe(0);
    expect(await readAsSuperuser(su, 'comments', kept)).toBeNull();
    expect(await readAsSuperuser(su, 'comments', brief)).toBeNull();
    // sent once: a second flush has nothing to send
    expect((await flushOutbox({ db: phone, pb: p.pb, ignoreBackoff: true })).done).toBe(0);

    // the laptop learns it from the tombstone
    expect((await pullTombstones(l.pb, laptop)).records).toBeGreaterThan(0);
    expect(await laptop.comments.get(kept)).toBeUndefined();
  });

  it("another fan's comment is refused by the write API and by the server", async () => {
    const [alice, bob] = await Promise.all([createUser(server, su), createUser(server, su)]);
    const bobDb = newDb();
    const b = await loggedIn(server, bobDb, bob);
    const bobs = await createComment(cat.meetUp.id, '밥의 댓글', bobDb);
    await flushOutbox({ db: bobDb, pb: b.pb, ignoreBackoff: true });

    const aliceDb = newDb();
    const a = await loggedIn(server, aliceDb, alice);
    await pullCollection(a.pb, aliceDb, 'comments');
    expect(await aliceDb.comments.get(bobs)).toBeDefined();

    await expect(deleteComment(bobs, aliceDb)).rejects.toThrow(InvalidInputError);
    await expect(deleteComment(bobs, aliceDb)).rejects.toThrow(meetupsKo.rules.commentNotOwn);
    expect(await aliceDb.outbox.count()).toBe(0);
    expect(await aliceDb.comments.get(bobs)).toBeDefined();

    // straight to the API: the delete rule is the writer's
    await expect(alice.pb.collection('comments').delete(bobs)).rejects.toMatchObject({
      status: 404,
    });
    expect((await readAsSuperuser(su, 'comments', bobs))?.ment).toBe('밥의 댓글');
  });
});
