import { useReadOr } from '@/live/use-read';

const NONE: string[] = [];

/** The app's group names, for the group question's suggestions (free text is allowed too). */
export function useGroupNames(): string[] {
  return useReadOr('groupNames', NONE);
}
