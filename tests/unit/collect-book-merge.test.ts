// The collect book's unsaved ticks as a diff against the live card set (book-diff.ts): toggling,
// merging a change from another device, and the progress percent (docs/product-rules.md, Collect books).
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DIFF,
  effectiveCards,
  isDiffEmpty,
  progressPercent,
  rebaseDiff,
  toggleCard,
  type BookDiff,
} from '../../src/features/collect-book/book-diff';

const set = (...ids: string[]) => new Set(ids);
const sorted = (s: ReadonlySet<string>) => [...s].sort();

describe('toggleCard', () => {
  it('ticks a card the book lacks and unticks one it holds', () => {
    const live = set('a');
    let d = toggleCard(EMPTY_DIFF, live, 'b');
    expect(sorted(d.add)).toEqual(['b']);
    d = toggleCard(d, live, 'a');
    expect(sorted(d.remove)).toEqual(['a']);
    expect(sorted(effectiveCards(live, d))).toEqual(['b']);
  });

  it('toggling twice cancels the pending change instead of queueing both', () => {
    const live = set('a');
    expect(isDiffEmpty(toggleCard(toggleCard(EMPTY_DIFF, live, 'b'), live, 'b'))).toBe(true);
    expect(isDiffEmpty(toggleCard(toggleCard(EMPTY_DIFF, live, 'a'), live, 'a'))).toBe(true);
  });

  it('does not mutate the diff it is given', () => {
    const d: BookDiff = { add: set('x'), remove: set() };
    toggleCard(d, set(), 'y');
    expect(sorted(d.add)).toEqual(['x']);
  });
});

describe('rebaseDiff (a change from another device)', () => {
  it('keeps unsaved ticks when the live set gains other cards', () => {
    const d = toggleCard(EMPTY_DIFF, set('a'), 'b');
    const live2 = set('a', 'c'); // another device added c
    const merged = rebaseDiff(d, live2);
    expect(merged).toBe(d);
    expect(sorted(effectiveCards(live2, merged))).toEqual(['a', 'b', 'c']);
  });

  it('drops a local add once the live set holds it, and a local remove once it does not', () => {
    const d: BookDiff = { add: set('b', 'x'), remove: set('a', 'y') };
    const merged = rebaseDiff(d, set('b', 'y'));
    expect(sorted(merged.add)).toEqual(['x']);
    expect(sorted(merged.remove)).toEqual(['y']);
  });

  it('keeps an unsaved remove of a card and another device removing a different one', () => {
    const live = set('a', 'b', 'c');
    const d = toggleCard(EMPTY_DIFF, live, 'a');
    const live2 = set('a', 'b'); // c removed elsewhere
    expect(sorted(effectiveCards(live2, rebaseDiff(d, live2)))).toEqual(['b']);
  });

  it('returns the same object when nothing changes', () => {
    expect(rebaseDiff(EMPTY_DIFF, set('a'))).toBe(EMPTY_DIFF);
  });
});

describe('properties (seeded random walks)', () => {
  function rng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  const cards = Array.from({ length: 8 }, (_, i) => `c${i}`);

  it('the shown set is what the user ticked, whatever the server does to other cards', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      let live = new Set(cards.filter(() => r() < 0.5));
      let diff: BookDiff = EMPTY_DIFF;
      // What the user last chose for each card they touched.
      const chosen = new Map<string, boolean>();
      for (let step = 0; step < 30; step++) {
        const card = cards[Math.floor(r() * cards.length)]!;
        if (r() < 0.6) {
          const before = effectiveCards(live, diff).has(card);
          diff = toggleCard(diff, live, card);
          chosen.set(card, !before);
        } else {
          // A remote change to an untouched card, or the server catching up with a tick.
          const next = new Set(live);
          if (chosen.has(card) && r() < 0.5) {
            if (chosen.get(card)) next.add(card);
            else next.delete(card);
          } else if (!chosen.has(card)) {
            if (next.has(card)) next.delete(card);
            else next.add(card);
          }
          live = next;
          diff = rebaseDiff(diff, live);
        }
        const shown = effectiveCards(live, diff);
        for (const c of cards) {
          const want = chosen.has(c) ? chosen.get(c) : live.has(c);
          expect(shown.has(c), `seed ${seed} step ${step} card ${c}`).toBe(want);
        }
        // The diff never holds a no-op, and never both directions for one card.
        for (const c of diff.add) expect(live.has(c) || diff.remove.has(c)).toBe(false);
        for (const c of diff.remove) expect(live.has(c)).toBe(true);
      }
    }
  }, 30_000); // 300 walks: seconds when the e2e lane shares the cores
});

describe('progressPercent', () => {
  it('rounds owned/total and is 0 with no cards', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(10, 10)).toBe(100);
    expect(progressPercent(1, 200)).toBe(1);
  });
});
