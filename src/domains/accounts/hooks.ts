// Live reads of user profiles: the signed-in user's own (with private fields) and other users'
// public ones (post writers, comment authors). Undefined while loading; null when not here.
import { useState } from 'react';
import { useAtomValue, sessionUserIdAtom } from '@/state/store';
import { useRead } from '@/live/use-read';
import type { UserProfile } from '@/data/pb/records';
import type { PublicProfile } from './queries';
import { ko } from '@/i18n/ko';

export type { PublicProfile } from './queries';

/**
 * How a fan is named to other fans: their nickname, the same everywhere (docs/accounts.md,
 * Nicknames), or a neutral label when they have none; `loading` while the profile is on its
 * way (undefined) or not here yet (null).
 */
export function nicknameOf(
  profile: PublicProfile | null | undefined,
  loading: string = ko.common.loadingWriter,
): string {
  return profile ? profile.username || ko.common.noNickname : loading;
}

/** The signed-in user's profile, or null when logged out. */
export function useOwnProfile(): UserProfile | null | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('ownProfile', userId);
}

export function usePublicProfile(id: string | null | undefined): PublicProfile | null | undefined {
  return useRead('publicProfile', id ?? null);
}

/**
 * Public profiles of several users, by id (a list's writers in one read). While a new set of ids
 * loads (a fan's first post in a list adds a writer), the last map stays, so the names already on
 * screen don't flash '로딩 중...'; only a writer not in it waits.
 */
export function usePublicProfiles(
  ids: readonly string[],
): ReadonlyMap<string, PublicProfile> | undefined {
  const next = useRead('publicProfiles', [...new Set(ids)].sort());
  const [kept, setKept] = useState(next);
  if (next !== undefined && next !== kept) setKept(next);
  return next ?? kept;
}
