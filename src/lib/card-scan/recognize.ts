/**
 * From a camera frame to the closest cards of the scope (docs/card-scan.md): find the card,
 * straighten it, take its fingerprint and rank the scope's fingerprints by their distance to it.
 */
import { detectCards, type Detection, type Quad } from './detect.ts';
import {
  FINGERPRINT_BYTES,
  closestUnder,
  queryDistanceUnder,
  queryPrint,
  type CardSampler,
  type Query,
} from './fingerprint.ts';
import { homography, project, type Point } from './homography.ts';
import { blurredLumaIn, sampleRgb, type Raster } from './raster.ts';
import { refineQuad } from './refine.ts';

/** Reads a catalogue image that is the card itself, edge to edge. */
export function imageSampler(img: Raster): CardSampler {
  return (u, v, out) => sampleRgb(img, u * img.width, v * img.height, out);
}

/** Reads the card whose corners in `frame` are `quad`, as if seen straight on. */
export function quadSampler(frame: Raster, quad: Quad): CardSampler {
  const unit: Point[] = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ];
  const h = homography(unit, quad);
  if (!h) throw new Error('degenerate quad');
  const p = { x: 0, y: 0 };
  return (u, v, out) => {
    project(h, u, v, p);
    sampleRgb(frame, p.x, p.y, out);
  };
}

/** The fingerprints of a scope's cards, packed one after another, with their ids. */
export interface FingerprintIndex {
  ids: string[];
  prints: Int8Array;
}

export function buildIndex(entries: readonly { id: string; print: Int8Array }[]): FingerprintIndex {
  const prints = new Int8Array(entries.length * FINGERPRINT_BYTES);
  entries.forEach((e, i) => prints.set(e.print, i * FINGERPRINT_BYTES));
  return { ids: entries.map((e) => e.id), prints };
}

export interface Candidate {
  id: string;
  distance: number;
}

/** The `k` cards of the index closest to a photo's `query`, closest first. */
export function nearest(index: FingerprintIndex, query: Query, k: number): Candidate[] {
  const best: Candidate[] = [];
  for (let i = 0; i < index.ids.length; i++) {
    const bound = best.length < k ? Infinity : best[best.length - 1]!.distance;
    const d = queryDistanceUnder(query, index.prints, i * FINGERPRINT_BYTES, bound);
    if (d < bound) {
      const c = { id: index.ids[i]!, distance: d };
      let at = best.length;
      while (at > 0 && best[at - 1]!.distance > d) at--;
      best.splice(at, 0, c);
      if (best.length > k) best.pop();
    }
  }
  return best;
}

export interface Recognition {
  detection: Detection;
  print: Int8Array;
  candidates: Candidate[];
}

/** Within a pixel of each other. */
const near = (a: Point, b: Point) => Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1;

/** Outlines tried per frame: the catalogue decides which of them is the card. */
const OUTLINES = 6;

/**
 * The card in `frame` and the scope's `k` closest cards to it, or null when no card is found.
 * The few best outlines are each straightened and looked up; the one that looks most like a card
 * of the scope wins (a polaroid's window, a name plate or a sleeve's edge is an outline too, and
 * what it holds matches no card as well as the card does).
 */
export function recognize(frame: Raster, index: FingerprintIndex, k = 3): Recognition | null {
  const found = detectCards(frame, OUTLINES);
  if (!found.length) return null;
  // the outlines were found at about 320 pixels on the long side: a few of those pixels
  const reach = (Math.max(frame.width, frame.height) / 320) * 2.5 + 1;
  // the frame's luma, lightly blurred, only where the outlines are refined
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const f of found) {
    for (const p of f.corners) {
      left = Math.min(left, p.x);
      top = Math.min(top, p.y);
      right = Math.max(right, p.x);
      bottom = Math.max(bottom, p.y);
    }
  }
  const margin = reach + 3;
  const gray = blurredLumaIn(frame, left - margin, top - margin, right + margin, bottom + margin);
  // Only the closest card of each outline decides which outline wins, and each outline only has
  // to beat the winner so far: its search stops early against that bound. The `k` closest are
  // then ranked for the winner alone (the same result as ranking every outline's, at about a
  // third of the comparisons).
  let best: { detection: Detection; query: Query; distance: number } | null = null;
  const tried: Quad[] = [];
  for (const rough of found) {
    const detection = { ...rough, corners: refineQuad(gray, rough.corners, reach) };
    // two outlines often come to the same one once made exact: it is looked up once
    if (tried.some((q) => q.every((p, i) => near(p, detection.corners[i]!)))) continue;
    tried.push(detection.corners);
    const query = queryPrint(quadSampler(frame, detection.corners));
    const distance = closestUnder(query, index.prints, best?.distance ?? Infinity);
    if (!best || distance < best.distance) best = { detection, query, distance };
  }
  if (!best) return null;
  return {
    detection: best.detection,
    print: best.query.print,
    candidates: nearest(index, best.query, k),
  };
}
