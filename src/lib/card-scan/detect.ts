/**
 * Finding the card in a camera frame (docs/card-scan.md, Finding the card): its four corners, for
 * straightening it. A card held in view is a four-sided outline, two sides near level and two near
 * upright (the fan holds it roughly straight: tilted up to about 25°, turned up to about 15°), a
 * third of the frame or more, about two units wide for three high.
 *
 * 1. The frame at about 320 pixels on its long side, lightly blurred, in light and in two
 *    opponent colours (red-green, yellow-blue); the strength and direction of its edges (Sobel),
 *    each pixel's strongest of the three, so a pale card on a pale table of another hue stands out.
 * 2. Straight lines by an oriented Hough transform: each edge pixel votes for the lines through it
 *    whose direction its edge agrees with (its vote capped, so a long faint side outvotes a short
 *    sharp stroke), near-level and near-upright lines apart; the strongest 16 of each are kept.
 * 3. Every pair of near-level lines with every pair of near-upright ones makes a four-sided shape;
 *    a shape too small, not about 2:3, not convex or off the frame is dropped, and the rest are
 *    scored by how much of each of their four sides runs along a real edge of the same direction,
 *    the larger and the nearer 2:3 first. The best few go on if their weakest side is still mostly
 *    there.
 */
import { blur3, type Plane, type Raster } from './raster.ts';
import type { Point } from './homography.ts';

/** The corners of the card in the frame's pixels: top left, top right, bottom right, bottom left. */
export type Quad = [Point, Point, Point, Point];

export interface Detection {
  corners: Quad;
  /** 0–1: how much of the outline's sides lie on edges (the weakest side counts twice). */
  score: number;
}

const WORK_SIZE = 320;
/**
 * Colour edges count this much beside light edges (the opponent planes in 0-255 units): a pale
 * card on a pale table of another hue has a weak edge in light alone (0.5: the benchmark's
 * undistorted photos were all found, and with every distortion on 7 points more had their corners
 * within 3%).
 */
const COLOUR_EDGES = 0.5;
/** How far from level (or upright) a side may lean, in degrees. */
const MAX_LEAN = 40;
/** A pixel votes for lines within this many degrees of its edge's direction. */
const VOTE_SPREAD = 6;
/**
 * An edge pixel's vote is its strength up to this many times the edge threshold: a card's side is
 * long but may be faint against the table, and a row of print or a pen is short but sharp (2: with
 * every distortion on, 4 points more of the benchmark's photos had their card among the outlines
 * than at 4).
 */
const VOTE_CAP = 2;
/** Two lines nearer than this in angle (degrees) and distance (work pixels) are the same line. */
const SAME_ANGLE = 4;
const SAME_RHO = 5;
const LINES_PER_FAMILY = 16;
/**
 * A card is 2 units wide for 3 high: seen tilted up to about 25°, its width over its height stays
 * within 0.6-0.74 and its opposite sides within 0.7 of each other; these bounds leave some room.
 */
const MIN_ASPECT = 0.55;
const MAX_ASPECT = 0.8;
const MIN_SIDE_RATIO = 0.68;
/**
 * In the ranking, an outline's height over the frame's counts this much for it, and how far its
 * width over height is from 2:3 (as a log) this much against it.
 */
const SIZE_WEIGHT = 0.15;
const ASPECT_WEIGHT = 0.5;
const SIDE_SAMPLES = 36;
/** Below this weakest-side support nothing is found. */
const MIN_SIDE = 0.35;

interface Edges {
  width: number;
  height: number;
  mag: Float32Array;
  /** Edge normal direction, radians in [-π/2, π/2). */
  dir: Float32Array;
  threshold: number;
}

function edges(planes: Plane[]): Edges {
  const { width: w, height: h } = planes[0]!;
  const mag = new Float32Array(w * h);
  const dir = new Float32Array(w * h);
  // each pixel's strongest plane's Sobel gradient, kept for its direction
  const gxs = new Float32Array(w * h);
  const gys = new Float32Array(w * h);
  let sum = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      let best = -1;
      let bx = 0;
      let by = 0;
      for (const p of planes) {
        const data = p.data;
        const a = data[i - w - 1]!;
        const b = data[i - w]!;
        const c = data[i - w + 1]!;
        const d = data[i - 1]!;
        const f = data[i + 1]!;
        const g = data[i + w - 1]!;
        const hh = data[i + w]!;
        const k = data[i + w + 1]!;
        const gx = c + 2 * f + k - a - 2 * d - g;
        const gy = g + 2 * hh + k - a - 2 * b - c;
        const m = gx * gx + gy * gy;
        if (m > best) {
          best = m;
          bx = gx;
          by = gy;
        }
      }
      const m = Math.sqrt(best);
      mag[i] = m;
      gxs[i] = bx;
      gys[i] = by;
      sum += m;
    }
  }
  const mean = sum / ((w - 2) * (h - 2));
  const threshold = Math.max(24, mean * 1.5);
  // directions only where an edge is strong enough to be read
  for (let i = 0; i < w * h; i++) {
    if (mag[i]! < threshold) continue;
    let t = Math.atan2(gys[i]!, gxs[i]!);
    if (t >= Math.PI / 2) t -= Math.PI;
    else if (t < -Math.PI / 2) t += Math.PI;
    dir[i] = t;
  }
  return { width: w, height: h, mag, dir, threshold };
}

/**
 * The frame shrunk by `factor` (whole boxes of pixels averaged) and lightly blurred: its luma,
 * and two opponent colour planes, red-green and yellow-blue, at `weight` beside it.
 */
function workPlanes(frame: Raster, factor: number, weight: number): Plane[] {
  const w = Math.floor(frame.width / factor);
  const h = Math.floor(frame.height / factor);
  const luma = new Float32Array(w * h);
  const rg = new Float32Array(w * h);
  const yb = new Float32Array(w * h);
  const inv = 1 / (factor * factor);
  const d = frame.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < factor; dy++) {
        let p = ((y * factor + dy) * frame.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, p += 4) {
          r += d[p]!;
          g += d[p + 1]!;
          b += d[p + 2]!;
        }
      }
      luma[y * w + x] = (0.299 * r + 0.587 * g + 0.114 * b) * inv;
      rg[y * w + x] = (r - g) * inv * weight;
      yb[y * w + x] = (0.5 * (r + g) - b) * inv * weight;
    }
  }
  const plane = (data: Float32Array) => blur3({ width: w, height: h, data });
  return [plane(luma), plane(rg), plane(yb)];
}

interface Line {
  /** Normal angle, degrees in [-90, 90). */
  angle: number;
  rho: number;
  votes: number;
}

/** Whether a cell near `r` in a neighbouring angle's row (`base`, -1 for none) has more votes than `v`. */
function outvoted(acc: Float32Array, base: number, r: number, rhos: number, v: number): boolean {
  return (
    base >= 0 &&
    (acc[base + r]! > v ||
      (r > 0 && acc[base + r - 1]! > v) ||
      (r < rhos - 1 && acc[base + r + 1]! > v))
  );
}

function houghLines(e: Edges): { level: Line[]; upright: Line[] } {
  const { width: w, height: h, mag, dir, threshold } = e;
  const maxRho = Math.ceil(Math.hypot(w, h));
  const rhos = 2 * maxRho + 1;
  const acc = new Float32Array(180 * rhos);
  const cos = new Float32Array(180);
  const sin = new Float32Array(180);
  for (let a = 0; a < 180; a++) {
    const t = ((a - 90) * Math.PI) / 180;
    cos[a] = Math.cos(t);
    sin[a] = Math.sin(t);
  }
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const m = mag[i]!;
      if (m < threshold) continue;
      const deg = Math.round((dir[i]! * 180) / Math.PI);
      const vote = Math.min(m, threshold * VOTE_CAP);
      for (let s = -VOTE_SPREAD; s <= VOTE_SPREAD; s++) {
        let d = deg + s;
        if (d >= 90) d -= 180;
        if (d < -90) d += 180;
        // only near-upright (|d| ≤ MAX_LEAN) and near-level (|d| ≥ 90 - MAX_LEAN) normals
        if (Math.abs(d) > MAX_LEAN && Math.abs(d) < 90 - MAX_LEAN) continue;
        const a = d + 90;
        const rho = Math.round(x * cos[a]! + y * sin[a]!) + maxRho;
        acc[a * rhos + rho]! += vote;
      }
    }
  }
  const peaks = (lo: number, hi: number, wrap: boolean): Line[] => {
    const angles: number[] = [];
    for (let d = lo; d <= hi; d++) angles.push(d);
    if (wrap) for (let d = -90; d <= -90 + MAX_LEAN; d++) angles.push(d);
    let top = 0;
    for (const d of angles) {
      const row = (d + 90) * rhos;
      for (let r = 0; r < rhos; r++) top = Math.max(top, acc[row + r]!);
    }
    // The cells strongest first, as far down as it takes to find the lines: the cells above a
    // floor come first in that order whatever lies below it, so only they are sorted (lowering
    // the floor until enough lines are found, down to every cell with a vote).
    for (let floor = top * 0.1; ; floor /= 4) {
      const all = floor < 1e-3;
      const cells: number[] = [];
      for (const d of angles) {
        const a = d + 90;
        const row = a * rhos;
        const up = a > 0 ? row - rhos : -1;
        const down = a < 179 ? row + rhos : -1;
        for (let r = 0; r < rhos; r++) {
          const v = acc[row + r]!;
          if (!(v > 0 && (all || v >= floor))) continue;
          // only the cells no neighbour outvotes: a line's other cells would be dropped as
          // near it anyway, and the fewer cells the cheaper the sort
          if (r > 0 && acc[row + r - 1]! > v) continue;
          if (r < rhos - 1 && acc[row + r + 1]! > v) continue;
          if (outvoted(acc, up, r, rhos, v) || outvoted(acc, down, r, rhos, v)) continue;
          cells.push(row + r);
        }
      }
      // stable: equal votes keep the order they were listed in
      cells.sort((p, q) => acc[q]! - acc[p]!);
      const found: Line[] = [];
      for (const cell of cells) {
        if (found.length >= LINES_PER_FAMILY) break;
        const a = Math.floor(cell / rhos) - 90;
        const rho = (cell % rhos) - maxRho;
        const near = found.some((l) => {
          let da = Math.abs(l.angle - a);
          if (da > 90) da = 180 - da;
          // the same line seen with the opposite normal has the opposite rho
          const sameSide = Math.abs(l.angle - a) <= 90;
          const dr = sameSide ? Math.abs(l.rho - rho) : Math.abs(l.rho + rho);
          return da <= SAME_ANGLE && dr <= SAME_RHO;
        });
        if (!near) found.push({ angle: a, rho, votes: acc[cell]! });
      }
      if (found.length >= LINES_PER_FAMILY || all) return found;
    }
  };
  return {
    upright: peaks(-MAX_LEAN, MAX_LEAN, false),
    level: peaks(90 - MAX_LEAN, 89, true),
  };
}

function intersect(a: Line, b: Line): Point | null {
  const ta = (a.angle * Math.PI) / 180;
  const tb = (b.angle * Math.PI) / 180;
  const c1 = Math.cos(ta);
  const s1 = Math.sin(ta);
  const c2 = Math.cos(tb);
  const s2 = Math.sin(tb);
  const det = c1 * s2 - s1 * c2;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.rho * s2 - b.rho * s1) / det, y: (c1 * b.rho - c2 * a.rho) / det };
}

/** Where a near-level line crosses the frame's middle column, for ordering top and bottom. */
function levelAt(l: Line, x: number): number {
  const t = (l.angle * Math.PI) / 180;
  return (l.rho - x * Math.cos(t)) / Math.sin(t);
}

function uprightAt(l: Line, y: number): number {
  const t = (l.angle * Math.PI) / 180;
  return (l.rho - y * Math.sin(t)) / Math.cos(t);
}

/** How much of the side from `p` to `q` lies on edges running its way, 0–1. */
function sideSupport(e: Edges, p: Point, q: Point): number {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const len = Math.hypot(dx, dy);
  if (len < 1) return 0;
  // the side's normal direction, as edges measure it
  let normal = Math.atan2(dx, -dy);
  if (normal >= Math.PI / 2) normal -= Math.PI;
  else if (normal < -Math.PI / 2) normal += Math.PI;
  const nx = -dy / len;
  const ny = dx / len;
  let hits = 0;
  for (let s = 0; s < SIDE_SAMPLES; s++) {
    const t = 0.06 + (0.88 * (s + 0.5)) / SIDE_SAMPLES;
    let ok = false;
    for (let o = -1.5; o <= 1.5 && !ok; o += 1) {
      const x = Math.round(p.x + dx * t + nx * o);
      const y = Math.round(p.y + dy * t + ny * o);
      if (x < 1 || y < 1 || x >= e.width - 1 || y >= e.height - 1) continue;
      const i = y * e.width + x;
      if (e.mag[i]! < e.threshold) continue;
      let dd = Math.abs(e.dir[i]! - normal);
      if (dd > Math.PI / 2) dd = Math.PI - dd;
      if (dd < (20 * Math.PI) / 180) ok = true;
    }
    if (ok) hits++;
  }
  return hits / SIDE_SAMPLES;
}

const dist = (a: Point, b: Point) => Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2);

function convex(q: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const c = q[(i + 2) % 4]!;
    const z = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (z === 0) return false;
    const s = Math.sign(z);
    if (sign && s !== sign) return false;
    sign = s;
  }
  return true;
}

/**
 * The outlines in `frame` most likely to be the card, best first (at most `max`, none closer to
 * each other than a few pixels at any corner), or none when no outline is clear enough.
 */
export function detectCards(frame: Raster, max = 6): Detection[] {
  const factor = Math.max(1, Math.floor(Math.max(frame.width, frame.height) / WORK_SIZE));
  const planes = workPlanes(frame, factor, COLOUR_EDGES);
  const work = planes[0]!;
  const e = edges(planes);
  const { level, upright } = houghLines(e);
  const W = work.width;
  const H = work.height;
  const margin = 0.04 * Math.max(W, H);
  const minHeight = 0.3 * Math.max(W, H);
  const found: { quad: Quad; score: number; raw: number }[] = [];
  // every level line meets every upright one once; a side's support depends only on its line and
  // the two lines that end it, so each is measured once however many outlines share it
  const nu = upright.length;
  const nl = level.length;
  const meets = level.map((a) => upright.map((b) => intersect(a, b)));
  const levelMid = level.map((l) => levelAt(l, W / 2));
  const uprightMid = upright.map((l) => uprightAt(l, H / 2));
  // [line][from][to] for level sides (from, to: upright lines), then the same for upright sides
  const supports = new Float64Array(nl * nu * nu + nu * nl * nl).fill(-1);
  const support = (key: number, p: Point, q: Point): number => {
    let v = supports[key]!;
    if (v < 0) supports[key] = v = sideSupport(e, p, q);
    return v;
  };
  const levelKey = (line: number, from: number, to: number) => (line * nu + from) * nu + to;
  const uprightKey = (line: number, from: number, to: number) =>
    nl * nu * nu + (line * nl + from) * nl + to;
  const off = (p: Point) => p.x < -margin || p.y < -margin || p.x > W + margin || p.y > H + margin;
  for (let i = 0; i < nl; i++) {
    for (let j = i + 1; j < nl; j++) {
      const up = levelMid[i]! > levelMid[j]!;
      const t = up ? j : i;
      const b = up ? i : j;
      for (let k = 0; k < nu; k++) {
        for (let l = k + 1; l < nu; l++) {
          const swap = uprightMid[k]! > uprightMid[l]!;
          const lf = swap ? l : k;
          const rt = swap ? k : l;
          const tl = meets[t]![lf];
          const tr = meets[t]![rt];
          const br = meets[b]![rt];
          const bl = meets[b]![lf];
          if (!tl || !tr || !br || !bl) continue;
          if (off(tl) || off(tr) || off(br) || off(bl)) continue;
          const hl = dist(tl, bl);
          const hr = dist(tr, br);
          const wt = dist(tl, tr);
          const wb = dist(bl, br);
          const hAvg = (hl + hr) / 2;
          const wAvg = (wt + wb) / 2;
          if (hAvg < minHeight) continue;
          const aspect = wAvg / hAvg;
          if (aspect < MIN_ASPECT || aspect > MAX_ASPECT) continue;
          if (Math.min(hl, hr) / Math.max(hl, hr) < MIN_SIDE_RATIO) continue;
          if (Math.min(wt, wb) / Math.max(wt, wb) < MIN_SIDE_RATIO) continue;
          const quad: Quad = [tl, tr, br, bl];
          if (!convex(quad)) continue;
          // side by side, giving up at the first that is mostly missing
          const top = support(levelKey(t, lf, rt), tl, tr);
          if (top < MIN_SIDE) continue;
          const right = support(uprightKey(rt, t, b), tr, br);
          if (right < MIN_SIDE) continue;
          const bottom = support(levelKey(b, rt, lf), br, bl);
          if (bottom < MIN_SIDE) continue;
          const left = support(uprightKey(lf, b, t), bl, tl);
          if (left < MIN_SIDE) continue;
          const weakest = Math.min(top, right, bottom, left);
          const score = (top + right + bottom + left + 2 * weakest) / 6;
          // of two outlines about as well supported, the larger (a polaroid's window or a name
          // plate inside the card is an outline too) and the nearer 2:3
          const raw =
            score +
            SIZE_WEIGHT * (hAvg / Math.max(W, H)) -
            ASPECT_WEIGHT * Math.abs(Math.log(aspect * 1.5));
          found.push({ quad, score, raw });
        }
      }
    }
  }
  found.sort((a, b) => b.raw - a.raw);
  const kept: typeof found = [];
  const apart = 0.02 * Math.max(W, H);
  for (const f of found) {
    if (kept.length >= max) break;
    const same = kept.some((k) => k.quad.every((p, i) => dist(p, f.quad[i]!) < apart));
    if (!same) kept.push(f);
  }
  // a work pixel's centre, x + 0.5, is the middle of `factor` frame pixels
  return kept.map((f) => ({
    corners: f.quad.map((p) => ({
      x: (p.x + 0.5) * factor,
      y: (p.y + 0.5) * factor,
    })) as Quad,
    score: f.score,
  }));
}

/** The outline in `frame` most likely to be the card, or null when none is clear enough. */
export function detectCard(frame: Raster): Detection | null {
  return detectCards(frame, 1)[0] ?? null;
}
