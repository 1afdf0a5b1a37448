/**
 * Building blocks of the demo pictures: group palettes, background motifs and the faceless
 * figure that stands in for an idol. ./images.ts composes them into each kind of image.
 */
import { Canvas, darken, hex, lighten, mix, sdf, type Rgb, type Sdf } from './canvas.ts';
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

export type Hair = 'short' | 'long' | 'bob';

/**
 * A faceless flat figure (head and shoulders) whose head centre is at (cx, headY);
 * `s` is the head radius.
 */
export function figure(
  cv: Canvas,
  cx: number,
  headY: number,
  s: number,
  t: Tones,
  hair: Hair,
): void {
  const hairC = darken(t.ink, 0.15);
  const skin = mix(hex('#f6d7c3'), t.main, 0.08);
  const cloth = t.accent;
  /** Draws `d`, searching only the box given in head radii around the head centre. */
  const part = (d: Sdf, c: Rgb, x0: number, y0: number, x1: number, y1: number) =>
    cv.shape(d, c, 1, [cx + x0 * s, headY + y0 * s, cx + x1 * s, headY + y1 * s]);
  if (hair === 'long') {
    part(
      sdf.roundRect(cx - s * 1.2, headY - s * 1.1, cx + s * 1.2, headY + s * 2.2, s * 1.05),
      hairC,
      -1.2,
      -1.1,
      1.2,
      2.2,
    );
  }
  const body = sdf.roundRect(cx - s * 2.1, headY + s * 1.5, cx + s * 2.1, headY + s * 6, s * 1.7);
  part(body, cloth, -2.1, 1.5, 2.1, 6);
  part(
    sdf.intersect(sdf.circle(cx, headY + s * 1.35, s * 0.78), body),
    lighten(cloth, 0.55),
    -0.8,
    1.5,
    0.8,
    2.2,
  );
  part(
    sdf.roundRect(cx - s * 0.34, headY + s * 0.5, cx + s * 0.34, headY + s * 1.75, s * 0.3),
    darken(skin, 0.06),
    -0.34,
    0.5,
    0.34,
    1.75,
  );
  part(sdf.ellipse(cx, headY, s * 0.9, s * 1.05), skin, -0.9, -1.05, 0.9, 1.05);
  // hair cap: a disc minus the face window
  const cap = sdf.subtract(
    sdf.circle(cx, headY - s * 0.2, s * 1.02),
    sdf.roundRect(cx - s * 0.78, headY - s * 0.32, cx + s * 0.78, headY + s * 1.4, s * 0.6),
  );
  part(cap, hairC, -1.02, -1.22, 1.02, 0.82);
  if (hair === 'bob') {
    part(
      sdf.roundRect(cx - s * 1.08, headY - s * 0.4, cx - s * 0.7, headY + s * 0.95, s * 0.2),
      hairC,
      -1.08,
      -0.4,
      -0.7,
      0.95,
    );
    part(
      sdf.roundRect(cx + s * 0.7, headY - s * 0.4, cx + s * 1.08, headY + s * 0.95, s * 0.2),
      hairC,
      0.7,
      -0.4,
      1.08,
      0.95,
    );
  }
  // cheeks give the faceless head a little warmth
  const blush = mix(skin, hex('#ff8a9a'), 0.5);
  cv.circle(cx - s * 0.45, headY + s * 0.38, s * 0.14, blush, 0.7);
  cv.circle(cx + s * 0.45, headY + s * 0.38, s * 0.14, blush, 0.7);
}
