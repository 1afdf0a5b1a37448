/**
 * The card scanner's engine (docs/card-scan.md) on photos made from the demo seed's card art: a
 * card photographed at an angle over a cluttered table is found to within a few pixels and named
 * among a dozen cards of its group; a frame with no card in it names none.
 */
import { describe, expect, it } from 'vitest';
import { groupCards } from '../../bench/card-scan/cards.ts';
import { photograph } from '../../bench/card-scan/photos.ts';
import { FINGERPRINT_BYTES, fingerprint } from '../../src/lib/card-scan/fingerprint.ts';
import { buildIndex, imageSampler, recognize } from '../../src/lib/card-scan/recognize.ts';
import type { Raster } from '../../src/lib/card-scan/raster.ts';

const cards = groupCards(0, 12);
const index = buildIndex(
  cards.map((c) => ({ id: c.id, print: fingerprint(imageSampler(c.image)) })),
);

describe('card scan', () => {
  it('keeps a fingerprint within 200 bytes', () => {
    expect(FINGERPRINT_BYTES).toBeLessThanOrEqual(200);
    expect(index.prints.length).toBe(cards.length * FINGERPRINT_BYTES);
  });

  it('finds and names a card held at an angle over clutter', () => {
    for (const [n, seed] of [
      [3, 11],
      [8, 12],
    ] as const) {
      const photo = photograph(cards[n]!.image, ['perspective', 'rotation', 'clutter'], seed);
      const found = recognize(photo.frame, index, 3);
      expect(found?.candidates[0]?.id).toBe(cards[n]!.id);
      const height = Math.hypot(
        photo.corners[3].x - photo.corners[0].x,
        photo.corners[3].y - photo.corners[0].y,
      );
      for (let i = 0; i < 4; i++) {
        const miss = Math.hypot(
          found!.detection.corners[i]!.x - photo.corners[i]!.x,
          found!.detection.corners[i]!.y - photo.corners[i]!.y,
        );
        expect(miss / height).toBeLessThan(0.03);
      }
    }
  });

  it('names no card in a frame without one', () => {
    const blank: Raster = { width: 480, height: 640, data: new Uint8ClampedArray(480 * 640 * 4) };
    blank.data.fill(128);
    expect(recognize(blank, index, 3)).toBe(null);
  });
});
