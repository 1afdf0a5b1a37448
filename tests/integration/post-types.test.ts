/**
 * The terms of an exchange post against the real server (pb_hooks/guards.pb.js,
 * lib/post-terms.js, pb_migrations/1765000000_post_type_shipping.js): each rule the form checks
 * is refused with its Korean message and nothing is stored; valid 교환, 양도 and 구함 posts are
 * stored as sent; a post without terms (queued by an older app version) is a 교환 post; an edit is
 * checked again and only the writer changes the terms; photos are at most three, 5 MB each, of
 * the three image types, checked by their bytes and size like every upload, and public. The pull
 * carries the new fields.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import {
  failure,
  newId,
  readAsSuperuser,
  storedFiles,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;

const { fan } = setupCatalogueServer((env) => {
  ({ server, su, cat } = env);
});

const HANGUL = /[가-힣]/;

const M = {
  type: '글 종류는 교환, 양도, 구함 중에서 골라주세요.',
  priceRequired: '양도 글에는 100원 이상의 가격을 적어주세요.',
  priceTooHigh: '가격은 10,000,000원까지 적을 수 있어요.',
  priceNotInt: '가격은 원 단위의 숫자로 적어주세요.',
  priceNotSell: '가격은 양도 글에만 적을 수 있어요.',
  shipping: '거래 방법은 준등기, 반값택배, 일반택배, 직거래 중에서 골라주세요.',
  cvsRequired: '반값택배를 보낼 편의점을 골라주세요.',
  cvsUnknown: '편의점은 GS25, CU, 세븐일레븐 중에서 골라주세요.',
  cvsNotHalf: '편의점은 반값택배를 고를 때만 고를 수 있어요.',
  placeRequired: '직거래 장소를 적어주세요.',
  placeTooLong: '직거래 장소는 40자까지 적을 수 있어요.',
  placeNotMeet: '직거래 장소는 직거래를 고를 때만 적을 수 있어요.',
  profanity: '비속어가 포함된 글은 작성할 수 없습니다.',
  photos: '사진은 3장까지 올릴 수 있어요.',
  writerOnly: '거래 조건과 사진은 글쓴이만 바꿀 수 있어요.',
};

/** A refused write: 400, this Korean message, the field named in `data`. */
async function refused(p: Promise<unknown>, field: string, message: string) {
  const err = await failure(p);
  expect(err.status).toBe(400);
  expect(err.response.message).toBe(message);
  expect(HANGUL.test(err.response.message as string)).toBe(true);
  expect(Object.keys(err.response.data ?? {})).toContain(field);
}

const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
const GIF_1X1 = Uint8Array.from(
  atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
  (c) => c.charCodeAt(0),
);
/** A PNG of about `bytes` bytes (a decoder stops at IEND; the rest is padding). */
function png(bytes = PNG_1X1.length, name = 'photo.png'): File {
  const out = new Uint8Array(Math.max(bytes, PNG_1X1.length));
  out.set(PNG_1X1);
  return new File([out], name, { type: 'image/png' });
}
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
/** A PNG header declaring 16000×16000 pixels: a few bytes that would decode to 1 GB. */
function pngBomb(): File {
  const ihdr = [...be32(13), ...ascii('IHDR'), ...be32(16000), ...be32(16000), 8, 6, 0, 0, 0];
  const bytes = Uint8Array.from([0x89, ...ascii('PNG\r\n\x1a\n'), ...ihdr, 0, 0, 0, 0]);
  return new File([bytes], 'bomb.png', { type: 'image/png' });
}

function body(writer: Actor, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    writer: writer.id,
    photoCard: cat.card.id,
    description: '원빈 포카 거래해요',
    status: '교환대기중',
    ...extra,
  };
}

async function create(writer: Actor, extra: Record<string, unknown>, id = newId()) {
  return writer.pb.collection('exchangeList').create({ id, ...body(writer, extra) });
}

const stored = (id: string) => readAsSuperuser(su, 'exchangeList', id);

describe('creating a post with terms', () => {
  it.each([
    ['an unknown type', { postType: 'trade' }, 'postType', M.type],
    ['양도 without a price', { postType: 'sell', price: 0 }, 'price', M.priceRequired],
    ['양도 under 100 won', { postType: 'sell', price: 99 }, 'price', M.priceRequired],
    ['양도 at a negative price', { postType: 'sell', price: -500 }, 'price', M.priceRequired],
    ['양도 over 10,000,000 won', { postType: 'sell', price: 10_000_001 }, 'price', M.priceTooHigh],
    ['a price with cents', { postType: 'sell', price: 1500.5 }, 'price', M.priceNotInt],
    ['a price on a 교환 post', { postType: 'exchange', price: 1000 }, 'price', M.priceNotSell],
    ['a price on a 구함 post', { postType: 'want', price: 1000 }, 'price', M.priceNotSell],
    ['an unknown shipping method', { shipping: ['semi', 'drone'] }, 'shipping', M.shipping],
    ['반값택배 without a chain', { shipping: ['half'] }, 'cvs', M.cvsRequired],
    ['an unknown chain', { shipping: ['half'], cvs: 'emart24' }, 'cvs', M.cvsUnknown],
    ['a chain without 반값택배', { shipping: ['semi'], cvs: 'gs25' }, 'cvs', M.cvsNotHalf],
    ['직거래 without a place', { shipping: ['meet'] }, 'meetPlace', M.placeRequired],
    [
      '직거래 at a blank place',
      { shipping: ['meet'], meetPlace: ' \u200b ' },
      'meetPlace',
      M.placeRequired,
    ],
    [
      'a place of 41 characters',
      { shipping: ['meet'], meetPlace: '가'.repeat(41) },
      'meetPlace',
      M.placeTooLong,
    ],
    ['a profane place', { shipping: ['meet'], meetPlace: '씨 발 역 앞' }, 'meetPlace', M.profanity],
    [
      'a place without 직거래',
      { shipping: ['semi'], meetPlace: '홍대입구역' },
      'meetPlace',
      M.placeNotMeet,
    ],
  ])('refuses %s with its Korean message and stores nothing', async (_, terms, field, message) => {
    const writer = await fan();
    const id = newId();
    await refused(create(writer, terms, id), field, message);
    expect(await stored(id)).toBeNull();
  });

  it('stores a 양도 post with its price, 반값택배 at GS25 and 준등기', async () => {
    const writer = await fan();
    const post = await create(writer, {
      postType: 'sell',
      price: 15000,
      shipping: ['half', 'semi'],
      cvs: 'gs25',
    });
    expect(await stored(post.id)).toMatchObject({
      postType: 'sell',
      price: 15000,
      shipping: ['half', 'semi'],
      cvs: 'gs25',
      meetPlace: '',
      photos: [],
    });
  });

  it('stores a 구함 post with 직거래 at a trimmed place, and a 교환 post with every method', async () => {
    const writer = await fan();
    const want = await create(writer, {
      postType: 'want',
      price: 0,
      shipping: ['meet'],
      meetPlace: '  홍대입구역 9번 출구  ',
    });
    expect(await stored(want.id)).toMatchObject({
      postType: 'want',
      price: 0,
      shipping: ['meet'],
      meetPlace: '홍대입구역 9번 출구',
    });
    const exchange = await create(writer, {
      postType: 'exchange',
      shipping: ['semi', 'half', 'parcel', 'meet'],
      cvs: 'seven',
      meetPlace: '가'.repeat(40),
    });
    expect(await stored(exchange.id)).toMatchObject({
      postType: 'exchange',
      shipping: ['semi', 'half', 'parcel', 'meet'],
      cvs: 'seven',
    });
  });

  it('stores a post without terms (an older queued post) as a 교환 post', async () => {
    const writer = await fan();
    const post = await create(writer, {});
    expect(await stored(post.id)).toMatchObject({
      postType: 'exchange',
      price: 0,
      shipping: [],
      cvs: '',
      meetPlace: '',
    });
  });
});

describe('editing the terms', () => {
  it('re-checks the rules on an edit and keeps what was stored', async () => {
    const writer = await fan();
    const post = await create(writer, { postType: 'sell', price: 15000, shipping: ['semi'] });
    const posts = writer.pb.collection('exchangeList');
    await refused(posts.update(post.id, { price: 50 }), 'price', M.priceRequired);
    await refused(posts.update(post.id, { postType: 'want' }), 'price', M.priceNotSell);
    await refused(posts.update(post.id, { shipping: ['half'] }), 'cvs', M.cvsRequired);
    await refused(posts.update(post.id, { meetPlace: '강남역' }), 'meetPlace', M.placeNotMeet);
    expect(await stored(post.id)).toMatchObject({
      postType: 'sell',
      price: 15000,
      shipping: ['semi'],
      cvs: '',
    });
    // a valid change of every term at once
    await posts.update(post.id, {
      postType: 'want',
      price: 0,
      shipping: ['half', 'meet'],
      cvs: 'cu',
      meetPlace: ' 강남역 ',
    });
    expect(await stored(post.id)).toMatchObject({
      postType: 'want',
      price: 0,
      shipping: ['half', 'meet'],
      cvs: 'cu',
      meetPlace: '강남역',
    });
  });

  it("lets an admin edit a post's text but not its terms", async () => {
    const writer = await fan();
    const admin = await fan({ role: 'admin' });
    const post = await create(writer, { postType: 'sell', price: 15000, shipping: ['semi'] });
    const asAdmin = admin.pb.collection('exchangeList');
    await refused(asAdmin.update(post.id, { price: 20000 }), 'price', M.writerOnly);
    await refused(asAdmin.update(post.id, { photos: [png()] }), 'photos', M.writerOnly);
    await asAdmin.update(post.id, { description: '관리자가 고친 글' });
    expect(await stored(post.id)).toMatchObject({
      description: '관리자가 고친 글',
      price: 15000,
      photos: [],
    });
  });
});

describe('photos', () => {
  it('stores up to three, public: anyone reads them and their thumbnails without a token', async () => {
    const writer = await fan();
    const post = await create(writer, {
      shipping: ['semi'],
      photos: [png(), png(2048, 'b.png'), png(4096, 'c.png')],
    });
    const saved = (await stored(post.id))!;
    const photos = saved['photos'] as string[];
    expect(photos).toHaveLength(3);
    for (const name of photos) {
      expect(name).toMatch(/\.png$/);
      for (const thumb of ['', '?thumb=160x160', '?thumb=720x720f']) {
        const res = await fetch(`${server.url}/api/files/exchangeList/${post.id}/${name}${thumb}`);
        expect(res.status, `${name}${thumb}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
      }
    }
  });

  it('refuses a fourth photo, over 5 MB, a GIF, a non-image and an image bomb; nothing stored', async () => {
    const writer = await fan();
    const before = new Set(storedFiles(server));
    const cases: Array<[unknown[], string]> = [
      [[png(), png(), png(), png()], 'photos'],
      [[png(5 * 1024 * 1024 + 1)], 'photos'],
      [[new File([GIF_1X1], 'a.gif', { type: 'image/gif' })], 'photos'],
      [[new File(['<script>alert(1)</script>'], 'x.png', { type: 'image/png' })], 'photos'],
      [[pngBomb()], 'photos'],
    ];
    for (const [photos, field] of cases) {
      const id = newId();
      const err = await failure(create(writer, { shipping: ['semi'], photos }, id));
      expect(err.status).toBe(400);
      expect(Object.keys(err.response.data ?? {})).toContain(field);
      expect(HANGUL.test(JSON.stringify(err.response))).toBe(true);
      expect(await stored(id)).toBeNull();
    }
    // the count is the post's own message
    const err = await failure(create(writer, { photos: [png(), png(), png(), png()] }));
    expect(err.response.message).toBe(M.photos);
    expect(storedFiles(server).filter((f) => !before.has(f))).toEqual([]);
  });

  it('takes a fourth photo on an edit only by replacing one: three at most', async () => {
    const writer = await fan();
    const post = await create(writer, { photos: [png(), png(), png()] });
    const posts = writer.pb.collection('exchangeList');
    await refused(posts.update(post.id, { 'photos+': [png()] }), 'photos', M.photos);
    expect((await stored(post.id))!['photos']).toHaveLength(3);
  });
});

describe('the pull', () => {
  it("carries a post's terms and photo names", async () => {
    const writer = await fan();
    const post = await create(writer, {
      postType: 'sell',
      price: 15000,
      shipping: ['half'],
      cvs: 'gs25',
      photos: [png()],
    });
    const page: { collections: Record<string, { items: Record<string, unknown>[] }> } =
      await writer.pb.send('/api/pocamarket/pull', {
        method: 'POST',
        body: { collections: [{ name: 'exchangeList', key: 'exchangeList:mine', mine: true }] },
        requestKey: null,
      });
    const pulled = Object.values(page.collections)
      .flatMap((c) => c.items)
      .find((r) => r['id'] === post.id);
    expect(pulled).toMatchObject({
      postType: 'sell',
      price: 15000,
      shipping: ['half'],
      cvs: 'gs25',
      meetPlace: '',
    });
    expect(pulled!['photos']).toHaveLength(1);
  });
});
