/**
 * 더 보기 paging of a card grid (docs/product-rules.md, Photo card grid; Limits and messages), as a
 * pure reducer so the rules are unit-tested without rendering: 12 cards at first, 18 once the data
 * has loaded (and again after a group, sort or search change), 12 more per click. The button hides
 * only after a click that finds nothing more to show ('더 이상 없습니다'), or from the start when every
 * card already fits.
 */

export const PAGE_SIZE = {
  initial: 12,
  afterLoad: 18,
  step: 12,
} as const;

/**
 * Cards a paged list reads at first: the grid's first page and one 더 보기 ahead (a group's page,
 * docs/sync.md, The cache; its first screen embeds these).
 */
export const FIRST_READ = PAGE_SIZE.afterLoad + PAGE_SIZE.step;

/**
 * After a successful 더 보기 the window scrolls this far, this much later (docs/product-rules.md,
 * Limits and messages).
 */
export const MORE_SCROLL = { px: 320, delayMs: 700 } as const;

export interface LoadMoreState {
  /** How many cards the grid shows. */
  visible: number;
  /** A 더 보기 click found nothing more: the button stays hidden until the next reset. */
  exhausted: boolean;
  /** A click revealed cards since the last reset: the button then stays until one finds none. */
  revealed: boolean;
}

export type LoadMoreAction =
  /** The data arrived for the first time. */
  | { type: 'loaded' }
  /** The group, sort or search changed. */
  | { type: 'reset' }
  /** 더 보기 was pressed; `total` is how many cards the list has now. */
  | { type: 'more'; total: number };

/** What a 더 보기 click did, which picks its toast: success '더 보기' or error '더 이상 없습니다'. */
export type MoreOutcome = 'more' | 'noMore';

export const initialLoadMore: LoadMoreState = {
  visible: PAGE_SIZE.initial,
  exhausted: false,
  revealed: false,
};

const afterReset: LoadMoreState = {
  visible: PAGE_SIZE.afterLoad,
  exhausted: false,
  revealed: false,
};

/** What a 더 보기 click would do in this state. */
export function moreOutcome(state: LoadMoreState, total: number): MoreOutcome {
  return total > state.visible ? 'more' : 'noMore';
}

export function loadMoreReducer(state: LoadMoreState, action: LoadMoreAction): LoadMoreState {
  switch (action.type) {
    case 'loaded':
    case 'reset':
      return afterReset;
    case 'more':
      if (state.exhausted) return state;
      return moreOutcome(state, action.total) === 'more'
        ? { ...state, visible: state.visible + PAGE_SIZE.step, revealed: true }
        : { ...state, exhausted: true };
  }
}

/**
 * Whether the 더 보기 button shows. Hidden from the start when every card fits; once a click has
 * revealed cards it stays (docs/product-rules.md, Photo card grid: it hides on the click that finds
 * nothing more).
 */
export function showMoreButton(state: LoadMoreState, total: number): boolean {
  return !state.exhausted && (state.revealed || total > state.visible);
}
