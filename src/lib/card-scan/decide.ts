/**
 * What the scanner does with a recognition (docs/card-scan.md, Deciding): name the card, ask the
 * fan to pick among the closest three, or say it looks like no card of the scope (and offer
 * 제보하기). It reads the fingerprint distances of `nearest` (recognize.ts): the closest card's,
 * d1, and how much farther the second is, d2 / d1.
 *
 * A card of the scope seen well stands out: it is far closer than any other. A card that is not
 * in the scope (another group's, or one newer than the catalogue) looks a little like several
 * cards and like none of them much more than the others. The constants were chosen on the
 * benchmark's photos with every distortion at once (bench/card-scan/bench.ts, run with `--seed 1`
 * so that the published figures are of other photos): see docs/card-scan.md, Measured.
 */
import type { Candidate } from './recognize.ts';

export type Decision =
  /** Confident: continuous mode may tick it. */
  | { kind: 'sure'; id: string }
  /** Not sure: the fan picks among the closest (at most `ASK_CHOICES`). */
  | { kind: 'ask'; ids: string[] }
  /** Looks like no card of the scope: offer 제보하기. */
  | { kind: 'unknown' };

/**
 * Sure when the second closest card is at least this many times as far as the closest. The
 * margin is what tells a right answer: on the calibration photos (400 of the scope's cards and
 * 600 outside it, every distortion at once, among 400 and among 5,000 cards) no wrong top card
 * was this clear, and at most 0.5% of the cards outside the scope; 1.7 let up to 1.5% of those
 * through, 1.6 up to 3.5%.
 */
export const SURE_MARGIN = 1.8;
/** ...and the closest card at most this far (a right top card is under it in 99% of frames). */
export const SURE_DISTANCE = 0.25;
/** Farther than this, the closest card is not the one in view: unknown. */
export const UNKNOWN_DISTANCE = 0.3;
/**
 * Farther than `LOOKALIKE_DISTANCE` with the second within `LOOKALIKE_MARGIN` times of it: a
 * look-alike of several cards rather than one of them, unknown. 45% of the photos of cards
 * outside the scope end here or past `UNKNOWN_DISTANCE`, against 2-2.5% of the scope's cards that
 * were named right (those would have been asked about); a margin of 1.15 makes it about 60%
 * against 2-4.5%.
 */
export const LOOKALIKE_DISTANCE = 0.1;
export const LOOKALIKE_MARGIN = 1.1;
/** The cards offered when asking. */
export const ASK_CHOICES = 3;

/** The decision for a recognition's candidates (closest first; none: no card found). */
export function decide(candidates: readonly Candidate[]): Decision {
  const ranked = [...candidates].sort((a, b) => a.distance - b.distance);
  const first = ranked[0];
  if (!first || !(first.distance <= UNKNOWN_DISTANCE)) return { kind: 'unknown' };
  const d1 = first.distance;
  const d2 = ranked[1]?.distance ?? Infinity;
  if (d1 > LOOKALIKE_DISTANCE && d2 < d1 * LOOKALIKE_MARGIN) return { kind: 'unknown' };
  if (d1 <= SURE_DISTANCE && d2 >= d1 * SURE_MARGIN && d2 > d1) {
    return { kind: 'sure', id: first.id };
  }
  return { kind: 'ask', ids: ranked.slice(0, ASK_CHOICES).map((c) => c.id) };
}
