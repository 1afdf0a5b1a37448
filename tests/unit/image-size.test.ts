/**
 * Image sizes from headers (pb_hooks/lib/image-size.js, evaluated from its CommonJS source like
 * file-urls.test.ts does): each format's header read right, and the bound's edges.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

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
