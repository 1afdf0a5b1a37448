/**
 * An image's size in pixels from its header, never decoded: the app's copy of the server's check
 * (pb_hooks/lib/image-size.js; docs/files.md, Image size), so a fan picking a photo the server
 * would refuse is told at once instead of after it was queued and sent. A unit test feeds both
 * the same headers and expects the same answers.
 */

/** The bound: 25 million pixels, 12,000 on a side (as on the server). */
export const MAX_PIXELS = 25_000_000;
export const MAX_SIDE = 12_000;
/** How far into a file its size is looked for (a JPEG's frame header comes after metadata). */
export const HEAD_BYTES = 256 * 1024;

export interface ImageSize {
  width: number;
  height: number;
}

type Bytes = Uint8Array;
const be16 = (b: Bytes, i: number) => (b[i]! << 8) | b[i + 1]!;
const le16 = (b: Bytes, i: number) => b[i]! | (b[i + 1]! << 8);
const le24 = (b: Bytes, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const be32 = (b: Bytes, i: number) => be16(b, i) * 65536 + be16(b, i + 2);
const tag = (b: Bytes, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);

function pngSize(b: Bytes): ImageSize | null {
  if (b.length < 24 || tag(b, 12) !== 'IHDR') return null;
  return { width: be32(b, 16), height: be32(b, 20) };
}

function gifSize(b: Bytes): ImageSize | null {
  return b.length < 10 ? null : { width: le16(b, 6), height: le16(b, 8) };
}

function webpSize(b: Bytes): ImageSize | null {
  if (b.length < 30) return null;
  switch (tag(b, 12)) {
    case 'VP8 ':
      if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
      return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
    case 'VP8L': {
      if (b[20] !== 0x2f) return null;
      const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
    default:
      return null;
  }
}

/** Start-of-frame markers: C0–CF but C4, C8 and CC. */
const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Bytes): ImageSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = be16(b, i + 2);
    if (length < 2) return null;
    if (isFrame(marker)) return { width: be16(b, i + 7), height: be16(b, i + 5) };
    i += 2 + length;
  }
  return null;
}

/** The size of an image of type `mime` from its first bytes, or null when it can't be read. */
export function imageSize(bytes: Bytes, mime: string): ImageSize | null {
  switch (mime) {
    case 'image/png':
      return pngSize(bytes);
    case 'image/gif':
      return gifSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
    case 'image/jpeg':
      return jpegSize(bytes);
    default:
      return null;
  }
}

/** Whether a size is within the bound (an unreadable one is not). */
export function withinBound(size: ImageSize | null): boolean {
  return (
    !!size &&
    size.width > 0 &&
    size.height > 0 &&
    size.width <= MAX_SIDE &&
    size.height <= MAX_SIDE &&
    size.width * size.height <= MAX_PIXELS
  );
}
