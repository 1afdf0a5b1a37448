import { useLiveQuery } from 'dexie-react-hooks';
import { listGroups } from '../../../data/queries/groups';

/** The app's group names, for the group question's suggestions (free text is allowed too). */
export function useGroupNames(): string[] {
  return useLiveQuery(async () => (await listGroups()).map((g) => g.groupName), []) ?? [];
}
