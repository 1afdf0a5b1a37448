/**
 * Building blocks of the demo pictures: group palettes and background motifs. The idol that
 * appears on cards, portraits and posters is ./idol.ts; ./images.ts and ./card-art.ts compose
 * them into each kind of image.
 */
import { Canvas, hex, sdf, type Rgb } from './canvas.ts';
import type { Rng } from './random.ts';

export interface Palette {
  /** The group's signature colour. */
  main: string;
  sub: string;
  accent: string;
  /** A deep tone for silhouettes and text. */
  ink: string;
}

export interface Tones {
  main: Rgb;
  sub: Rgb;
  accent: Rgb;
  ink: Rgb;
}

export const tones = (p: Palette): Tones => ({
  main: hex(p.main),
  sub: hex(p.sub),
  accent: hex(p.accent),
  ink: hex(p.ink),
});

export type Pattern = 'stripes' | 'dots' | 'rings' | 'sparkles' | 'hearts' | 'blobs' | 'checks';
export const PATTERNS: readonly Pattern[] = [
  'stripes',
  'dots',
  'rings',
  'sparkles',
  'hearts',
  'blobs',
  'checks',
];

/** A light motif over the whole canvas, in `c` at low opacity. */
export function pattern(cv: Canvas, kind: Pattern, c: Rgb, r: Rng): void {
  const { width: w, height: h } = cv;
  switch (kind) {
    case 'stripes': {
      const period = r.int(28, 44);
      const band = period * 0.42;
      cv.shape(
        (x, y) => {
          const t = (((x + y) % period) + period) % period;
          return Math.abs(t - period / 2) - band / 2;
        },
        c,
        0.16,
      );
      break;
    }
    case 'dots': {
      const step = r.int(26, 38);
      const rad = step * 0.16;
      for (let y = step / 2; y < h + step; y += step) {
        const shift = Math.round(y / step) % 2 ? step / 2 : 0;
        for (let x = step / 2 - shift; x < w + step; x += step) cv.circle(x, y, rad, c, 0.3);
      }
      break;
    }
    case 'rings': {
      const cx = r.pick([0, w]);
      const cy = r.pick([0, h * 0.35]);
      const gap = r.int(34, 48);
      cv.shape(
        (x, y) => {
          const d = Math.hypot(x - cx, y - cy);
          const t = d % gap;
          return Math.abs(t - gap / 2) - gap * 0.18;
        },
        c,
        0.18,
      );
      break;
    }
    case 'sparkles': {
      const n = Math.round((w * h) / 9000);
      for (let i = 0; i < n; i++) {
        const x = r.int(0, w);
        const y = r.int(0, h);
        const s = r.int(6, 16);
        cv.shape(sdf.sparkle(x, y, s), c, 0.45, [x - s, y - s, x + s, y + s], false);
      }
      break;
    }
    case 'hearts': {
      const step = r.int(50, 64);
      for (let y = step / 2; y < h + step; y += step) {
        for (let x = step / 2; x < w + step; x += step) {
          const ox = Math.round(y / step) % 2 ? step / 2 : 0;
          const s = step * 0.2;
          cv.shape(sdf.heart(x + ox, y, s), c, 0.25, [
            x + ox - s * 2,
            y - s * 2,
            x + ox + s * 2,
            y + s * 2,
          ]);
        }
      }
      break;
    }
    case 'blobs': {
      for (let i = 0; i < 5; i++) {
        const rad = r.int(Math.round(w * 0.18), Math.round(w * 0.42));
        cv.circle(r.int(0, w), r.int(0, h), rad, c, 0.14);
      }
      break;
    }
    case 'checks': {
      const s = r.int(30, 46);
      for (let y = 0; y < h; y += s) {
        for (let x = 0; x < w; x += s) {
          if ((x / s + y / s) % 2 === 0) cv.rect(x, y, x + s, y + s, c, 0.1);
        }
      }
      break;
    }
  }
}
