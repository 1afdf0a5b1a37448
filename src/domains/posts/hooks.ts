// Live reads of exchange posts (교환 글). Undefined while loading; null when the post is not here.
import { useRead } from '@/live/use-read';
import type { ExchangePost } from '@/data/pb/records';

/** The newest `limit` posts about one card, newest first (the exchange detail list's pages). */
export function useExchangePostsOfCard(
  cardId: string | null | undefined,
  limit: number,
): ExchangePost[] | undefined {
  return useRead('postsOfCard', cardId ?? null, limit);
}

/** How many posts about one card are here ('교환 글 N개'). */
export function useExchangePostCount(cardId: string | null | undefined): number | undefined {
  return useRead('postCountOfCard', cardId ?? null);
}

/** The posts one user wrote, newest first. */
export function useExchangePostsByWriter(
  writerId: string | null | undefined,
): ExchangePost[] | undefined {
  return useRead('postsByWriter', writerId ?? null);
}

export function useExchangePost(id: string | null | undefined): ExchangePost | null | undefined {
  return useRead('post', id ?? null);
}
