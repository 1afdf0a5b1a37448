/**
 * Image sizes from headers (pb_hooks/lib/image-size.js, evaluated from its CommonJS source like
 * file-urls.test.ts does): each format's header read right, and the bound's edges; and the app's
 * copy (src/lib/image-size.ts, src/lib/image-bytes.ts) answering exactly as the server's.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as app from '../../src/lib/image-size.ts';
import { imageProblem } from '../../src/lib/image-bytes.ts';

interface Size {
  width: number;
  height: number;
}
interface ImageSize {
  imageSize: (bytes: number[], mime: string) => Size | null;
  withinBound: (size: Size | null) => boolean;
  MAX_PIXELS: number;
  MAX_SIDE: number;
}
function load(): ImageSize {
  const source = readFileSync(resolve(__dirname, '../../pb_hooks/lib/image-size.js'), 'utf8');
  const module = { exports: {} as unknown };
  new Function('module', 'exports', source)(module, module.exports);
  return module.exports as ImageSize;
}
const { imageSize, withinBound, MAX_PIXELS, MAX_SIDE } = load();

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const riff = (chunk: number[]) => [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP'), ...chunk];

describe('image sizes from headers', () => {
  it('reads a real PNG (the app icon)', () => {
    const icon = [...readFileSync(resolve(__dirname, '../../public/icons/icon-192.png'))];
    expect(imageSize(icon, 'image/png')).toEqual({ width: 192, height: 192 });
  });

  it('reads lossy, lossless and extended WEBP headers', () => {
    // VP8: frame tag (3), start code 9d 01 2a, 14-bit width and height (scale bits ignored)
    const vp8 = riff([
      ...ascii('VP8 '),
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0x9d,
      0x01,
      0x2a,
      0x20,
      0x43,
      0x58,
      0x42,
    ]);
    expect(imageSize(vp8, 'image/webp')).toEqual({ width: 800, height: 600 });
    // VP8L: signature 2f, then width-1 and height-1 in 14 bits each
    const w = 1023,
      h = 767;
    const bits = w | (h << 14);
    const vp8l = riff([
      ...ascii('VP8L'),
      0,
      0,
      0,
      0,
      0x2f,
      bits & 255,
      (bits >>> 8) & 255,
      (bits >>> 16) & 255,
      (bits >>> 24) & 255,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(imageSize(vp8l, 'image/webp')).toEqual({ width: 1024, height: 768 });
    const vp8x = riff([...ascii('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, 0x0f, 0x27, 0, 0x0f, 0x27, 0]);
    expect(imageSize(vp8x, 'image/webp')).toEqual({ width: 10000, height: 10000 });
  });

  it('finds a JPEG frame header after metadata and skips fill bytes', () => {
    const jpeg = [
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xff, 0xc2, 0, 11, 8, 0x0b, 0xb8, 0x0f, 0xa0, 1, 1,
      0x11, 0,
    ];
    expect(imageSize(jpeg, 'image/jpeg')).toEqual({ width: 4000, height: 3000 });
    // the scan begins before any frame header: no size
    expect(imageSize([0xff, 0xd8, 0xff, 0xda, 0, 2, 0, 0, 0, 0, 0, 0], 'image/jpeg')).toBeNull();
    // a truncated header: no size
    expect(imageSize([0xff, 0xd8, 0xff, 0xe0, 0, 200, 0, 0], 'image/jpeg')).toBeNull();
  });

  it('bounds pixels and sides; an unreadable size is out', () => {
    expect(withinBound({ width: 5712, height: 4284 })).toBe(true);
    expect(withinBound({ width: MAX_SIDE, height: Math.floor(MAX_PIXELS / MAX_SIDE) })).toBe(true);
    expect(withinBound({ width: MAX_SIDE + 1, height: 1 })).toBe(false);
    expect(withinBound({ width: 5001, height: 5000 })).toBe(false);
    expect(withinBound({ width: 0, height: 10 })).toBe(false);
    expect(withinBound(null)).toBe(false);
  });
});

describe('the app reads sizes as the server does', () => {
  const cases: [string, number[]][] = [];
  const icon = [...readFileSync(resolve(__dirname, '../../public/icons/icon-192.png'))];
  cases.push(['image/png', icon]);
  const png = (w: number, h: number) => {
    const b = icon.slice(0, 40);
    b.splice(
      16,
      8,
      ...[w, h].flatMap((n) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]),
    );
    return b;
  };
  for (const [w, h] of [
    [16000, 16000],
    [12000, 2083],
    [12001, 1],
    [0, 5],
    [4294967295, 1],
  ])
    cases.push(['image/png', png(w!, h!)]);
  cases.push(['image/gif', [...ascii('GIF89a'), 0xff, 0xff, 0xff, 0xff, 0, 0, 0]]);
  cases.push(['image/gif', [...ascii('GIF89a'), 0x10, 0, 0x10, 0]]);
  cases.push([
    'image/webp',
    riff([...ascii('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  ]);
  cases.push([
    'image/webp',
    riff([...ascii('VP8L'), 0, 0, 0, 0, 0x2f, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0]),
  ]);
  cases.push([
    'image/jpeg',
    [0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0xff, 0xff, 0xff, 0xff, 3, 0, 0, 0, 0, 0, 0],
  ]);
  cases.push(['image/jpeg', [0xff, 0xd8, 0xff, 0xe1, 0, 1, 0xff, 0xc0]]);
  // random bytes behind each signature: both refuse or both size alike
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 16) & 255;
  const heads: Record<string, number[]> = {
    'image/png': icon.slice(0, 16),
    'image/gif': ascii('GIF89a'),
    'image/webp': riff([]),
    'image/jpeg': [0xff, 0xd8, 0xff],
  };
  for (let i = 0; i < 200; i++) {
    const mime = Object.keys(heads)[i % 4]!;
    cases.push([mime, [...heads[mime]!, ...Array.from({ length: 8 + (i % 40) }, rnd)]]);
  }

  it.each(cases.map((c, i) => [i, ...c] as const))('case %i (%s)', async (_i, mime, bytes) => {
    const server = imageSize(bytes, mime);
    const mine = app.imageSize(Uint8Array.from(bytes), mime);
    expect(mine).toEqual(server);
    expect(app.withinBound(mine)).toBe(withinBound(server));
    const problem = await imageProblem(new Blob([Uint8Array.from(bytes)]));
    expect(problem).toBe(!server ? 'unreadable' : withinBound(server) ? null : 'tooLarge');
  });

  it('calls a file that is no image so', async () => {
    expect(await imageProblem(new Blob(['<svg onload=alert(1)>']))).toBe('notImage');
  });
});
