// 더 보기 paging of the card grid (docs/product-rules.md, Photo card grid): 12 at first, 18 once the
// data has loaded, +12 per click with a '더 보기' toast, and a '더 이상 없습니다' click that hides the
// button.
import { describe, expect, it } from 'vitest';
import {
  initialLoadMore,
  loadMoreReducer,
  MORE_SCROLL,
  moreOutcome,
  PAGE_SIZE,
  showMoreButton,
  type LoadMoreState,
  type MoreOutcome,
} from '@/components/hooks/load-more';

/** Clicks 더 보기 until it hides; returns each click's visible count and toast kind. */
function clickThrough(total: number, start: LoadMoreState) {
  const steps: Array<[number, MoreOutcome]> = [];
  let state = start;
  for (let i = 0; i < 50 && showMoreButton(state, total); i++) {
    const outcome = moreOutcome(state, total);
    state = loadMoreReducer(state, { type: 'more', total });
    steps.push([state.visible, outcome]);
  }
  return { steps, state };
}

const loaded = () => loadMoreReducer(initialLoadMore, { type: 'loaded' });

describe('load more', () => {
  it('uses the product-rules constants', () => {
    expect(PAGE_SIZE).toEqual({ initial: 12, afterLoad: 18, step: 12 });
    expect(MORE_SCROLL).toEqual({ px: 320, delayMs: 700 });
  });

  it('starts at 12 and resets to 18 once the data has loaded', () => {
    expect(initialLoadMore.visible).toBe(12);
    expect(loaded().visible).toBe(18);
  });

  it('adds 12 per click with a 더 보기 toast, then hides after the click that finds nothing', () => {
    const { steps, state } = clickThrough(54, loaded());
    expect(steps).toEqual([
      [30, 'more'],
      [42, 'more'],
      [54, 'more'],
      [54, 'noMore'],
    ]);
    expect(state.exhausted).toBe(true);
    expect(showMoreButton(state, 54)).toBe(false);
  });

  it('shows the last, partial page with 더 보기 (63 RIIZE cards)', () => {
    const { steps } = clickThrough(63, loaded());
    expect(steps.map(([v]) => v)).toEqual([30, 42, 54, 66, 66]);
    expect(steps.map(([, o]) => o)).toEqual(['more', 'more', 'more', 'more', 'noMore']);
  });

  it('hides the button from the start when every card already fits', () => {
    expect(showMoreButton(loaded(), 18)).toBe(false);
    expect(showMoreButton(loaded(), 5)).toBe(false);
    expect(showMoreButton(loaded(), 0)).toBe(false);
    expect(showMoreButton(loaded(), 19)).toBe(true);
  });

  it('keeps the button after a click revealed the last cards', () => {
    const state = loadMoreReducer(loaded(), { type: 'more', total: 25 });
    expect(state.visible).toBe(30);
    expect(showMoreButton(state, 25)).toBe(true);
    expect(moreOutcome(state, 25)).toBe('noMore');
  });

  it('ignores clicks once exhausted', () => {
    const { state } = clickThrough(20, loaded());
    expect(loadMoreReducer(state, { type: 'more', total: 20 })).toBe(state);
  });

  it('starts again at 18 when the group, sort or search changes', () => {
    const { state } = clickThrough(40, loaded());
    expect(state.exhausted).toBe(true);
    const reset = loadMoreReducer(state, { type: 'reset' });
    expect(reset).toEqual({ visible: 18, exhausted: false, revealed: false });
    expect(showMoreButton(reset, 40)).toBe(true);
  });

  it('brings the button back when cards arrive after the first page', () => {
    const state = loaded();
    expect(showMoreButton(state, 10)).toBe(false);
    expect(showMoreButton(state, 30)).toBe(true);
  });
});
