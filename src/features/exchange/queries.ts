// Live reads of exchange posts (교환 글). Undefined while loading; null when the post is not here.
import { useLiveQuery } from 'dexie-react-hooks';
import type { ExchangePost } from '../../data/pb/records';
import {
  getExchangePost,
  listExchangePostsByWriter,
  listExchangePostsOfCard,
} from '../../data/queries/exchange';

/** The posts about one card, newest first (the exchange detail list). */
export function useExchangePostsOfCard(
  cardId: string | null | undefined,
): ExchangePost[] | undefined {
  return useLiveQuery(() => (cardId ? listExchangePostsOfCard(cardId) : []), [cardId]);
}

/** The posts one user wrote, newest first. */
export function useExchangePostsByWriter(
  writerId: string | null | undefined,
): ExchangePost[] | undefined {
  return useLiveQuery(() => (writerId ? listExchangePostsByWriter(writerId) : []), [writerId]);
}

export function useExchangePost(id: string | null | undefined): ExchangePost | null | undefined {
  return useLiveQuery(() => (id ? getExchangePost(id) : null), [id]);
}
