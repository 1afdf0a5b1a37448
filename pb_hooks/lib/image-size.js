/**
 * An image's size in pixels, read from its header only (never decoded), for the bound on uploads
 * and on thumbnails (docs/files.md, Image size; SECURITY.md, uploads). PocketBase decodes a whole
 * image to make a thumbnail and checks nothing first: a 249 KB PNG declaring 16000×16000 pixels
 * made every `?thumb=` request allocate about 256 MB.
 *
 * Pure (bytes in, numbers out): used by lib/uploads.js and lib/thumbs.js, and by unit tests from
 * this source.
 */

/**
 * The largest image the server takes and thumbnails: 25 million pixels (a 24-megapixel phone
 * photo, 5712×4284, fits; decoding one takes at most ~100 MB as RGBA) and no side over 12,000
 * pixels. The upload limit of 5 MB keeps real photos well within it; only a crafted header
 * (a few KB declaring a huge canvas) comes near.
 */
const MAX_PIXELS = 25000000;
const MAX_SIDE = 12000;

/** Bytes read from the start of an upload to find its size: a JPEG's frame header comes after
 * its metadata segments (EXIF, ICC profiles), which phones keep under 128 KB. */
const HEAD_BYTES = 256 * 1024;

const byte = (b, i) => b[i] & 0xff;
const be16 = (b, i) => (byte(b, i) << 8) | byte(b, i + 1);
const le16 = (b, i) => byte(b, i) | (byte(b, i + 1) << 8);
const le24 = (b, i) => byte(b, i) | (byte(b, i + 1) << 8) | (byte(b, i + 2) << 16);
const be32 = (b, i) => be16(b, i) * 65536 + be16(b, i + 2);
const tag = (b, i) =>
  String.fromCharCode(byte(b, i), byte(b, i + 1), byte(b, i + 2), byte(b, i + 3));

function pngSize(b) {
  // signature (8), IHDR length (4), "IHDR" (4), width (4), height (4)
  if (b.length < 24 || tag(b, 12) !== 'IHDR') return null;
  return { width: be32(b, 16), height: be32(b, 20) };
}

function gifSize(b) {
  // the logical screen: every frame lies within it (the decoder refuses one that doesn't)
  if (b.length < 10) return null;
  return { width: le16(b, 6), height: le16(b, 8) };
}

function webpSize(b) {
  if (b.length < 30) return null;
  const kind = tag(b, 12);
  if (kind === 'VP8 ') {
    // key frame start code 9d 01 2a, then 14-bit width and height
    if (byte(b, 23) !== 0x9d || byte(b, 24) !== 0x01 || byte(b, 25) !== 0x2a) return null;
    return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  }
  if (kind === 'VP8L') {
    if (byte(b, 20) !== 0x2f) return null;
    const bits = byte(b, 21) | (byte(b, 22) << 8) | (byte(b, 23) << 16) | (byte(b, 24) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (kind === 'VP8X') return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
  return null;
}

/** Start-of-frame markers: C0–CF except C4 (Huffman tables), C8 (reserved) and CC (arithmetic). */
const isFrame = (m) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b) {
  let i = 2;
  while (i + 9 < b.length) {
    if (byte(b, i) !== 0xff) return null;
    const marker = byte(b, i + 1);
    // fill bytes, and markers without a length
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // the scan starts before any frame header: not an image we can size
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = be16(b, i + 2);
    if (length < 2) return null;
    if (isFrame(marker)) return { width: be16(b, i + 7), height: be16(b, i + 5) };
    i += 2 + length;
  }
  return null;
}

/**
 * The size of an image of type `mime` ('image/png', ...) from its first bytes (a byte array or
 * a Go []byte), or null when the header can't be read there.
 */
function imageSize(bytes, mime) {
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

/** Whether a size is within the bound (a null size, unreadable, is not). */
function withinBound(size) {
  return (
    !!size &&
    size.width > 0 &&
    size.height > 0 &&
    size.width <= MAX_SIDE &&
    size.height <= MAX_SIDE &&
    size.width * size.height <= MAX_PIXELS
  );
}

module.exports = { imageSize, withinBound, MAX_PIXELS, MAX_SIDE, HEAD_BYTES };
