import { useMemo } from 'react';
import type { CardSort } from '@/state/store';
import type { PhotoCard } from '@/data/pb/records';

/**
 * A list already in its own order (the wishlist: most recently liked first) sorted by the grid's
 * sort. 최신순 keeps that order (docs/product-rules.md, Photo card grid); the like sorts are stable,
 * so cards with equal counts keep it too.
 */
export function sortCardList(cards: readonly PhotoCard[], sort: CardSort): PhotoCard[] {
  if (sort === 'latest') return [...cards];
  const sign = sort === 'likesDesc' ? -1 : 1;
  return [...cards].sort((a, b) => sign * (a.likeCount - b.likeCount));
}

export function useSortedCards(
  cards: readonly PhotoCard[] | undefined,
  sort: CardSort,
): PhotoCard[] | undefined {
  return useMemo(() => (cards ? sortCardList(cards, sort) : undefined), [cards, sort]);
}
