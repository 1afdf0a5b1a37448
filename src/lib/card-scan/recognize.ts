/**
 * From a camera frame to the closest cards of the scope (docs/card-scan.md): find the card,
 * straighten it, take its fingerprint and rank the scope's fingerprints by their distance to it.
 */
import { detectCardsIn, type Detection, type Quad } from './detect.ts';
import { distanceUnder, fingerprint, FINGERPRINT_BYTES, type CardSampler } from './fingerprint.ts';
import { homography, project, type Point } from './homography.ts';
import { blur3, sampleRgb, toGray, type Raster } from './raster.ts';
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

/** The `k` cards of the index closest to `print`, closest first. */
export function nearest(index: FingerprintIndex, print: Int8Array, k: number): Candidate[] {
  const best: Candidate[] = [];
  for (let i = 0; i < index.ids.length; i++) {
    const bound = best.length < k ? Infinity : best[best.length - 1]!.distance;
    const d = distanceUnder(print, index.prints, i * FINGERPRINT_BYTES, bound);
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

/**
 * The distance from `print` to the closest card of the index, when it is under `bound`; else
 * `bound`. Each card's comparison stops once it cannot beat the closest so far.
 */
function closestDistance(index: FingerprintIndex, print: Int8Array, bound: number): number {
  let best = bound;
  for (let i = 0; i < index.ids.length; i++) {
    const d = distanceUnder(print, index.prints, i * FINGERPRINT_BYTES, best);
    if (d < best) best = d;
  }
  return best;
}

export interface Recognition {
  detection: Detection;
  print: Int8Array;
  candidates: Candidate[];
}

/** Outlines tried per frame: the catalogue decides which of them is the card. */
const OUTLINES = 6;

/**
 * The card in `frame` and the scope's `k` closest cards to it, or null when no card is found.
 * The few best outlines are each straightened and looked up; the one that looks most like a card
 * of the scope wins (a polaroid's window, a name plate or a sleeve's edge is an outline too, and
 * what it holds matches no card as well as the card does).
 */
export function recognize(frame: Raster, index: FingerprintIndex, k = 3): Recognition | null {
  const luma = toGray(frame);
  const found = detectCardsIn(frame, luma, OUTLINES);
  if (!found.length) return null;
  const gray = blur3(luma);
  // the outlines were found at about 320 pixels on the long side: a few of those pixels
  const reach = (Math.max(frame.width, frame.height) / 320) * 2.5 + 1;
  // Only the closest card of each outline decides which outline wins, and each outline only has
  // to beat the winner so far: its search stops early against that bound. The `k` closest are
  // then ranked for the winner alone (the same result as ranking every outline's, at about a
  // third of the comparisons).
  let best: { detection: Detection; print: Int8Array; distance: number } | null = null;
  for (const rough of found) {
    const detection = { ...rough, corners: refineQuad(gray, rough.corners, reach) };
    const print = fingerprint(quadSampler(frame, detection.corners));
    const distance = closestDistance(index, print, best?.distance ?? Infinity);
    if (!best || distance < best.distance) best = { detection, print, distance };
  }
  if (!best) return null;
  return {
    detection: best.detection,
    print: best.print,
    candidates: nearest(index, best.print, k),
  };
}
