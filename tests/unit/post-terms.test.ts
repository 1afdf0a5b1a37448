// The terms of an exchange post (docs/product-rules.md, Exchange posts): the form's rules
// (src/domains/posts/rules.ts checkPostTerms, checkPostPhotos), how a form's values become what is
// stored (terms.ts normalizeTerms, parsePrice), how a post without terms reads, and that the
// server's rules (pb_hooks/lib/post-terms.js) give the same verdicts in the same words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPostPhotos, checkPostTerms, firstProblem } from '@/domains/posts/rules';
import {
  groupDigits,
  normalizeTerms,
  NO_TERMS,
  parsePrice,
  postTypeOf,
  sameTerms,
  termsOf,
  type PostTerms,
} from '@/domains/posts/terms';
import { postTermsKo } from '@/domains/posts/ko-terms';

const r = postTermsKo.rules;

const terms = (t: Partial<PostTerms>): PostTerms => ({ ...NO_TERMS, shipping: ['semi'], ...t });

describe('checkPostTerms', () => {
  it('accepts a 양도 post of 15,000 won by 반값택배 at GS25, a 구함 by 직거래, a 교환 by 준등기', () => {
    expect(
      checkPostTerms(terms({ postType: 'sell', price: 15000, shipping: ['half'], cvs: 'gs25' })),
    ).toEqual({});
    expect(
      checkPostTerms(terms({ postType: 'want', shipping: ['meet'], meetPlace: '홍대입구역' })),
    ).toEqual({});
    expect(checkPostTerms(terms({}))).toEqual({});
    expect(checkPostTerms(terms({ postType: 'sell', price: 100 }))).toEqual({});
    expect(checkPostTerms(terms({ postType: 'sell', price: 10_000_000 }))).toEqual({});
  });

  it.each([
    ['a free 양도', { postType: 'sell', price: 0 }, 'price', r.priceRequired],
    ['양도 at 99 won', { postType: 'sell', price: 99 }, 'price', r.priceRequired],
    ['양도 over 10,000,000', { postType: 'sell', price: 10_000_001 }, 'price', r.priceTooHigh],
    ['a price with cents', { postType: 'sell', price: 1500.5 }, 'price', r.priceNotInt],
    [
      'a price not typed as digits',
      { postType: 'sell', price: Number.NaN },
      'price',
      r.priceNotInt,
    ],
    ['a priced 교환', { postType: 'exchange', price: 500 }, 'price', r.priceNotSell],
    ['a priced 구함', { postType: 'want', price: 500 }, 'price', r.priceNotSell],
    ['no shipping', { shipping: [] }, 'shipping', r.shippingRequired],
    ['반값택배 without a chain', { shipping: ['half'] }, 'cvs', r.cvsRequired],
    ['a chain without 반값택배', { shipping: ['semi'], cvs: 'cu' }, 'cvs', r.cvsNotHalf],
    ['직거래 without a place', { shipping: ['meet'] }, 'meetPlace', r.placeRequired],
    [
      '직거래 at zero-width',
      { shipping: ['meet'], meetPlace: '\u200b ' },
      'meetPlace',
      r.placeRequired,
    ],
    [
      'a place of 41',
      { shipping: ['meet'], meetPlace: '가'.repeat(41) },
      'meetPlace',
      r.placeTooLong,
    ],
    [
      'a profane place',
      { shipping: ['meet'], meetPlace: 'ｆｕｃｋ 역' },
      'meetPlace',
      r.placeProfanity,
    ],
    [
      'a place without 직거래',
      { shipping: ['semi'], meetPlace: '강남역' },
      'meetPlace',
      r.placeNotMeet,
    ],
  ] as const)('refuses %s under its field', (_, t, field, message) => {
    const problems = checkPostTerms(terms(t as Partial<PostTerms>));
    expect(problems).toEqual({ [field]: message });
    expect(firstProblem(problems)).toBe(message);
  });

  it('asks for a shipping method only where the form does (the server takes none)', () => {
    expect(checkPostTerms(terms({ shipping: [] }), { requireShipping: false })).toEqual({});
  });

  it('shows every broken rule at once, each under its own field', () => {
    expect(
      checkPostTerms(terms({ postType: 'sell', price: 0, shipping: ['half', 'meet'] })),
    ).toEqual({ price: r.priceRequired, cvs: r.cvsRequired, meetPlace: r.placeRequired });
  });

  it('counts a place by characters: 40 Hangul syllables or emoji are fine', () => {
    const place = (meetPlace: string) => terms({ shipping: ['meet'], meetPlace });
    expect(checkPostTerms(place('가'.repeat(40)))).toEqual({});
    expect(checkPostTerms(place('😀'.repeat(40)))).toEqual({});
    expect(checkPostTerms(place(`  ${'가'.repeat(40)}  `))).toEqual({});
  });
});

describe('checkPostPhotos', () => {
  const photo = (type: string, size = 10) => new Blob([new Uint8Array(size)], { type });

  it('takes up to three JPEG, PNG or WEBP photos of at most 5 MB', () => {
    expect(checkPostPhotos([])).toBeNull();
    expect(
      checkPostPhotos([photo('image/jpeg'), photo('image/png'), photo('image/webp')]),
    ).toBeNull();
    expect(checkPostPhotos([photo('image/jpeg', 5 * 1024 * 1024)])).toBeNull();
  });

  it('refuses a fourth, a GIF, a non-image and one over 5 MB', () => {
    const four = Array.from({ length: 4 }, () => photo('image/png'));
    expect(checkPostPhotos(four)).toBe(r.photosTooMany);
    expect(checkPostPhotos([photo('image/gif')])).toBe(r.photoInvalid);
    expect(checkPostPhotos([photo('text/html')])).toBe(r.photoInvalid);
    expect(checkPostPhotos([photo('image/png', 5 * 1024 * 1024 + 1)])).toBe(r.photoInvalid);
  });
});

describe('what the form sends', () => {
  it('drops what the form hides: the price unless 양도, the chain and the place unless chosen', () => {
    expect(
      normalizeTerms({
        postType: 'exchange',
        price: 15000,
        shipping: ['meet', 'semi', 'semi'],
        cvs: 'gs25',
        meetPlace: '  강남역  ',
      }),
    ).toEqual({
      postType: 'exchange',
      price: 0,
      shipping: ['semi', 'meet'],
      cvs: '',
      meetPlace: '강남역',
    });
    expect(
      normalizeTerms({
        postType: 'sell',
        price: 15000,
        shipping: ['half'],
        cvs: 'cu',
        meetPlace: '강남역',
      }),
    ).toEqual({ postType: 'sell', price: 15000, shipping: ['half'], cvs: 'cu', meetPlace: '' });
  });

  it('reads a price as typed, and groups its digits while typed', () => {
    expect(parsePrice('15,000')).toBe(15000);
    expect(parsePrice(' 15 000원')).toBe(15000);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('15.5')).toBeNaN();
    expect(parsePrice('만오천')).toBeNaN();
    expect(groupDigits('15000')).toBe('15,000');
    expect(groupDigits('0015a000')).toBe('15,000');
    expect(groupDigits('abc')).toBe('');
    expect(postTermsKo.won(15000)).toBe('15,000원');
  });

  it('compares terms as sets of shipping methods', () => {
    expect(
      sameTerms(terms({ shipping: ['semi', 'half'] }), terms({ shipping: ['half', 'semi'] })),
    ).toBe(true);
    expect(sameTerms(terms({}), terms({ postType: 'want' }))).toBe(false);
  });
});

describe('a post without terms', () => {
  it('reads as a 교환 post with no price, shipping or photos', () => {
    expect(postTypeOf({})).toBe('exchange');
    expect(postTypeOf({ postType: '' })).toBe('exchange');
    expect(postTypeOf({ postType: 'sell' })).toBe('sell');
    expect(termsOf({})).toEqual(NO_TERMS);
  });
});

// ------------------------------------------------------------------------ the server's copy

interface ServerTerms {
  termsProblem(t: {
    postType: string;
    price: number;
    shipping: string[];
    cvs: string;
    meetPlace: string;
    photos: number;
  }): { field: string; message: string } | null;
}
let server: ServerTerms;

/** Loads a pb_hooks module as PocketBase's JSVM runs it (CommonJS, `${__hooks}`). */
function loadHook(path: string): unknown {
  if (path.endsWith('.json')) return JSON.parse(readFileSync(path, 'utf8'));
  const module = { exports: {} as unknown };
  const source = readFileSync(path, 'utf8');
  const run = new Function('module', 'exports', 'require', '__hooks', source) as (
    ...args: unknown[]
  ) => void;
  run(module, module.exports, loadHook, join(process.cwd(), 'pb_hooks'));
  return module.exports;
}

beforeAll(() => {
  server = loadHook(join(process.cwd(), 'pb_hooks/lib/post-terms.js')) as ServerTerms;
});

describe('the server keeps the same rules', () => {
  const cases: Partial<PostTerms>[] = [
    {},
    { postType: 'sell', price: 15000, shipping: ['half'], cvs: 'gs25' },
    { postType: 'sell', price: 0 },
    { postType: 'sell', price: 99 },
    { postType: 'sell', price: 10_000_001 },
    { postType: 'sell', price: 1500.5 },
    { postType: 'want', price: 1 },
    { shipping: ['half'] },
    { shipping: ['semi'], cvs: 'seven' },
    { shipping: ['meet'] },
    { shipping: ['meet'], meetPlace: '가'.repeat(41) },
    { shipping: ['meet'], meetPlace: '씨 발' },
    { shipping: ['meet'], meetPlace: '  강남역 ' },
    { shipping: ['parcel'], meetPlace: '강남역' },
  ];
  it.each(cases)('%j: the same verdict in the same words', (t) => {
    const all = terms(t);
    const client = firstProblem(checkPostTerms(all));
    const verdict = server.termsProblem({ ...all, shipping: [...all.shipping], photos: 0 });
    expect(verdict?.message ?? null).toBe(client);
  });

  it('refuses a fourth photo', () => {
    expect(server.termsProblem({ ...terms({}), photos: 4 })?.message).toBe(r.photosTooMany);
  });
});
