/**
 * Files on S3-compatible storage (pb_hooks/storage.pb.js, docs/scaling.md, Files): PocketBase
 * started with S3_* pointing at a real S3 server on loopback (tests/helpers/s3.ts). Uploads land
 * in the bucket and not on the server's disk; the app's addresses (/api/files/…) serve them
 * unchanged, thumbnails included (made once, then kept in the bucket too); protected files still
 * need a file token; the demo seed's images go there as well; backups can go to the bucket.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { PNG } from 'pngjs';
import { seedDemo } from '../../server/seed/index.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createCatalogue, createUser, type Catalogue } from '../helpers/pb-fixtures.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';

let s3: TestS3;
let server: TestServer;
let su: PocketBase;
let cat: Catalogue;

beforeAll(async () => {
  s3 = await startS3();
  server = await startTestServer({ publicDir: null, env: s3.env({ backups: true }) });
  su = await server.admin();
  cat = await createCatalogue(su);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

/** A card-sized PNG (a thumbnail is made only from an image larger than it). */
function cardPng(): Uint8Array<ArrayBuffer> {
  const image = new PNG({ width: 300, height: 450 });
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = (i / 4) % 256;
    image.data[i + 1] = 120;
    image.data[i + 2] = 200;
    image.data[i + 3] = 255;
  }
  return new Uint8Array(PNG.sync.write(image));
}
const IMAGE = cardPng();
const png = (name: string) => new File([IMAGE], name, { type: 'image/png' });

const fileUrl = (record: RecordModel, field: string, query = '') =>
  `${server.url}/api/files/${record.collectionId}/${record.id}/${record[field] as string}${query}`;

/** Files under the data dir's local storage (there should be none). */
function localFiles(): string[] {
  const root = join(server.dataDir, 'storage');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('with S3_* set', () => {
  it('turns on PocketBase’s S3 storage (and backups to the bucket) at boot', async () => {
    const settings = await su.settings.getAll();
    expect(settings['s3']).toMatchObject({
      enabled: true,
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
    expect(settings['backups']).toMatchObject({
      cron: '30 4 * * *',
      cronMaxKeep: 7,
      s3: { enabled: true, bucket: s3.bucket },
    });
    expect(await su.settings.testS3('storage')).toBe(true);
  });

  it('stores an upload in the bucket, serves it at the usual address, thumbnails too', async () => {
    const card = await su
      .collection('photoCards')
      .update(cat.card.id, { cardImg: png('front.png') });
    const key = `${card.collectionId}/${card.id}/${card['cardImg'] as string}`;
    expect(await s3.keys(`${card.collectionId}/${card.id}/`)).toEqual([key]);
    expect(await s3.get(key)).toEqual(IMAGE);
    expect(localFiles()).toEqual([]);

    const res = await fetch(fileUrl(card, 'cardImg'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(IMAGE);

    const thumb = await fetch(fileUrl(card, 'cardImg', '?thumb=200x0'));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    // the thumbnail was made once and kept in the bucket, next to the file
    const [thumbKey] = await s3.keys(`${card.collectionId}/${card.id}/thumbs_`);
    expect(thumbKey).toMatch(/\/200x0_front_/);
    expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(await s3.get(thumbKey!));
  });

  it('a protected file is still served only with a file token of someone who may read it', async () => {
    const owner = await createUser(server, su);
    const other = await createUser(server, su);
    const book = await owner.pb.collection('collectBook').create({
      users: owner.id,
      title: '버킷에 있는 책',
      group: cat.group.id,
      thumbNail: png('cover.png'),
    });
    expect(await s3.keys(`${book.collectionId}/${book.id}/`)).toHaveLength(1);
    const url = fileUrl(book, 'thumbNail');
    expect([403, 404]).toContain((await fetch(url)).status);
    const otherToken = await other.pb.files.getToken();
    expect([403, 404]).toContain((await fetch(`${url}?token=${otherToken}`)).status);
    const token = await owner.pb.files.getToken();
    const res = await fetch(`${url}?token=${token}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(IMAGE);
  });

  it('the demo seed’s images go to the bucket', async () => {
    const summary = await seedDemo(su);
    expect(summary.photoCards).toBeGreaterThan(0);
    const cards = await su.collection('photoCards').getList(1, 5, { filter: 'cardImg != ""' });
    expect(cards.items.length).toBeGreaterThan(0);
    for (const card of cards.items) {
      const res = await fetch(fileUrl(card, 'cardImg'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      expect(await s3.keys(`${card.collectionId}/${card.id}/`)).toContain(
        `${card.collectionId}/${card.id}/${card['cardImg'] as string}`,
      );
    }
    expect(localFiles()).toEqual([]);
  }, 120_000);

  it('a backup goes to the bucket (pb_data as a zip), and the list shows it', async () => {
    await su.backups.create('s3-drill.zip');
    expect(await s3.keys()).toContain('s3-drill.zip');
    expect((await su.backups.getFullList()).map((b) => b.key)).toContain('s3-drill.zip');
  }, 120_000);
});
