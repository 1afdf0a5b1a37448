import { DEFAULT_BIAS, guestBiasAtom, isLoggedInAtom, useAtomValue } from '@/state/store';
import type { Group } from '@/data/pb/records';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { useGroups } from '@/domains/catalogue/hooks';

/**
 * The favourite group as stored: a signed-in user's biasGroup (a relation, so a group id; a name
 * is accepted too), else the group chosen on this device while logged out (a name), else RIIZE
 * (docs/product-rules.md, Favourite group). Undefined while a signed-in user's profile is still
 * loading, so screens do not flash the default group first.
 */
function useBiasKey(): string | undefined {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const profile = useOwnProfile();
  const guestBias = useAtomValue(guestBiasAtom);
  if (loggedIn && profile === undefined) return undefined;
  return profile?.biasGroup || guestBias || DEFAULT_BIAS;
}

/** The group a stored bias (id or name) points at, or null when it is not in the list. */
export function findBiasGroup(groups: readonly Group[], key: string): Group | null {
  return groups.find((g) => g.id === key) ?? groups.find((g) => g.groupName === key) ?? null;
}

/** The favourite group: undefined while loading, null when it is not among the groups here. */
export function useBiasGroup(): Group | null | undefined {
  const key = useBiasKey();
  const groups = useGroups();
  if (key === undefined || groups === undefined) return undefined;
  return findBiasGroup(groups, key);
}

/**
 * The favourite group's name (undefined while loading). A stored name that matches no group here
 * is returned as it is.
 */
export function useBiasGroupName(): string | undefined {
  const key = useBiasKey();
  const groups = useGroups();
  if (key === undefined || groups === undefined) return undefined;
  return findBiasGroup(groups, key)?.groupName ?? key;
}
