/**
 * What the scanner decides from a recognition's candidates (src/lib/card-scan/decide.ts): sure of
 * a card only when it is close and clearly closer than the next, asking among the closest three
 * otherwise, and 'unknown' when even the closest is far. Then a few generated photos end to end.
 */
import { describe, expect, it } from 'vitest';
import { groupCards } from '../../bench/card-scan/cards.ts';
import { photograph } from '../../bench/card-scan/photos.ts';
import {
  ASK_CHOICES,
  decide,
  LOOKALIKE_DISTANCE,
  LOOKALIKE_MARGIN,
  SURE_DISTANCE,
  SURE_MARGIN,
  UNKNOWN_DISTANCE,
} from '../../src/lib/card-scan/decide.ts';
import { fingerprint } from '../../src/lib/card-scan/fingerprint.ts';
import { buildIndex, imageSampler, recognize } from '../../src/lib/card-scan/recognize.ts';

const c = (id: string, distance: number) => ({ id, distance });

describe('decide', () => {
  it('is sure of a close card clearly closer than the next', () => {
    const d1 = SURE_DISTANCE * 0.5;
    expect(decide([c('a', d1), c('b', d1 * SURE_MARGIN * 1.1), c('c', 1)])).toEqual({
      kind: 'sure',
      id: 'a',
    });
  });

  it('is sure of the only card of a scope of one when it is close', () => {
    expect(decide([c('a', SURE_DISTANCE * 0.5)])).toEqual({ kind: 'sure', id: 'a' });
  });

  it('asks among the closest three when the next is nearly as close', () => {
    const d1 = SURE_DISTANCE * 0.5;
    expect(decide([c('a', d1), c('b', d1 * SURE_MARGIN * 0.9), c('c', 1), c('d', 1.1)])).toEqual({
      kind: 'ask',
      ids: ['a', 'b', 'c'],
    });
    expect(ASK_CHOICES).toBe(3);
  });

  it('asks when the closest is clear of the rest but not close enough to be sure', () => {
    const d1 = (SURE_DISTANCE + UNKNOWN_DISTANCE) / 2;
    expect(decide([c('a', d1), c('b', d1 * SURE_MARGIN * 2)])).toEqual({
      kind: 'ask',
      ids: ['a', 'b'],
    });
  });

  it('asks when two cards are equally close, even at distance 0', () => {
    expect(decide([c('a', 0), c('b', 0)]).kind).toBe('ask');
  });

  it('says unknown when even the closest is far, or there is none', () => {
    const far = UNKNOWN_DISTANCE * 1.1;
    expect(decide([c('a', far), c('b', far * 2)])).toEqual({ kind: 'unknown' });
    expect(decide([])).toEqual({ kind: 'unknown' });
    expect(decide([c('a', NaN)])).toEqual({ kind: 'unknown' });
  });

  it('says unknown when the closest is not near and several are about as close', () => {
    const d1 = LOOKALIKE_DISTANCE * 1.5;
    expect(decide([c('a', d1), c('b', d1 * LOOKALIKE_MARGIN * 0.95), c('c', 1)])).toEqual({
      kind: 'unknown',
    });
    // near enough, the same crowd is asked about
    const near = LOOKALIKE_DISTANCE * 0.5;
    expect(decide([c('a', near), c('b', near * LOOKALIKE_MARGIN * 0.95)]).kind).toBe('ask');
  });

  it('reads the candidates closest first whatever order they come in', () => {
    const d1 = SURE_DISTANCE * 0.5;
    expect(decide([c('b', 1), c('a', d1)])).toEqual({ kind: 'sure', id: 'a' });
  });
});

describe('decide on photos', () => {
  // 12 cards of one group in the scope; a 13th of the same group's art and another group's are not
  const scope = groupCards(0, 12);
  const index = buildIndex(
    scope.map((card) => ({ id: card.id, print: fingerprint(imageSampler(card.image)) })),
  );
  const outside = [...groupCards(9, 1), ...groupCards(4, 1)];

  it('is sure of cards of the scope photographed at an angle, and never of cards outside it', () => {
    for (const [n, seed] of [
      [2, 21],
      [7, 22],
      [11, 23],
    ] as const) {
      const photo = photograph(scope[n]!.image, ['perspective', 'rotation', 'clutter'], seed);
      const found = recognize(photo.frame, index, 3);
      expect(decide(found?.candidates ?? [])).toEqual({ kind: 'sure', id: scope[n]!.id });
    }
    for (const [k, card] of outside.entries()) {
      const photo = photograph(card.image, ['perspective', 'rotation', 'clutter'], 30 + k);
      const found = recognize(photo.frame, index, 3);
      // not near enough to be sure of any card: 'unknown', or the closest three to pick from
      // (both offer 제보하기), never one card named
      expect(found?.candidates[0]?.distance).toBeGreaterThan(SURE_DISTANCE);
      expect(['unknown', 'ask']).toContain(decide(found?.candidates ?? []).kind);
    }
  });
});
