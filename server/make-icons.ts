/**
 * Draws the app icons (public/icons/*.png) from shapes, so they need no design tool and no
 * download. Run with `npx tsx server/make-icons.ts` after changing the look; the PNGs are committed.
 * The mark: a tilted white photo card with a heart on the brand gradient. The manifest's shortcuts
 * get the same gradient tile with the matching line icon.
 */
import { PNG } from 'pngjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './pocketbase.ts';

type RGB = [number, number, number];
const TOP: RGB = [236, 72, 153]; // pink-500
const BOTTOM: RGB = [124, 58, 237]; // violet-600
const HEART: RGB = [225, 29, 72];

// Signed distance to a rounded rectangle centred at the origin.
function sdRoundRect(x: number, y: number, hw: number, hh: number, r: number): number {
  const qx = Math.abs(x) - hw + r;
  const qy = Math.abs(y) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

// Heart as the union of two circles and a rotated square, in unit space.
function sdHeart(x: number, y: number): number {
  const c1 = Math.hypot(x + 0.25, y + 0.12) - 0.3;
  const c2 = Math.hypot(x - 0.25, y + 0.12) - 0.3;
  const rx = (x + y) / Math.SQRT2;
  const ry = (y - x) / Math.SQRT2;
  const sq = sdRoundRect(rx - 0.06, ry - 0.06, 0.3, 0.3, 0.02);
  return Math.min(c1, c2, sq);
}

const mix = (a: RGB, b: RGB, t: number): RGB => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const cover = (d: number, px: number) => Math.min(1, Math.max(0, 0.5 - d / px));

function draw(size: number, opts: { maskable: boolean; rounded: boolean }): Buffer {
  const png = new PNG({ width: size, height: size });
  // Maskable icons keep the mark inside the 80% safe zone.
  const scale = opts.maskable ? 0.72 : 0.9;
  const px = 2 / size;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const u = ((i + 0.5) / size) * 2 - 1;
      const v = ((j + 0.5) / size) * 2 - 1;
      let col = mix(TOP, BOTTOM, (u + v + 2) / 4);
      let alpha = 1;
      if (opts.rounded) alpha = cover(sdRoundRect(u, v, 1, 1, 0.45), px);
      // card, tilted by -8 degrees
      const a = (-8 * Math.PI) / 180;
      const cu = (u * Math.cos(a) - v * Math.sin(a)) / scale;
      const cv = (u * Math.sin(a) + v * Math.cos(a)) / scale;
      const shadow = cover(sdRoundRect(cu - 0.04, cv - 0.05, 0.5, 0.68, 0.1), 0.12);
      col = mix(col, [60, 20, 90], shadow * 0.25);
      const card = cover(sdRoundRect(cu, cv, 0.5, 0.68, 0.1), px / scale);
      col = mix(col, [255, 255, 255], card);
      const heart = cover(sdHeart(cu / 0.55, (cv + 0.02) / 0.55) * 0.55, px / scale);
      col = mix(col, HEART, heart);
      const k = (j * size + i) * 4;
      png.data[k] = Math.round(col[0]);
      png.data[k + 1] = Math.round(col[1]);
      png.data[k + 2] = Math.round(col[2]);
      png.data[k + 3] = Math.round(alpha * 255);
    }
  }
  return PNG.sync.write(png);
}

// ---------------------------------------------------------------- shortcut icons
// The manifest's shortcuts (교환, 밋업, 콜렉트북) get the brand tile with the app's own line icon
// (src/components/ui/icons.tsx, 24-unit space) drawn in white as round-capped strokes.
type Pt = [number, number];

function arc(cx: number, cy: number, r: number, from: number, to: number, steps = 16): Pt[] {
  return Array.from({ length: steps + 1 }, (_, k) => {
    const a = ((from + ((to - from) * k) / steps) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as Pt;
  });
}

function quad(p0: Pt, c: Pt, p1: Pt, steps = 16): Pt[] {
  return Array.from({ length: steps + 1 }, (_, k) => {
    const t = k / steps;
    const m = (a: number, b: number, d: number) =>
      (1 - t) * (1 - t) * a + 2 * (1 - t) * t * b + t * t * d;
    return [m(p0[0], c[0], p1[0]), m(p0[1], c[1], p1[1])] as Pt;
  });
}

function roundRect(x: number, y: number, w: number, h: number, r: number): Pt[] {
  return [
    ...arc(x + w - r, y + r, r, -90, 0, 6),
    ...arc(x + w - r, y + h - r, r, 0, 90, 6),
    ...arc(x + r, y + h - r, r, 90, 180, 6),
    ...arc(x + r, y + r, r, 180, 270, 6),
    [x + w - r, y],
  ];
}

const GLYPHS: Record<string, Pt[][]> = {
  exchange: [
    roundRect(3, 5, 8, 11, 1.5),
    roundRect(13, 8, 8, 11, 1.5),
    [
      [7, 19.5],
      [11, 19.5],
    ],
    [
      [9.5, 18],
      [11, 19.5],
      [9.5, 21],
    ],
    [
      [17, 4.5],
      [13, 4.5],
    ],
    [
      [14.5, 3],
      [13, 4.5],
      [14.5, 6],
    ],
  ],
  meetup: [
    [
      ...quad([12, 21], [5, 15], [5, 9.5]),
      ...arc(12, 9.5, 7, 180, 360, 24),
      ...quad([19, 9.5], [19, 15], [12, 21]),
    ],
    arc(12, 9.5, 2.5, 0, 360, 20),
  ],
  'collect-book': [
    [
      [4, 21],
      [4, 5],
      ...arc(6, 5, 2, 180, 270, 6),
      [19, 3],
      [19, 19],
      [6, 19],
      ...arc(6, 21, 2, 270, 180, 6),
    ],
    [
      [6, 21],
      [19, 21],
      [19, 19],
    ],
    [
      [9, 8],
      [15, 8],
    ],
    [
      [9, 11.5],
      [13, 11.5],
    ],
  ],
};

function sdSegment(x: number, y: number, a: Pt, b: Pt): number {
  const bax = b[0] - a[0];
  const bay = b[1] - a[1];
  const t = Math.max(
    0,
    Math.min(1, ((x - a[0]) * bax + (y - a[1]) * bay) / (bax * bax + bay * bay || 1)),
  );
  return Math.hypot(x - a[0] - bax * t, y - a[1] - bay * t);
}

function drawShortcut(size: number, glyph: Pt[][]): Buffer {
  const png = new PNG({ width: size, height: size });
  const px = 2 / size;
  const unit = 0.62 / 12; // the 24-unit icon spans 62% of the tile
  const half = 1.1; // stroke half-width in icon units (a little bolder than the 1.8 line icons)
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const u = ((i + 0.5) / size) * 2 - 1;
      const v = ((j + 0.5) / size) * 2 - 1;
      let col = mix(TOP, BOTTOM, (u + v + 2) / 4);
      const alpha = cover(sdRoundRect(u, v, 1, 1, 0.45), px);
      const gx = u / unit + 12;
      const gy = v / unit + 12;
      let d = Infinity;
      for (const line of glyph)
        for (let k = 1; k < line.length; k++)
          d = Math.min(d, sdSegment(gx, gy, line[k - 1]!, line[k]!));
      col = mix(col, [255, 255, 255], cover((d - half) * unit, px));
      const k = (j * size + i) * 4;
      png.data[k] = Math.round(col[0]);
      png.data[k + 1] = Math.round(col[1]);
      png.data[k + 2] = Math.round(col[2]);
      png.data[k + 3] = Math.round(alpha * 255);
    }
  }
  return PNG.sync.write(png);
}

const out = join(ROOT, 'public', 'icons');
mkdirSync(out, { recursive: true });
const files: Array<[string, number, { maskable: boolean; rounded: boolean }]> = [
  ['icon-192.png', 192, { maskable: false, rounded: true }],
  ['icon-512.png', 512, { maskable: false, rounded: true }],
  ['maskable-512.png', 512, { maskable: true, rounded: false }],
  ['maskable-192.png', 192, { maskable: true, rounded: false }],
  ['apple-touch-icon.png', 180, { maskable: true, rounded: false }],
  ['badge-96.png', 96, { maskable: false, rounded: true }],
];
for (const [name, size, opts] of files) {
  writeFileSync(join(out, name), draw(size, opts));
  console.log(`wrote public/icons/${name}`);
}
for (const [name, glyph] of Object.entries(GLYPHS)) {
  writeFileSync(join(out, `shortcut-${name}.png`), drawShortcut(96, glyph));
  console.log(`wrote public/icons/shortcut-${name}.png`);
}
