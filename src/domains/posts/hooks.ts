// Live reads of exchange posts (교환 글). Undefined while loading; null when the post is not here.
import { useRead, useReadOr } from '@/live/use-read';
import type { ExchangePost } from '@/data/pb/records';
import type { FilteredPosts, PostFacets, PostFilter } from './queries';

export type { FilteredPosts, PostFacets, PostFilter };

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

/** A card's newest `limit` posts of one type or shipping method, newest first, and their count. */
export function useExchangePostsOfCardFiltered(
  cardId: string | null | undefined,
  filter: PostFilter,
  limit: number,
): FilteredPosts | undefined {
  return useRead('postsOfCardFiltered', cardId ?? null, filter, limit);
}

/** How many of a card's posts there are of each type and shipping method. */
export function usePostFacets(cardId: string | null | undefined): PostFacets | null | undefined {
  return useRead('postFacetsOfCard', cardId ?? null);
}

const NO_PHOTOS: Blob[] = [];

/** A post's photos still waiting in the outbox (empty once sent, or for a post from the server). */
export function usePendingPostPhotos(id: string): readonly Blob[] {
  return useReadOr('pendingPostPhotos', NO_PHOTOS, id);
}
