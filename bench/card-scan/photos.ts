/**
 * Photos of photo cards, made from the catalogue's card images as a phone's camera would see them
 * (docs/card-scan.md, Measured): a 480×640 portrait frame with the card held at an angle over a
 * cluttered table, then the distortions of a real shot. Every choice comes from a seeded PRNG, so
 * the same card and seed give the same photo. Each distortion can be turned on alone, for the
 * accuracy table per distortion, or all together.
 *
 * - perspective: the card tilted up to 25° about a random axis in its plane;
 * - rotation: turned up to 15° in the frame;
 * - scale: its long side 40–90% of the frame's (else 65%);
 * - light: brightness and contrast each ±30%;
 * - blur: Gaussian, σ up to 1.5 pixels;
 * - jpeg: encoded at quality 60;
 * - glare: a bright spot over part of the card;
 * - sleeve: a clear plastic sleeve a little larger than the card, its edge catching the light;
 * - clutter: a table of shapes, lines, print and other rectangles behind it (else a plain table).
 */
import jpeg from 'jpeg-js';
import { prng } from '../lib/seed.ts';
import { homography, project, type Point } from '../../src/lib/card-scan/homography.ts';
import { sampleRgb, type Raster } from '../../src/lib/card-scan/raster.ts';
import type { Quad } from '../../src/lib/card-scan/detect.ts';

export const DISTORTIONS = [
  'perspective',
  'rotation',
  'scale',
  'light',
  'blur',
  'jpeg',
  'glare',
  'sleeve',
  'clutter',
] as const;
export type Distortion = (typeof DISTORTIONS)[number];

export const FRAME_W = 480;
export const FRAME_H = 640;

export interface Photo {
  frame: Raster;
  /** Where the card's corners are in the frame (top left, top right, bottom right, bottom left). */
  corners: Quad;
}

type Rand = () => number;
const between = (r: Rand, lo: number, hi: number) => lo + (hi - lo) * r();

function fill(frame: Raster, rgb: readonly number[]): void {
  for (let p = 0; p < frame.data.length; p += 4) {
    frame.data[p] = rgb[0]!;
    frame.data[p + 1] = rgb[1]!;
    frame.data[p + 2] = rgb[2]!;
    frame.data[p + 3] = 255;
  }
}

const randomColor = (r: Rand) => [r() * 255, r() * 255, r() * 255];

/** Blends `rgb` over the pixel at (x, y) with opacity `a`. */
function blend(frame: Raster, x: number, y: number, rgb: readonly number[], a: number): void {
  const p = (y * frame.width + x) * 4;
  for (let c = 0; c < 3; c++) frame.data[p + c] = frame.data[p + c]! * (1 - a) + rgb[c]! * a;
}

/** Fills a convex polygon (anti-aliased by 4× supersampling along x only: enough for clutter). */
function polygon(frame: Raster, pts: Point[], rgb: readonly number[], alpha = 1): void {
  const ys = pts.map((p) => p.y);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(frame.height - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i]!;
      const b = pts[(i + 1) % pts.length]!;
      if ((a.y <= cy && b.y > cy) || (b.y <= cy && a.y > cy)) {
        const x = a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x);
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
    }
    if (lo > hi) continue;
    const xa = Math.max(0, Math.floor(lo));
    const xb = Math.min(frame.width - 1, Math.floor(hi));
    for (let x = xa; x <= xb; x++) {
      const cover = Math.max(0, Math.min(x + 1, hi) - Math.max(x, lo));
      if (cover > 0) blend(frame, x, y, rgb, alpha * Math.min(1, cover));
    }
  }
}

function rotatedRect(cx: number, cy: number, w: number, h: number, angle: number): Point[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => ({ x: cx + x! * c - y! * s, y: cy + x! * s + y! * c }));
}

function table(frame: Raster, r: Rand, clutter: boolean): void {
  const base = [between(r, 60, 200), between(r, 50, 180), between(r, 40, 160)];
  fill(frame, base);
  // wood-like bands, faint
  for (let y = 0; y < frame.height; y++) {
    const band = Math.sin(y * 0.05 + r() * 0.2) * 6;
    for (let x = 0; x < frame.width; x++) {
      const p = (y * frame.width + x) * 4;
      for (let c = 0; c < 3; c++) frame.data[p + c] = frame.data[p + c]! + band;
    }
  }
  if (!clutter) return;
  const W = frame.width;
  const H = frame.height;
  for (let i = 0; i < 40; i++) {
    const kind = r();
    const color = randomColor(r);
    if (kind < 0.35) {
      // objects and other cards and papers
      const w = between(r, 20, 220);
      const h = between(r, 20, 260);
      polygon(frame, rotatedRect(r() * W, r() * H, w, h, between(r, -0.8, 0.8)), color);
    } else if (kind < 0.55) {
      const rad = between(r, 6, 70);
      const cx = r() * W;
      const cy = r() * H;
      const pts: Point[] = [];
      for (let k = 0; k < 24; k++) {
        const t = (k / 24) * 2 * Math.PI;
        pts.push({ x: cx + Math.cos(t) * rad, y: cy + Math.sin(t) * rad });
      }
      polygon(frame, pts, color);
    } else if (kind < 0.8) {
      // pens, cables, table edges
      const x = r() * W;
      const y = r() * H;
      const len = between(r, 60, 500);
      const t = r() * Math.PI;
      const th = between(r, 1.5, 7);
      polygon(frame, rotatedRect(x, y, len, th, t), color);
    } else {
      // print: rows of short dashes
      const x0 = r() * W;
      const y0 = r() * H;
      const rows = 2 + Math.floor(r() * 6);
      const ink = r() < 0.5 ? [20, 20, 20] : color;
      for (let row = 0; row < rows; row++) {
        let x = x0;
        for (let word = 0; word < 6; word++) {
          const w = between(r, 6, 26);
          polygon(frame, rotatedRect(x + w / 2, y0 + row * 11, w, 5, 0), ink);
          x += w + 5;
        }
      }
    }
  }
}

/** Where the card's corners land: a card of aspect 2:3 seen by a pinhole camera. */
function placeCard(r: Rand, on: Set<Distortion>): Quad {
  const f = FRAME_H; // a 53° field of view on the long side
  const scale = on.has('scale') ? between(r, 0.4, 0.9) : 0.65;
  const h = 1;
  const w = 2 / 3;
  const roll = on.has('rotation') ? between(r, -15, 15) * (Math.PI / 180) : 0;
  const tilt = on.has('perspective') ? between(r, 0, 25) * (Math.PI / 180) : 0;
  const axis = r() * 2 * Math.PI;
  // rotate by `tilt` about the in-plane axis (cos axis, sin axis, 0) (Rodrigues), then roll
  const ax = Math.cos(axis);
  const ay = Math.sin(axis);
  const ct = Math.cos(tilt);
  const st = Math.sin(tilt);
  const rot = (x: number, y: number): [number, number, number] => {
    const dot = ax * x + ay * y;
    // v cosθ + (k × v) sinθ + k (k·v)(1 − cosθ), with v = (x, y, 0), k = (ax, ay, 0)
    const rx = x * ct + ax * dot * (1 - ct);
    const ry = y * ct + ay * dot * (1 - ct);
    const rz = (ax * y - ay * x) * st;
    const cr = Math.cos(roll);
    const sr = Math.sin(roll);
    return [rx * cr - ry * sr, rx * sr + ry * cr, rz];
  };
  const depth = (f * h) / (scale * FRAME_H);
  const corners = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => {
    const [X, Y, Z] = rot(x!, y!);
    return { x: (f * X) / (depth + Z), y: (f * Y) / (depth + Z) };
  });
  // centred, then moved within what is left of the frame
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const spareX = Math.max(0, FRAME_W - (Math.max(...xs) - Math.min(...xs)) - 16);
  const spareY = Math.max(0, FRAME_H - (Math.max(...ys) - Math.min(...ys)) - 16);
  const cx = FRAME_W / 2 - (Math.max(...xs) + Math.min(...xs)) / 2 + (r() - 0.5) * spareX;
  const cy = FRAME_H / 2 - (Math.max(...ys) + Math.min(...ys)) / 2 + (r() - 0.5) * spareY;
  return corners.map((p) => ({ x: p.x + cx, y: p.y + cy })) as Quad;
}

function inside(q: Point[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < q.length; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % q.length]!;
    const z = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    const s = Math.sign(z);
    if (s === 0) continue;
    if (sign && s !== sign) return false;
    sign = s;
  }
  return true;
}

/** Draws the card image into the frame inside `quad` (supersampled 2×2 at the outline). */
function drawCard(frame: Raster, card: Raster, quad: Quad): void {
  const unit: Point[] = [
    { x: 0, y: 0 },
    { x: card.width, y: 0 },
    { x: card.width, y: card.height },
    { x: 0, y: card.height },
  ];
  const back = homography(quad, unit);
  if (!back) throw new Error('degenerate card');
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(frame.width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(frame.height - 1, Math.ceil(Math.max(...ys)));
  const rgb = new Float32Array(3);
  const acc = [0, 0, 0];
  const p = { x: 0, y: 0 };
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      let n = 0;
      acc[0] = acc[1] = acc[2] = 0;
      for (let sy = 0; sy < 2; sy++) {
        for (let sx = 0; sx < 2; sx++) {
          const fx = x + 0.25 + sx * 0.5;
          const fy = y + 0.25 + sy * 0.5;
          if (!inside(quad, fx, fy)) continue;
          project(back, fx, fy, p);
          sampleRgb(card, p.x, p.y, rgb);
          acc[0] += rgb[0]!;
          acc[1] += rgb[1]!;
          acc[2] += rgb[2]!;
          n++;
        }
      }
      if (n) blend(frame, x, y, [acc[0]! / n, acc[1]! / n, acc[2]! / n], n / 4);
    }
  }
}

function sleeve(frame: Raster, quad: Quad, r: Rand): void {
  // a sleeve 3–7% larger than the card, shifted a little, clear with a bright edge
  const grow = between(r, 1.03, 1.07);
  const cx = quad.reduce((s, p) => s + p.x, 0) / 4 + between(r, -4, 4);
  const cy = quad.reduce((s, p) => s + p.y, 0) / 4 + between(r, -4, 10);
  const outer = quad.map((p) => ({ x: cx + (p.x - cx) * grow, y: cy + (p.y - cy) * grow }));
  polygon(frame, outer, [255, 255, 255], 0.07);
  const edge = between(r, 0.35, 0.7);
  for (let i = 0; i < 4; i++) {
    const a = outer[i]!;
    const b = outer[(i + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const ang = Math.atan2(b.y - a.y, b.x - a.x);
    polygon(
      frame,
      rotatedRect((a.x + b.x) / 2, (a.y + b.y) / 2, len, between(r, 1, 2.2), ang),
      [255, 255, 255],
      edge,
    );
  }
}

function glare(frame: Raster, quad: Quad, r: Rand): void {
  const u = between(r, 0.15, 0.85);
  const v = between(r, 0.15, 0.85);
  const top = {
    x: quad[0].x + (quad[1].x - quad[0].x) * u,
    y: quad[0].y + (quad[1].y - quad[0].y) * u,
  };
  const bottom = {
    x: quad[3].x + (quad[2].x - quad[3].x) * u,
    y: quad[3].y + (quad[2].y - quad[3].y) * u,
  };
  const cx = top.x + (bottom.x - top.x) * v;
  const cy = top.y + (bottom.y - top.y) * v;
  const size = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
  const rx = size * between(r, 0.05, 0.14);
  const ry = rx * between(r, 0.5, 1.2);
  const peak = between(r, 140, 230);
  for (let y = Math.max(0, Math.floor(cy - 3 * ry)); y < Math.min(frame.height, cy + 3 * ry); y++) {
    for (
      let x = Math.max(0, Math.floor(cx - 3 * rx));
      x < Math.min(frame.width, cx + 3 * rx);
      x++
    ) {
      if (!inside(quad, x + 0.5, y + 0.5)) continue;
      const g = Math.exp(-(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2) / 2) * peak;
      const p = (y * frame.width + x) * 4;
      for (let c = 0; c < 3; c++) frame.data[p + c] = frame.data[p + c]! + g;
    }
  }
}

function light(frame: Raster, r: Rand): void {
  const contrast = between(r, 0.7, 1.3);
  const brightness = between(r, 0.7, 1.3);
  for (let p = 0; p < frame.data.length; p += 4) {
    for (let c = 0; c < 3; c++) {
      const v = frame.data[p + c]! / 255;
      frame.data[p + c] = ((v - 0.5) * contrast + 0.5) * brightness * 255;
    }
  }
}

function gaussianBlur(frame: Raster, sigma: number): void {
  if (sigma < 0.3) return;
  const radius = Math.ceil(sigma * 3);
  const kernel: number[] = [];
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const k = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel.push(k);
    sum += k;
  }
  const k = kernel.map((v) => v / sum);
  const { width: w, height: h, data } = frame;
  const tmp = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let i = -radius; i <= radius; i++) {
          const xx = Math.min(w - 1, Math.max(0, x + i));
          s += data[(y * w + xx) * 4 + c]! * k[i + radius]!;
        }
        tmp[(y * w + x) * 3 + c] = s;
      }
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let i = -radius; i <= radius; i++) {
          const yy = Math.min(h - 1, Math.max(0, y + i));
          s += tmp[(yy * w + x) * 3 + c]! * k[i + radius]!;
        }
        data[(y * w + x) * 4 + c] = s;
      }
    }
  }
}

/** The photo of `card` with the distortions `on`, from `seed`. */
export function photograph(card: Raster, on: Iterable<Distortion>, seed: number): Photo {
  const set = new Set(on);
  const r: Rand = prng(seed);
  const frame: Raster = {
    width: FRAME_W,
    height: FRAME_H,
    data: new Uint8ClampedArray(FRAME_W * FRAME_H * 4),
  };
  table(frame, r, set.has('clutter'));
  const corners = placeCard(r, set);
  drawCard(frame, card, corners);
  if (set.has('sleeve')) sleeve(frame, corners, r);
  if (set.has('glare')) glare(frame, corners, r);
  if (set.has('light')) light(frame, r);
  if (set.has('blur')) gaussianBlur(frame, between(r, 0.5, 1.5));
  if (set.has('jpeg')) {
    const encoded = jpeg.encode({ width: FRAME_W, height: FRAME_H, data: frame.data }, 60);
    const decoded = jpeg.decode(encoded.data, { useTArray: true });
    frame.data = new Uint8ClampedArray(decoded.data);
  }
  return { frame, corners };
}
