// Live reads of the catalogue: groups and cards (with the like counts to show). Undefined means
// "still loading"; null means "not here". The fan's own likes are the likes domain's.
import { useRead } from '@/live/use-read';
import type { Group, PhotoCard } from '@/data/pb/records';
import type { PhotoCardQuery } from './photo-cards';

export type { PhotoCardQuery, PhotoCardSort } from './photo-cards';

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
  const { group, sort, limit, first } = query;
  return useRead('photoCards', { group, sort, limit, first });
}

/**
 * Every card of a group, once the part outside the sync scope is read from the server (offline:
 * what the device holds); the read stays loading until then. For 스캔 on a card's page.
 */
export function useWholeGroupCards(group: string | null | undefined): PhotoCard[] | undefined {
  return useRead('wholeGroupCards', group ?? null);
}

export function usePhotoCard(id: string | null | undefined): PhotoCard | null | undefined {
  return useRead('photoCard', id ?? null);
}

/** Several cards by id, in that order (cards not here are skipped). */
export function usePhotoCardsByIds(ids: readonly string[]): PhotoCard[] | undefined {
  return useRead('photoCardsByIds', [...ids]);
}
