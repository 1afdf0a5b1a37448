/**
 * A proposal's photos of the real card and its packing against the real server (docs/trades.md,
 * `trades`; docs/files.md, Protected files and file tokens): up to three images stored with a
 * proposal or a counter-proposal, never changed after (a change without photos keeps them); too
 * many, too large or not an image refused in Korean with nothing stored; a daily quota of their
 * own; protected files, which the two sides read with a file token and a third fan, an admin or
 * a guest never do. And through the outbox: the photos wait in the create's row (shown from
 * there) and go up with it.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import type PocketBase from 'pocketbase';
import type { ClientResponseError, RecordModel } from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { proposeTrade } from '../../src/domains/trades/writes.ts';
import { pendingTradePhotos } from '../../src/domains/trades/queries.ts';
import { flushOutbox } from '../../src/data/sync/flush.ts';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { failure, readAsSuperuser, storedFiles, type Actor } from '../helpers/pb-fixtures.ts';
import { freshDb, loggedIn } from '../helpers/sync-fixtures.ts';

let server: TestServer;
let su: PocketBase;

const { fan, fans, cards } = setupCatalogueServer((env) => {
  ({ server, su } = env);
});

const dbs: AppDB[] = [];
afterEach(async () => {
  const open = dbs.splice(0);
  for (const db of open) db.close();
  for (const name of new Set(open.map((db) => db.name))) await Dexie.delete(name);
});

const HANGUL = /[가-힣]/;
const MB = 1024 * 1024;

const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
const png = () => new Blob([PNG_1X1], { type: 'image/png' });
/** A PNG's first bytes with more than 5 MB after them. */
const tooLarge = () => {
  const bytes = new Uint8Array(5 * MB + 1);
  bytes.set(PNG_1X1);
  return new Blob([bytes], { type: 'image/png' });
};
/** A script that calls itself a PNG. */
const notImage = () => new Blob([new TextEncoder().encode('alert(1)')], { type: 'image/png' });

async function refused(p: Promise<unknown>, field = 'photos'): Promise<ClientResponseError> {
  const err = await failure(p);
  expect(err.status, JSON.stringify(err.response)).toBe(400);
  expect(err.response.message).toMatch(HANGUL);
  expect(err.response.data?.[field], field).toBeDefined();
  expect(err.response.data?.[field]?.message).toMatch(HANGUL);
  return err;
}

const stored = (id: string) => readAsSuperuser(su, 'trades', id);

/** fan p proposes a card to fan r (with `extra` fields, photos among them). */
async function propose(p: Actor, r: Actor, extra: Record<string, unknown> = {}) {
  const [c] = await cards(1);
  return p.pb
    .collection('trades')
    .create({ proposer: p.id, receiver: r.id, give: [c!.id], status: 'proposed', ...extra });
}

const tradesOf = async (a: Actor) =>
  su.collection('trades').getFullList({ filter: su.filter('proposer = {:u}', { u: a.id }) });

/** A file's answer with a file token of `who` (a guest: none). */
async function fetchFile(t: RecordModel, name: string, who: Actor | null, thumb = '') {
  const q = new URLSearchParams();
  if (thumb) q.set('thumb', thumb);
  if (who) q.set('token', await who.pb.files.getToken());
  const query = q.toString();
  const url = `${server.url}/api/files/trades/${t.id}/${name}${query ? `?${query}` : ''}`;
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
}

describe('a proposal’s photos', () => {
  it('are stored with a proposal and with a counter-proposal, by their proposer', async () => {
    const [p, r] = await fans(2);
    const t = await propose(p, r, { photos: [png(), png()] });
    expect(t['photos']).toHaveLength(2);
    for (const name of t['photos'] as string[]) expect(name).toMatch(/\.png$/);
    // the counter carries its own
    const [c] = await cards(1);
    const counter = await r.pb.collection('trades').create({
      proposer: r.id,
      receiver: p.id,
      get: [c!.id],
      status: 'proposed',
      counterOf: t.id,
      photos: [png()],
    });
    expect(counter['photos']).toHaveLength(1);
    expect((await stored(t.id))?.['status']).toBe('countered');
    expect((await stored(t.id))?.['photos']).toEqual(t['photos']);
    // a proposal without photos is as before
    expect((await propose(p, r))['photos']).toEqual([]);
  });

  it('never change after: added, taken out or emptied is refused; other changes keep them', async () => {
    const [p, r] = await fans(2);
    const t = await propose(p, r, { photos: [png(), png()] });
    const photos = t['photos'] as string[];
    const before = await stored(t.id);
    const trades = p.pb.collection('trades');
    for (const body of [
      { photos: [png()] },
      { 'photos+': [png()] },
      { 'photos-': [photos[0]] },
      { photos: [] },
      { message: '바꿀게요', photos: [] },
    ]) {
      const err = await refused(trades.update(t.id, body));
      expect(err.response.data?.['photos']?.code).toBe('validation_trade_photos_fixed');
      expect(await stored(t.id)).toEqual(before);
    }
    // the other side cannot either
    await refused(r.pb.collection('trades').update(t.id, { 'photos-': [photos[1]] }));
    // an edit of the message without photos keeps them, so does the accept
    await trades.update(t.id, { message: '포장 꼼꼼히 할게요' });
    expect((await stored(t.id))?.['photos']).toEqual(photos);
    const now = (await stored(t.id))!;
    await r.pb.collection('trades').update(t.id, {
      status: 'accepted',
      give: now['give'],
      get: now['get'],
      message: now['message'],
    });
    expect(await stored(t.id)).toMatchObject({ status: 'accepted', photos });
    await refused(trades.update(t.id, { photos: [png()] }));
    expect((await stored(t.id))?.['photos']).toEqual(photos);
  });

  it('too many, too large or not an image is refused in Korean, and nothing is stored', async () => {
    const [p, r] = await fans(2);
    const files = storedFiles(server);
    const tooMany = await refused(propose(p, r, { photos: [png(), png(), png(), png()] }));
    expect(tooMany.response.data?.['photos']?.message).toBe('사진은 3장까지 올릴 수 있어요.');
    await refused(propose(p, r, { photos: [tooLarge()] }));
    await refused(propose(p, r, { photos: [png(), notImage()] }));
    expect(await tradesOf(p)).toEqual([]);
    expect(storedFiles(server)).toEqual(files);
  });

  it('count against a daily quota of their own (60 files, 100 MB)', async () => {
    const [p, r] = await fans(2);
    await propose(p, r, { photos: [png(), png()] });
    const logged = await su.collection('uploadLog').getFullList({
      filter: su.filter('user = {:u} && bucket = "trades"', { u: p.id }),
    });
    expect(logged).toHaveLength(2);
    // 57 more today: a third photo fits, a fourth does not
    for (let i = 0; i < 57; i++) {
      await su
        .collection('uploadLog')
        .create({ user: p.id, bucket: 'trades', record: 'x', field: 'photos', size: 10 });
    }
    const err = await refused(propose(p, r, { photos: [png(), png()] }));
    expect(err.response.data?.['photos']?.code).toBe('validation_upload_quota');
    expect(err.response.message).toContain('교환 제안 사진을');
    expect(await tradesOf(p)).toHaveLength(1);
    await propose(p, r, { photos: [png()] });
  });

  it('are protected: the two sides read them with a file token; a third fan, an admin, a guest never', async () => {
    const [p, r, third] = await fans(3);
    const admin = await fan({ role: 'admin' });
    const t = await propose(p, r, { photos: [png()] });
    const name = (t['photos'] as string[])[0]!;
    for (const who of [p, r]) {
      expect(await fetchFile(t, name, who), 'a side with a token').toBe(200);
      expect(await fetchFile(t, name, who, '400x0'), 'its thumb').toBe(200);
    }
    // no token: nobody
    expect(await fetchFile(t, name, null)).toBe(404);
    for (const who of [third, admin]) {
      expect(await fetchFile(t, name, who), 'another fan or an admin, with a token').toBe(404);
      // nor the record that names the file
      expect((await failure(who.pb.collection('trades').getOne(t.id))).status).toBe(404);
    }
    expect((await failure(server.client().collection('trades').getOne(t.id))).status).toBe(404);
  });
});

describe('a proposal’s photos through the outbox', () => {
  it('wait in the create’s row (shown from there) and go up with it as the field’s files', async () => {
    const [p, r] = await fans(2);
    const [c] = await cards(1);
    const db = freshDb();
    dbs.push(db);
    const client = await loggedIn(server, db, p);
    const id = await proposeTrade(
      { to: r.id, give: [c!.id], get: [], message: '실물 사진 보내요', photos: [png(), png()] },
      db,
    );
    expect((await db.trades.get(id))?.photos).toEqual([]);
    expect(await pendingTradePhotos(id, db)).toHaveLength(2);

    expect(await flushOutbox({ db, pb: client.pb, ignoreBackoff: true })).toMatchObject({
      done: 1,
      dead: 0,
      remaining: 0,
    });
    const saved = (await stored(id))!;
    expect(saved).toMatchObject({ proposer: p.id, receiver: r.id, message: '실물 사진 보내요' });
    expect(saved['photos']).toHaveLength(2);
    expect(await pendingTradePhotos(id, db)).toEqual([]);
    // the answer's copy names the stored photos on the device
    expect((await db.trades.get(id))?.photos).toEqual(saved['photos']);
  });

  it('refuses more than three, or a file that is not an image, before anything is queued', async () => {
    const [p, r] = await fans(2);
    const [c] = await cards(1);
    const db = freshDb();
    dbs.push(db);
    await loggedIn(server, db, p);
    const proposal = { to: r.id, give: [c!.id], get: [] };
    await expect(
      proposeTrade({ ...proposal, photos: [png(), png(), png(), png()] }, db),
    ).rejects.toThrow('사진은 3장까지 올릴 수 있어요.');
    await expect(
      proposeTrade({ ...proposal, photos: [new Blob(['x'], { type: 'text/plain' })] }, db),
    ).rejects.toThrow(HANGUL);
    expect(await db.outbox.count()).toBe(0);
  });
});
