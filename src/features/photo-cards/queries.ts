// Live reads for the photo card screens: groups, cards (with the like counts to show) and the
// signed-in user's likes. Undefined means "still loading"; null means "not here".
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, sessionUserIdAtom } from '../../app/store';
import type { Group, Like, PhotoCard } from '../../data/pb/records';
import { getGroup, getGroupByName, listGroups } from '../../data/queries/groups';
import { pendingLikeCardIds } from '../../data/queries/like-counts';
import { getLikeOfCard, listLikedCardIds, listLikedCards } from '../../data/queries/likes';
import {
  getPhotoCard,
  getPhotoCards,
  listPhotoCards,
  type PhotoCardQuery,
} from '../../data/queries/photo-cards';

export type { PhotoCardQuery, PhotoCardSort } from '../../data/queries/photo-cards';

const NO_IDS: ReadonlySet<string> = new Set();

export function useGroups(): Group[] | undefined {
  return useLiveQuery(() => listGroups(), []);
}

export function useGroup(id: string | null | undefined): Group | null | undefined {
  return useLiveQuery(() => (id ? getGroup(id) : null), [id]);
}

/** The group with this name (the bias is stored by name). */
export function useGroupByName(name: string | null | undefined): Group | null | undefined {
  return useLiveQuery(() => (name ? getGroupByName(name) : null), [name]);
}

/** Cards, all or of one group, sorted; like counts include the user's queued likes. */
export function usePhotoCards(query: PhotoCardQuery = {}): PhotoCard[] | undefined {
  const { group, sort, limit } = query;
  return useLiveQuery(() => listPhotoCards({ group, sort, limit }), [group, sort, limit]);
}

export function usePhotoCard(id: string | null | undefined): PhotoCard | null | undefined {
  return useLiveQuery(() => (id ? getPhotoCard(id) : null), [id]);
}

/** Several cards by id, in that order (cards not here are skipped). */
export function usePhotoCardsByIds(ids: readonly string[]): PhotoCard[] | undefined {
  const key = ids.join('\n');
  return useLiveQuery(() => getPhotoCards(key ? key.split('\n') : []), [key]);
}

/** Ids of the cards the user likes (logged out: the hearts ticked on this device). */
export function useLikedCardIds(): ReadonlySet<string> | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useLiveQuery(() => listLikedCardIds(userId), [userId]);
}

/** The cards the user likes, most recently liked first (the wishlist). */
export function useLikedCards(): PhotoCard[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useLiveQuery(() => listLikedCards(userId), [userId]);
}

/** The signed-in user's like of a card (null when not liked or logged out). */
export function useLikeOfCard(cardId: string | null | undefined): Like | null | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useLiveQuery(
    () => (userId && cardId ? getLikeOfCard(userId, cardId) : null),
    [userId, cardId],
  );
}

/** Card ids whose like or unlike is still waiting to be sent (their pending marks). */
export function usePendingLikeCardIds(): ReadonlySet<string> {
  return useLiveQuery(() => pendingLikeCardIds(), [], NO_IDS);
}
