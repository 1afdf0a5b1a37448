// Live reads of exchange posts (교환 글). Undefined while loading; null when the post is not here.
import { useRead } from './use-read';
import type { ExchangePost } from '@/data/pb/records';

/** The posts about one card, newest first (the exchange detail list). */
export function useExchangePostsOfCard(
  cardId: string | null | undefined,
): ExchangePost[] | undefined {
  return useRead('postsOfCard', cardId ?? null);
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
