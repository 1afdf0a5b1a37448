// Live read of 만난 팬 (docs/encounters.md): the signed-in fan's encounters, newest first. Undefined
// while loading; empty when logged out.
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { useRead } from '@/live/use-read';
import type { Encounter } from '@/data/pb/records';

export type { Encounter } from '@/data/pb/records';

/** My encounters, newest first. */
export function useEncounters(): Encounter[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('encounters', userId);
}
