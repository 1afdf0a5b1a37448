// Live reads of the fan's likes (찜): the liked cards and ids, one card's like, and the cards whose
// like or unlike still waits to be sent. Undefined means "still loading".
import { useAtomValue, sessionUserIdAtom } from '@/state/store';
import { useRead, useReadOr } from '@/live/use-read';
import type { Like, PhotoCard } from '@/data/pb/records';

const NO_IDS: ReadonlySet<string> = new Set();

/** Ids of the cards the user likes (logged out: the hearts ticked on this device). */
export function useLikedCardIds(): ReadonlySet<string> | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('likedCardIds', userId);
}

/** The cards the user likes, most recently liked first (the wishlist). */
export function useLikedCards(): PhotoCard[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('likedCards', userId);
}

/** The signed-in user's like of a card (null when not liked or logged out). */
export function useLikeOfCard(cardId: string | null | undefined): Like | null | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('likeOfCard', userId, cardId ?? null);
}

/** Card ids whose like or unlike is still waiting to be sent (their pending marks). */
export function usePendingLikeCardIds(): ReadonlySet<string> {
  return useReadOr('pendingLikeCardIds', NO_IDS);
}
