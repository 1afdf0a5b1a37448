// Live reads of user profiles: the signed-in user's own (with private fields) and other users'
// public ones (post writers, comment authors). Undefined while loading; null when not here.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, sessionUserIdAtom } from '../../app/store';
import type { UserProfile } from '../../data/pb/records';
import {
  getOwnProfile,
  getPublicProfile,
  getPublicProfiles,
  type PublicProfile,
} from '../../data/queries/users';

export type { PublicProfile } from '../../data/queries/users';

/** The signed-in user's profile, or null when logged out. */
export function useOwnProfile(): UserProfile | null | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useLiveQuery(() => (userId ? getOwnProfile(userId) : null), [userId]);
}

export function usePublicProfile(id: string | null | undefined): PublicProfile | null | undefined {
  return useLiveQuery(() => (id ? getPublicProfile(id) : null), [id]);
}

/** Public profiles of several users, by id (a list's writers in one read). */
export function usePublicProfiles(
  ids: readonly string[],
): ReadonlyMap<string, PublicProfile> | undefined {
  const key = [...new Set(ids)].sort().join('\n');
  return useLiveQuery(() => getPublicProfiles(key ? key.split('\n') : []), [key]);
}
