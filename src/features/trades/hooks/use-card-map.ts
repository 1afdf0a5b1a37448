import { useMemo } from 'react';
import { usePhotoCardsByIds } from '@/domains/catalogue/hooks';
import type { PhotoCard } from '@/data/pb/records';

/**
 * The catalogue's copies of several cards, by id, in one live read for a whole screen (a list of
 * fans or proposals draws many small strips); undefined while loading. Cards not in the local
 * catalogue are missing from the map.
 */
export function useCardMap(ids: readonly string[]): ReadonlyMap<string, PhotoCard> | undefined {
  const key = [...new Set(ids)].sort().join(',');
  const wanted = useMemo(() => (key ? key.split(',') : []), [key]);
  const cards = usePhotoCardsByIds(wanted);
  return useMemo(() => (cards ? new Map(cards.map((c) => [c.id, c])) : undefined), [cards]);
}
