// Live reads for the photo card screens: groups, cards (with the like counts to show) and the
// signed-in user's likes. Undefined means "still loading"; null means "not here".
import { useAtomValue, sessionUserIdAtom } from '@/state/store';
import { useRead, useReadOr } from './use-read';
import type { Group, Like, PhotoCard } from '@/data/pb/records';
import type { PhotoCardQuery } from '@/data/queries/photo-cards';

export type { PhotoCardQuery, PhotoCardSort } from '@/data/queries/photo-cards';

const NO_IDS: ReadonlySet<string> = new Set();

export function useGroups(): Group[] | undefined {
  return useRead('groups');
}

export function useGroup(id: string | null | undefined): Group | null | undefined {
  return useRead('group', id ?? null);
}

/** The group with this name (the bias is stored by name). */
export function useGroupByName(name: string | null | undefined): Group | null | undefined {
  return useRead('groupByName', name ?? null);
}

/** Cards, all or of one group, sorted; like counts include the user's queued likes. */
export function usePhotoCards(query: PhotoCardQuery = {}): PhotoCard[] | undefined {
  const { group, sort, limit } = query;
  return useRead('photoCards', { group, sort, limit });
}

export function usePhotoCard(id: string | null | undefined): PhotoCard | null | undefined {
  return useRead('photoCard', id ?? null);
}

/** Several cards by id, in that order (cards not here are skipped). */
export function usePhotoCardsByIds(ids: readonly string[]): PhotoCard[] | undefined {
  return useRead('photoCardsByIds', [...ids]);
}

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
