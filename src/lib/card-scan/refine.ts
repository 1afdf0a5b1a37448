/**
 * An outline found at a quarter of the frame's pixels, made exact on the frame itself
 * (docs/card-scan.md, Finding the card): each side is moved onto the strongest edge within a few
 * pixels of it, found along the side's normal at 40 places to a fraction of a pixel, and fitted
 * with a straight line (twice, dropping the places that miss it, such as a finger or a glare spot
 * on the edge); the corners are where the fitted sides meet.
 */
import type { Quad } from './detect.ts';
import type { Point } from './homography.ts';
import { samplePlane as at, type Plane } from './raster.ts';

const PLACES = 40;
/** Half the span of an edge's difference, in quarter pixels (0.75 pixel). */
const BASE = 3;

interface FitLine {
  /** A point on the line and its unit direction. */
  px: number;
  py: number;
  dx: number;
  dy: number;
}

/** Total least squares: the line through the points' mean along their main direction. */
function fit(points: Point[]): FitLine | null {
  if (points.length < 6) return null;
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= points.length;
  my /= points.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    const x = p.x - mx;
    const y = p.y - my;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { px: mx, py: my, dx: Math.cos(angle), dy: Math.sin(angle) };
}

const offLine = (l: FitLine, p: Point) => Math.abs((p.x - l.px) * l.dy - (p.y - l.py) * l.dx);

function refineSide(gray: Plane, p: Point, q: Point, reach: number): FitLine | null {
  const len = Math.hypot(q.x - p.x, q.y - p.y);
  if (len < 4) return null;
  const ux = (q.x - p.x) / len;
  const uy = (q.y - p.y) / len;
  const nx = -uy;
  const ny = ux;
  const points: Point[] = [];
  const steps = Math.ceil(reach * 4);
  const diffs = new Float32Array(2 * steps + 1);
  // the light every quarter pixel along the normal, 0.75 pixel past the ends either way: each
  // difference is of two of these, 1.5 pixels apart
  const profile = new Float32Array(2 * steps + 1 + 2 * BASE);
  for (let s = 0; s < PLACES; s++) {
    const t = 0.08 + (0.84 * (s + 0.5)) / PLACES;
    const bx = p.x + (q.x - p.x) * t;
    const by = p.y + (q.y - p.y) * t;
    for (let k = 0; k < profile.length; k++) {
      const o = (k - steps - BASE) / 4;
      profile[k] = at(gray, bx + nx * o, by + ny * o);
    }
    let bestAt = -1;
    let bestAbs = 0;
    for (let k = -steps; k <= steps; k++) {
      const d = profile[k + steps + 2 * BASE]! - profile[k + steps]!;
      diffs[k + steps] = d;
      if (Math.abs(d) > bestAbs) {
        bestAbs = Math.abs(d);
        bestAt = k + steps;
      }
    }
    if (bestAt < 0 || bestAbs < 12) continue;
    // a fraction of a step: the parabola through the peak and its neighbours
    let frac = 0;
    if (bestAt > 0 && bestAt < diffs.length - 1) {
      const l = Math.abs(diffs[bestAt - 1]!);
      const c = Math.abs(diffs[bestAt]!);
      const r = Math.abs(diffs[bestAt + 1]!);
      const den = l - 2 * c + r;
      if (den < 0) frac = (0.5 * (l - r)) / den;
    }
    const o = (bestAt - steps + frac) / 4;
    points.push({ x: bx + nx * o, y: by + ny * o });
  }
  let line = fit(points);
  if (!line) return null;
  const kept = points.filter((pt) => offLine(line!, pt) < 1.5);
  line = fit(kept) ?? line;
  return line;
}

function meet(a: FitLine, b: FitLine): Point | null {
  const det = a.dx * b.dy - a.dy * b.dx;
  if (Math.abs(det) < 1e-6) return null;
  const t = ((b.px - a.px) * b.dy - (b.py - a.py) * b.dx) / det;
  return { x: a.px + a.dx * t, y: a.py + a.dy * t };
}

/**
 * `quad` moved onto the edges of `gray` (the frame's luma, lightly blurred) within `reach` pixels;
 * the quad as it was where a side finds no edge.
 */
export function refineQuad(gray: Plane, quad: Quad, reach: number): Quad {
  const lines: FitLine[] = [];
  for (let i = 0; i < 4; i++) {
    const line = refineSide(gray, quad[i]!, quad[(i + 1) % 4]!, reach);
    if (!line) return quad;
    lines.push(line);
  }
  const corners: Point[] = [];
  for (let i = 0; i < 4; i++) {
    // corner i is where side i-1 (ending at it) meets side i (starting at it)
    const c = meet(lines[(i + 3) % 4]!, lines[i]!);
    if (!c) return quad;
    if (Math.hypot(c.x - quad[i]!.x, c.y - quad[i]!.y) > reach * 3) return quad;
    corners.push(c);
  }
  return corners as Quad;
}
