/** The likes' live reads (the fan's likes, the cards whose like still waits), for src/domains/tables/reads.ts. */
import { pendingLikeCardIds } from './counts.ts';
import { getLikeOfCard, listLikedCardIds, listLikedCards } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  likedCardIds: (userId: string | null) => listLikedCardIds(userId),
  likedCards: (userId: string | null) => listLikedCards(userId),
  likeOfCard: (userId: Id, cardId: Id) =>
    userId && cardId ? getLikeOfCard(userId, cardId) : Promise.resolve(null),
  pendingLikeCardIds: () => pendingLikeCardIds(),
};
