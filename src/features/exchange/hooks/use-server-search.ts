import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '@/components/hooks/load-more';
import type { PhotoCardSort } from '@/domains/catalogue/photo-cards';

/** Cards asked per page of the server's search (its most). */
export const SERVER_PAGE = 60;
/** The next page is asked while fewer than this many loaded cards are still to be shown. */
const AHEAD = PAGE_SIZE.step * 2;

export interface ServerSearch {
  /** The found cards' ids in the sort's order; undefined while the first page loads. */
  ids: readonly string[] | undefined;
  /** How many cards match in all. */
  total: number;
  /** The server could not answer (offline, refused): the screen searches the saved cards. */
  failed: boolean;
  /** Counts a 더 보기 press of the grid, so the next page comes before it is needed. */
  pressedMore: () => void;
}

interface State {
  key: string;
  ids: string[] | undefined;
  total: number;
  more: boolean;
  page: number;
  failed: boolean;
  /** Cards the grid shows (18, then 12 more per press; docs/product-rules.md, Photo card grid). */
  visible: number;
}

const start = (key: string): State => ({
  key,
  ids: undefined,
  total: 0,
  more: false,
  page: 0,
  failed: false,
  visible: PAGE_SIZE.afterLoad,
});

/**
 * The server's search for /exchange (docs/product-rules.md, Search), a page of SERVER_PAGE cards
 * at a time: the first when the search or the sort changes, the next one while the grid's
 * 더 보기 comes within AHEAD cards of the loaded ones. The cards themselves are stored locally by
 * the data layer and read live by id, so hearts and counts stay current.
 */
export function useServerSearch(
  search: string,
  sort: PhotoCardSort,
  enabled: boolean,
): ServerSearch {
  // back online, the search starts again at the server
  const key = `${search}|${sort}|${enabled ? 'online' : 'offline'}`;
  const [state, setState] = useState<State>(() => start(key));
  const current = state.key === key ? state : start(key);
  if (state.key !== key) setState(current);
  /** The page being asked (`key|page`), null when none: one request at a time. */
  const asking = useRef<string | null>(null);
  /**
   * The last page answered (`key|page`). Its cards are drawn in a transition, so a 더 보기 press
   * can render before they are in the state: the page is not asked again meanwhile.
   */
  const answered = useRef<string | null>(null);

  const ask = useCallback(
    (page: number) => {
      const mine = `${key}|${page}`;
      asking.current = mine;
      answered.current = null;
      // loaded on the first search: the route's own chunk stays without the PocketBase client
      // and the store (docs/first-visit.md)
      import('@/domains/catalogue/search')
        .then(({ searchCards }) => searchCards({ q: search, sort, page, perPage: SERVER_PAGE }))
        .then(
          (answer) => {
            if (asking.current !== mine) return;
            asking.current = null;
            answered.current = mine;
            // a transition: the page of results is drawn in slices that yield to the keys the
            // fan is typing meanwhile
            startTransition(() =>
              setState((s) => {
                if (s.key !== key) return s;
                const have = new Set(s.ids ?? []);
                const ids = [...(s.ids ?? [])];
                for (const c of answer.cards) if (!have.has(c.id)) ids.push(c.id);
                return {
                  ...s,
                  ids,
                  total: answer.totalItems,
                  more: answer.more,
                  page,
                };
              }),
            );
          },
          () => {
            if (asking.current !== mine) return;
            asking.current = null;
            setState((s) => (s.key === key ? { ...s, failed: true } : s));
          },
        );
    },
    [key, search, sort],
  );

  // the first page, again on every search or sort change
  useEffect(() => {
    if (!enabled) return;
    ask(1);
    return () => {
      asking.current = null;
    };
  }, [enabled, ask]);

  // the next page, before the grid runs out
  const { ids, more, visible, page, failed } = current;
  useEffect(() => {
    if (!enabled || failed || asking.current || !more || !ids) return;
    if (ids.length - visible >= AHEAD) return;
    if (answered.current === `${key}|${page + 1}`) return;
    ask(page + 1);
  }, [enabled, failed, more, ids, visible, page, key, ask]);

  const pressedMore = useCallback(() => {
    setState((s) => ({ ...s, visible: s.visible + PAGE_SIZE.step }));
  }, []);

  return { ids, total: current.total, failed, pressedMore };
}
