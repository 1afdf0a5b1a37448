/**
 * Image bombs against the real server (pb_hooks/lib/image-size.js, lib/uploads.js, lib/thumbs.js;
 * docs/files.md, Image size): a file whose header declares a huge canvas is refused at upload, a
 * signed-in fan's and a guest's alike, with a Korean message and nothing stored; and a thumbnail
 * is never decoded from an original over the bound (one that reached storage by other means), nor
 * decoded again after it failed once. "Decoded" is read from PocketBase's own log: it records
 * each thumbnail it failed to make.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { ClientResponseError } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupServer } from '../helpers/integration-setup.ts';
import {
  createUser,
  failure,
  readAsSuperuser,
  storedFiles as listStoredFiles,
  uniq,
  type Actor,
} from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;

setupServer((env) => {
  ({ server, su } = env);
});

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** A PNG's signature and header declaring `w`×`h` RGBA pixels, then `tail` bytes of data. */
function png(w: number, h: number, tail = 64): Uint8Array<ArrayBuffer> {
  const ihdr = [...be32(13), ...ascii('IHDR'), ...be32(w), ...be32(h), 8, 6, 0, 0, 0, 0, 0, 0, 0];
  const idat = [...be32(tail), ...ascii('IDAT'), ...new Array<number>(tail).fill(0x55), 0, 0, 0, 0];
  return Uint8Array.from([0x89, ...ascii('PNG\r\n\x1a\n'), ...ihdr, ...idat]);
}

/** A JPEG with `pad` bytes of metadata (APP segments), then a frame header of `w`×`h`. */
function jpeg(w: number, h: number, pad = 0): Uint8Array<ArrayBuffer> {
  const out = [0xff, 0xd8];
  for (let left = pad; left > 0; left -= 60000) {
    const n = Math.min(60000, left);
    out.push(0xff, 0xe1, ((n + 2) >>> 8) & 255, (n + 2) & 255, ...new Array<number>(n).fill(0));
  }
  out.push(0xff, 0xc0, 0, 17, 8, (h >>> 8) & 255, h & 255, (w >>> 8) & 255, w & 255, 3);
  out.push(1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9);
  return Uint8Array.from(out);
}

/** A WEBP (extended format) whose canvas is `w`×`h`. */
function webp(w: number, h: number): Uint8Array<ArrayBuffer> {
  const vp8x = [...ascii('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...le24(w - 1), ...le24(h - 1)];
  return Uint8Array.from([...ascii('RIFF'), 30, 0, 0, 0, ...ascii('WEBP'), ...vp8x, 0, 0]);
}

/** A GIF whose logical screen is `w`×`h`. */
function gif(w: number, h: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...ascii('GIF89a'), ...le16(w), ...le16(h), 0, 0, 0, 0x3b]);
}

const TOO_LARGE =
  '이미지가 너무 큽니다. 2,500만 화소(한 변 12,000픽셀)까지 올릴 수 있어요. 크기를 줄여 다시 올려주세요.';
const UNREADABLE = '이미지 크기를 읽을 수 없습니다. 다른 이미지를 올려주세요.';

const fieldError = (err: ClientResponseError, field: string) =>
  (err.response['data'] as Record<string, { code: string; message: string }>)[field];

const storedFiles = () => listStoredFiles(server);

/** PocketBase's log entries of thumbnails it failed to make from the file `name`. */
async function failedThumbs(name: string): Promise<number> {
  const logs = await su.logs.getList(1, 500, {
    filter: su.filter('message ~ {:m}', { m: 'failed to create thumb' }),
  });
  return logs.items.filter((l) => JSON.stringify(l.data).includes(name)).length;
}

describe('uploads: an image over the size bound is refused, nothing stored', () => {
  let fan: Actor;
  beforeAll(async () => {
    fan = await createUser(server, su);
  });

  it.each([
    ['a PNG of 16000×16000', png(16000, 16000), 'image/png'],
    ['a JPEG of 30000×30000', jpeg(30000, 30000), 'image/jpeg'],
    ['a WEBP of 20000×20000', webp(20000, 20000), 'image/webp'],
    ['a GIF of 65535×65535', gif(65535, 65535), 'image/gif'],
    ['a PNG of 12001×10 (a side too long)', png(12001, 10), 'image/png'],
  ])('%s as a fan’s avatar', async (_name, bytes, type) => {
    const before = storedFiles();
    const err = await failure(
      fan.pb.collection('users').update(fan.id, { avatar: new File([bytes], 'a.png', { type }) }),
    );
    expect(err.status).toBe(400);
    expect(fieldError(err, 'avatar')).toEqual({
      code: 'validation_image_size',
      message: TOO_LARGE,
    });
    expect((await readAsSuperuser(su, 'users', fan.id))?.['avatar']).toBe('');
    expect(storedFiles()).toEqual(before);
  });

  it('a guest’s sign-up avatar too', async () => {
    const before = storedFiles();
    const email = `bomb${uniq()}@test.local`;
    const err = await failure(
      server
        .client()
        .collection('users')
        .create({
          email,
          password: 'photocard!2024',
          passwordConfirm: 'photocard!2024',
          avatar: new File([png(16000, 16000)], 'a.png', { type: 'image/png' }),
        }),
    );
    expect(err.status).toBe(400);
    expect(fieldError(err, 'avatar')?.message).toBe(TOO_LARGE);
    const made = await su
      .collection('users')
      .getList(1, 1, { filter: su.filter('email = {:e}', { e: email }) });
    expect(made.totalItems).toBe(0);
    expect(storedFiles()).toEqual(before);
  });

  it('a JPEG whose size can’t be read in its first 256 KB', async () => {
    const before = storedFiles();
    const err = await failure(
      fan.pb.collection('users').update(fan.id, {
        avatar: new File([jpeg(100, 100, 300_000)], 'a.jpg', { type: 'image/jpeg' }),
      }),
    );
    expect(err.status).toBe(400);
    expect(fieldError(err, 'avatar')?.message).toBe(UNREADABLE);
    expect(storedFiles()).toEqual(before);
  });

  it('takes a phone photo’s size (24 megapixels, metadata first) and a square at the side limit', async () => {
    for (const bytes of [jpeg(5712, 4284, 70_000), png(4000, 4000)]) {
      const saved = await fan.pb
        .collection('users')
        .update(fan.id, { avatar: new File([bytes], 'a.jpg', { type: 'image/jpeg' }) });
      expect(saved['avatar']).toMatch(/\.(jpg|png)$/);
    }
  });
});

describe('thumbnails: never decoded from an original over the bound, nor twice after a failure', () => {
  /** A fan with a real avatar, whose stored bytes are then replaced on disk by `bytes`. */
  async function storedAvatar(bytes: Uint8Array): Promise<{ fan: Actor; name: string }> {
    const fan = await createUser(server, su);
    const saved = await fan.pb
      .collection('users')
      .update(fan.id, { avatar: new File([png(1, 1)], 'a.png', { type: 'image/png' }) });
    const name = saved['avatar'] as string;
    writeFileSync(join(server.dataDir, 'storage', fan.record.collectionId, fan.id, name), bytes);
    return { fan, name };
  }
  /** Asks for its 100×100 thumbnail; resolves to the bytes served. */
  async function thumb(fan: Actor, name: string): Promise<Uint8Array> {
    const res = await fetch(`${server.url}/api/files/users/${fan.id}/${name}?thumb=100x100`);
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }
  const thumbsOf = (fan: Actor) =>
    storedFiles().filter((f) => f.includes(`${fan.id}/thumbs_`) && !f.endsWith('.attrs'));
  /**
   * How many times PocketBase logged that it failed to make a thumbnail of `name`. Its log is
   * written in batches, in order: once a later failure is in, an earlier one would be too.
   */
  const failures = (name: string) => failedThumbs(name);
  const broken = () => png(200, 200, 256);

  it('serves an original over the bound as it is, and a broken one is decoded once only', async () => {
    // over the bound: three requests, each served the original's bytes
    const bomb = png(16000, 16000, 4096);
    const over = await storedAvatar(bomb);
    for (let i = 0; i < 3; i++) expect(await thumb(over.fan, over.name)).toEqual(bomb);
    // within the bound but broken: the first request decodes and fails (PocketBase logs it)
    const once = await storedAvatar(broken());
    expect(await thumb(once.fan, once.name)).toEqual(broken());
    await expect.poll(() => failures(once.name), { timeout: 15_000, interval: 500 }).toBe(1);
    // ... which is logged after any decode of the first: there was none
    expect(await failures(over.name)).toBe(0);

    // asked again, the broken one is served as it is, not decoded
    for (let i = 0; i < 3; i++) expect(await thumb(once.fan, once.name)).toEqual(broken());
    const later = await storedAvatar(broken());
    expect(await thumb(later.fan, later.name)).toEqual(broken());
    await expect.poll(() => failures(later.name), { timeout: 15_000, interval: 500 }).toBe(1);
    expect(await failures(once.name)).toBe(1);
    expect([...thumbsOf(over.fan), ...thumbsOf(once.fan), ...thumbsOf(later.fan)]).toEqual([]);
  });

  it('still makes the thumbnail of a good image', async () => {
    const fan = await createUser(server, su);
    const good = readFileSync(resolve(__dirname, '../../public/icons/icon-192.png'));
    const saved = await fan.pb
      .collection('users')
      .update(fan.id, { avatar: new File([good], 'a.png', { type: 'image/png' }) });
    const name = saved['avatar'] as string;
    const served = await thumb(fan, name);
    expect(served.byteLength).not.toBe(good.length);
    expect(thumbsOf(fan)).toHaveLength(1);
  });
});
