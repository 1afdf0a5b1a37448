import { useEffect, useState } from 'react';

export interface PickerSearch {
  /** The found cards' ids, newest first; undefined while the server answers. */
  ids: readonly string[] | undefined;
  /** How many cards match in all. */
  total: number;
  /** The server could not answer (offline, refused): the picker searches the saved cards. */
  failed: boolean;
}

/**
 * A proposal picker's search over the whole catalogue (docs/product-rules.md, Search): online,
 * the first `shown` cards the server finds, stored locally like any server copy so they show
 * and can be picked offline afterwards. Offline, or when the server cannot answer, `failed`, and
 * the picker matches the cards saved on this device instead.
 */
export function usePickerSearch(search: string, online: boolean, shown: number): PickerSearch {
  const key = `${search}|${online ? 'online' : 'offline'}`;
  const [state, setState] = useState<PickerSearch & { key: string }>({
    key,
    ids: undefined,
    total: 0,
    failed: !online,
  });
  useEffect(() => {
    if (!online || !search) return;
    let live = true;
    // loaded on the first search: the trade screens' chunk stays without the search client
    import('@/domains/catalogue/search')
      .then(({ searchCards }) => searchCards({ q: search, sort: 'latest', perPage: shown }))
      .then(
        (answer) => {
          if (live) {
            setState({
              key,
              ids: answer.cards.map((c) => c.id),
              total: answer.totalItems,
              failed: false,
            });
          }
        },
        () => {
          if (live) setState({ key, ids: undefined, total: 0, failed: true });
        },
      );
    return () => {
      live = false;
    };
  }, [key, online, search, shown]);
  if (state.key !== key) return { ids: undefined, total: 0, failed: !online };
  return state;
}
