/**
 * A post with terms and photos through the outbox, against the real PocketBase with Dexie on
 * fake-indexeddb (docs/sync.md, The outbox): the photos wait in the create's row (shown from there
 * while queued), go up with it as the field's files, and the server stores the terms as written;
 * a row without terms (queued by an older app version) lands as a 교환 post; the writer's edit of
 * the terms is sent as such.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import type PocketBase from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { createPost, editPost } from '../../src/domains/posts/writes.ts';
import { pendingPostPhotos } from '../../src/domains/posts/queries.ts';
import { flushOutbox } from '../../src/data/sync/flush.ts';
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

const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
const png = () => new Blob([PNG_1X1], { type: 'image/png' });

async function device() {
  const fan = await createUser(server, su);
  const db = freshDb();
  dbs.push(db);
  const client = await loggedIn(server, db, fan);
  const flush = () => flushOutbox({ db, pb: client.pb, ignoreBackoff: true });
  return { fan, db, flush };
}

describe('a post through the outbox', () => {
  it('sends its terms and photos with the create, the photos shown from the row until then', async () => {
    const { fan, db, flush } = await device();
    const id = await createPost(
      cat.card.id,
      {
        text: '원빈 포카 양도해요',
        postType: 'sell',
        price: 15000,
        shipping: ['semi', 'half'],
        cvs: 'gs25',
        meetPlace: '',
        photos: [png(), png()],
      },
      db,
    );
    expect(await db.exchangeList.get(id)).toMatchObject({
      postType: 'sell',
      price: 15000,
      shipping: ['semi', 'half'],
      cvs: 'gs25',
      photos: [],
    });
    expect(await pendingPostPhotos(id, db)).toHaveLength(2);

    expect(await flush()).toMatchObject({ done: 1, dead: 0, remaining: 0 });
    const saved = (await readAsSuperuser(su, 'exchangeList', id))!;
    expect(saved).toMatchObject({
      writer: fan.id,
      postType: 'sell',
      price: 15000,
      shipping: ['semi', 'half'],
      cvs: 'gs25',
    });
    expect(saved['photos']).toHaveLength(2);
    expect(await pendingPostPhotos(id, db)).toEqual([]);
    // the answer's copy names the stored photos on the device
    expect((await db.exchangeList.get(id))?.photos).toEqual(saved['photos']);
  });

  it('lands a row without terms (an older app version) as a 교환 post', async () => {
    const { db, flush } = await device();
    const id = await createPost(cat.card.id, '예전 앱에서 쓴 글', db);
    const row = (await db.outbox.toArray())[0]!;
    expect(Object.keys(row.payload as object)).not.toContain('postType');
    expect(await flush()).toMatchObject({ done: 1, dead: 0 });
    expect(await readAsSuperuser(su, 'exchangeList', id)).toMatchObject({
      postType: 'exchange',
      price: 0,
      shipping: [],
    });
  });

  it("sends the writer's edit of the terms, and nothing for an edit that changes nothing", async () => {
    const { db, flush } = await device();
    const id = await createPost(
      cat.card.id,
      {
        text: '교환해요',
        postType: 'exchange',
        price: 0,
        shipping: ['semi'],
        cvs: '',
        meetPlace: '',
      },
      db,
    );
    await flush();
    await editPost(id, { text: '교환해요' }, db);
    expect(await db.outbox.count()).toBe(0);
    await editPost(
      id,
      {
        text: '이제 양도해요',
        postType: 'sell',
        price: 20000,
        shipping: ['meet'],
        meetPlace: '강남역',
      },
      db,
    );
    expect(await flush()).toMatchObject({ done: 1, dead: 0 });
    expect(await readAsSuperuser(su, 'exchangeList', id)).toMatchObject({
      description: '이제 양도해요',
      postType: 'sell',
      price: 20000,
      shipping: ['meet'],
      meetPlace: '강남역',
    });
  });
});
