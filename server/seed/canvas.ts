/**
 * A tiny raster canvas for the demo seed: signed-distance shapes with one-pixel anti-aliasing,
 * flat bands instead of smooth gradients, and a 5x7 bitmap font of Latin capitals. Flat colour
 * areas are chosen on purpose: the seeded images are cached offline on phones, and flat areas
 * deflate to a few kilobytes where noise or smooth gradients would not.
 */
import { PNG } from 'pngjs';

export type Rgb = readonly [number, number, number];

export function hex(value: string): Rgb {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];
export const lighten = (c: Rgb, t: number): Rgb => mix(c, WHITE, t);
export const darken = (c: Rgb, t: number): Rgb => mix(c, BLACK, t);

/** Signed distance: negative inside, positive outside, in pixels. */
export type Sdf = (x: number, y: number) => number;

export const sdf = {
  circle:
    (cx: number, cy: number, r: number): Sdf =>
    (x, y) =>
      Math.hypot(x - cx, y - cy) - r,
  ellipse:
    (cx: number, cy: number, rx: number, ry: number): Sdf =>
    (x, y) =>
      (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry),
  roundRect:
    (x0: number, y0: number, x1: number, y1: number, r: number): Sdf =>
    (x, y) => {
      const hw = (x1 - x0) / 2;
      const hh = (y1 - y0) / 2;
      const qx = Math.abs(x - (x0 + hw)) - hw + r;
      const qy = Math.abs(y - (y0 + hh)) - hh + r;
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
    },
  capsule:
    (ax: number, ay: number, bx: number, by: number, r: number): Sdf =>
    (x, y) => {
      const px = x - ax;
      const py = y - ay;
      const dx = bx - ax;
      const dy = by - ay;
      const h = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy || 1)));
      return Math.hypot(px - dx * h, py - dy * h) - r;
    },
  /** A four-pointed sparkle. */
  sparkle:
    (cx: number, cy: number, r: number): Sdf =>
    (x, y) => {
      const ax = Math.abs(x - cx) / r;
      const ay = Math.abs(y - cy) / r;
      return (Math.sqrt(ax) + Math.sqrt(ay) - 1) * r * 0.5;
    },
  /** A heart of roughly `r` radius: two lobes over a diamond whose sides touch them. */
  heart:
    (cx: number, cy: number, r: number): Sdf =>
    (x, y) => {
      const u = (x - cx) / r;
      const v = (y - cy) / r;
      const lobe = Math.min(Math.hypot(u - 0.5, v + 0.2), Math.hypot(u + 0.5, v + 0.2)) - 0.55;
      const diamond = Math.max((Math.abs(u) + Math.abs(v - 0.1) - 0.95) / Math.SQRT2, -0.2 - v);
      return Math.min(lobe, diamond) * r;
    },
  ring: (inner: Sdf, width: number): Sdf => {
    return (x, y) => Math.abs(inner(x, y)) - width / 2;
  },
  union:
    (...parts: Sdf[]): Sdf =>
    (x, y) => {
      // a plain loop: this runs per pixel, and a spread array per call showed up as GC time
      let d = Infinity;
      for (const p of parts) {
        const v = p(x, y);
        if (v < d) d = v;
      }
      return d;
    },
  subtract:
    (a: Sdf, b: Sdf): Sdf =>
    (x, y) =>
      Math.max(a(x, y), -b(x, y)),
  intersect:
    (a: Sdf, b: Sdf): Sdf =>
    (x, y) =>
      Math.max(a(x, y), b(x, y)),
};

// 5x7 glyphs, one string of 35 bits per character (row by row, '1' = ink).
const GLYPHS: Record<string, string> = {
  A: '01110100011000111111100011000110001',
  B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110',
  D: '11110100011000110001100011000111110',
  E: '11111100001000011110100001000011111',
  F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111',
  H: '10001100011000111111100011000110001',
  I: '01110001000010000100001000010001110',
  J: '00111000100001000010000101001001100',
  K: '10001100101010011000101001001010001',
  L: '10000100001000010000100001000011111',
  M: '10001110111010110101100011000110001',
  N: '10001100011100110101100111000110001',
  O: '01110100011000110001100011000101110',
  P: '11110100011000111110100001000010000',
  Q: '01110100011000110001101011001001101',
  R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110',
  T: '11111001000010000100001000010000100',
  U: '10001100011000110001100011000101110',
  V: '10001100011000110001100010101000100',
  W: '10001100011000110101101011010101010',
  X: '10001100010101000100010101000110001',
  Y: '10001100010101000100001000010000100',
  Z: '11111000010001000100010001000011111',
  '0': '01110100011001110101110011000101110',
  '1': '00100011000010000100001000010001110',
  '2': '01110100010000100010001000100011111',
  '3': '11111000100010000010000011000101110',
  '4': '00010001100101010010111110001000010',
  '5': '11111100001111000001000011000101110',
  '6': '00110010001000011110100011000101110',
  '7': '11111000010001000100010000100001000',
  '8': '01110100011000101110100011000101110',
  '9': '01110100011000101111000010001001100',
  '.': '00000000000000000000000000110001100',
  ',': '00000000000000000000001100010001000',
  '-': '00000000000000011111000000000000000',
  '!': '00100001000010000100001000000000100',
  '?': '01110100010000100010001000000000100',
  "'": '00100001000100000000000000000000000',
  '&': '01100100101010001000101011001001101',
  '#': '01010010101111101010111110101001010',
  '/': '00001000010001000100010001000010000',
  ':': '00000011000110000000011000110000000',
  '+': '00000001000010011111001000010000000',
  '*': '00000001001010101110101010010000000',
  ' ': '00000000000000000000000000000000000',
};

export const GLYPH_W = 5;
export const GLYPH_H = 7;

/** Text normalised to what the font can draw (uppercase; unknown characters dropped). */
export function drawable(text: string): string {
  return [...text.toUpperCase()].filter((ch) => ch in GLYPHS).join('');
}

export function textWidth(text: string, scale: number): number {
  const n = drawable(text).length;
  return n === 0 ? 0 : (n * (GLYPH_W + 1) - 1) * scale;
}

export class Canvas {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb | null = WHITE,
  ) {
    this.data = new Uint8Array(width * height * 4);
    if (background) this.fill(background);
  }

  fill(c: Rgb): void {
    this.fillRows(0, this.height, c);
  }

  /** Paints rows [y0, y1) opaque `c`: one pixel written, the rest copied in doubling runs. */
  private fillRows(y0: number, y1: number, c: Rgb): void {
    const start = y0 * this.width * 4;
    const end = y1 * this.width * 4;
    if (end <= start) return;
    const d = this.data;
    d[start] = c[0];
    d[start + 1] = c[1];
    d[start + 2] = c[2];
    d[start + 3] = 255;
    for (let n = 4; n < end - start; n *= 2)
      d.copyWithin(start + n, start, start + Math.min(n, end - start - n));
  }

  /** Source-over blend of one pixel. */
  blend(x: number, y: number, c: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.blendAt((y * this.width + x) * 4, c, alpha);
  }

  private blendAt(i: number, c: Rgb, alpha: number): void {
    const d = this.data;
    const dstA = d[i + 3]!;
    if (alpha >= 1) {
      d[i] = c[0];
      d[i + 1] = c[1];
      d[i + 2] = c[2];
      d[i + 3] = 255;
      return;
    }
    if (dstA === 255) {
      // the common case: an opaque canvas
      const k = 1 - alpha;
      d[i] = Math.round(c[0] * alpha + d[i]! * k);
      d[i + 1] = Math.round(c[1] * alpha + d[i + 1]! * k);
      d[i + 2] = Math.round(c[2] * alpha + d[i + 2]! * k);
      return;
    }
    const da = dstA / 255;
    const oa = alpha + da * (1 - alpha);
    if (oa <= 0) return;
    for (let k = 0; k < 3; k++) {
      d[i + k] = Math.round((c[k]! * alpha + d[i + k]! * da * (1 - alpha)) / oa);
    }
    d[i + 3] = Math.round(oa * 255);
  }

  rect(x0: number, y0: number, x1: number, y1: number, c: Rgb, alpha = 1): void {
    const xa = Math.max(0, Math.floor(x0));
    const ya = Math.max(0, Math.floor(y0));
    const xb = Math.min(this.width, Math.ceil(x1));
    const yb = Math.min(this.height, Math.ceil(y1));
    if (alpha <= 0) return;
    for (let y = ya; y < yb; y++) {
      for (let x = xa; x < xb; x++) this.blendAt((y * this.width + x) * 4, c, alpha);
    }
  }

  /**
   * Fills the shape `d` inside the box (defaults to the whole canvas) with coverage taken from
   * the distance at the pixel centre, which gives a one-pixel soft edge. Distances are taken as
   * lower bounds of the true distance (true of every shape in `sdf` but the sparkle), which lets
   * a row skip whole runs of pixels that are surely outside or surely inside; pass
   * `exact = false` for shapes where that does not hold.
   */
  shape(
    d: Sdf,
    c: Rgb,
    alpha = 1,
    box: [number, number, number, number] = [0, 0, this.width, this.height],
    exact = true,
  ): void {
    const xa = Math.max(0, Math.floor(box[0]) - 1);
    const ya = Math.max(0, Math.floor(box[1]) - 1);
    const xb = Math.min(this.width, Math.ceil(box[2]) + 1);
    const yb = Math.min(this.height, Math.ceil(box[3]) + 1);
    if (alpha <= 0) return;
    for (let y = ya; y < yb; y++) {
      const row = y * this.width;
      let x = xa;
      while (x < xb) {
        const dist = d(x + 0.5, y + 0.5);
        if (dist >= 0.5) {
          x += exact ? Math.floor(dist - 0.5) + 1 : 1;
          continue;
        }
        if (dist <= -0.5) {
          const end = Math.min(xb, x + (exact ? Math.floor(-0.5 - dist) + 1 : 1));
          for (; x < end; x++) this.blendAt((row + x) * 4, c, alpha);
          continue;
        }
        // Quantise edge coverage so edge pixels repeat and deflate well.
        const cov = Math.round((0.5 - dist) * 8) / 8;
        this.blendAt((row + x) * 4, c, cov * alpha);
        x++;
      }
    }
  }

  circle(cx: number, cy: number, r: number, c: Rgb, alpha = 1): void {
    this.shape(sdf.circle(cx, cy, r), c, alpha, [cx - r, cy - r, cx + r, cy + r]);
  }

  /** Horizontal bands from `top` to `bottom` colour: a gradient made of flat rows. */
  bands(top: Rgb, bottom: Rgb, steps: number, y0 = 0, y1 = this.height): void {
    const h = y1 - y0;
    for (let i = 0; i < steps; i++) {
      const a = Math.max(0, y0 + Math.ceil((i * h) / steps));
      const b = Math.min(this.height, y0 + Math.ceil(((i + 1) * h) / steps));
      this.fillRows(a, b, mix(top, bottom, steps === 1 ? 0 : i / (steps - 1)));
    }
  }

  /** Draws text with its top-left corner at (x, y); returns the width drawn. */
  text(text: string, x: number, y: number, scale: number, c: Rgb, alpha = 1): number {
    let cx = Math.round(x);
    const top = Math.round(y);
    for (const ch of drawable(text)) {
      const bits = GLYPHS[ch]!;
      for (let row = 0; row < GLYPH_H; row++) {
        for (let col = 0; col < GLYPH_W; col++) {
          if (bits[row * GLYPH_W + col] !== '1') continue;
          const px = cx + col * scale;
          const py = top + row * scale;
          this.rect(px, py, px + scale, py + scale, c, alpha);
        }
      }
      cx += (GLYPH_W + 1) * scale;
    }
    return textWidth(text, scale);
  }

  /** Text centred on `cx`, shrinking the scale until it fits `maxWidth`. Returns the scale used. */
  textCentered(
    text: string,
    cx: number,
    y: number,
    scale: number,
    c: Rgb,
    maxWidth = this.width,
    alpha = 1,
  ): number {
    let s = scale;
    while (s > 1 && textWidth(text, s) > maxWidth) s--;
    this.text(text, cx - textWidth(text, s) / 2, y, s, c, alpha);
    return s;
  }

  /**
   * PNG bytes; RGB when `alpha` is false (smaller), RGBA otherwise. `filter` is the PNG row
   * filter: 1 ('sub') suits banded gradients; 0 (none) suits the photo cards, whose flat areas
   * with many curved edges deflate about a fifth smaller unfiltered (measured on the seed's
   * cards: 15.1 KB against 18.6 KB on average, at about the same speed).
   */
  png(alpha = false, filter: 0 | 1 = 1): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    // Measured on the seed's first cards: 'sub' filtering with zlib level 6 is within ~10% of the
    // smallest settings and three times faster than level 9 with adaptive filters; handing
    // pngjs RGB rows (instead of letting it strip alpha per pixel) halves its filter time.
    const options = { deflateLevel: 6, deflateStrategy: 0, filterType: filter } as const;
    if (alpha) {
      png.data = Buffer.from(this.data.buffer, this.data.byteOffset, this.data.byteLength);
      return PNG.sync.write(png, {
        ...options,
        colorType: 6,
        inputColorType: 6,
        inputHasAlpha: true,
      });
    }
    const n = this.width * this.height;
    const rgb = Buffer.allocUnsafe(n * 3);
    const d = this.data;
    for (let i = 0, j = 0; i < n * 4; i += 4, j += 3) {
      rgb[j] = d[i]!;
      rgb[j + 1] = d[i + 1]!;
      rgb[j + 2] = d[i + 2]!;
    }
    png.data = rgb;
    return PNG.sync.write(png, {
      ...options,
      colorType: 2,
      inputColorType: 2,
      inputHasAlpha: false,
    });
  }
}
