import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ko } from '@/i18n/ko';
import {
  initialLoadMore,
  loadMoreReducer,
  MORE_SCROLL,
  moreOutcome,
  showMoreButton,
  type MoreOutcome,
} from './load-more';

// One toast slot for the button: repeated clicks update it instead of stacking up to the cap.
const TOAST_ID = 'card-grid-load-more';

export interface LoadMore {
  /** How many cards to show. */
  visible: number;
  /** Whether the 더 보기 button shows. */
  showButton: boolean;
  /** The 더 보기 click: reveals 12 more or says there are none (toast), then scrolls. */
  more: () => MoreOutcome;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * 더 보기 paging of a grid of `total` cards (undefined while loading). A change of `resetKey`
 * (group, sort, search) starts again at 18.
 */
export function useLoadMore(total: number | undefined, resetKey: string): LoadMore {
  const ready = total !== undefined;
  // Cards already here at mount (a server-rendered page, or the store answered before the first
  // render) start as loaded: 18, the same on the server and in the browser.
  const [state, dispatch] = useReducer(loadMoreReducer, ready, (loaded) =>
    loaded ? loadMoreReducer(initialLoadMore, { type: 'loaded' }) : initialLoadMore,
  );

  // Adjusted while rendering (not in an effect) so the grid never paints 12 cards, or the old
  // group's count, for one frame before the reset lands.
  const [seen, setSeen] = useState({ ready, resetKey });
  if (seen.ready !== ready || seen.resetKey !== resetKey) {
    setSeen({ ready, resetKey });
    if (ready) dispatch({ type: seen.ready ? 'reset' : 'loaded' });
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const count = total ?? 0;
  const more = useCallback((): MoreOutcome => {
    const outcome = moreOutcome(state, count);
    dispatch({ type: 'more', total: count });
    if (outcome === 'more') {
      toast.success(ko.messages.more, { id: TOAST_ID });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        window.scrollBy({
          top: MORE_SCROLL.px,
          behavior: prefersReducedMotion() ? 'auto' : 'smooth',
        });
      }, MORE_SCROLL.delayMs);
    } else {
      toast.error(ko.messages.noMore, { id: TOAST_ID });
    }
    return outcome;
  }, [state, count]);

  return { visible: state.visible, showButton: ready && showMoreButton(state, count), more };
}
