// Live reads of cafe events (밋업) and their comments.
import { useRead } from '@/live/use-read';
import type { Comment, MeetUp } from '@/data/pb/records';

/** Every event, soonest first. */
export function useMeetUps(): MeetUp[] | undefined {
  return useRead('meetUps');
}

/**
 * The events on now or still to come from `today` (YYYY-MM-DD), soonest first; a few. With
 * `first` (the favourite group, an id or a name), that group's events come first.
 */
export function useUpcomingMeetUps(today: string, first?: string): MeetUp[] | undefined {
  return useRead('upcomingMeetUps', today, first);
}

export function useMeetUp(id: string | null | undefined): MeetUp | null | undefined {
  return useRead('meetUp', id ?? null);
}

/** The comments of an event, newest first (a comment written offline is there at once). */
export function useCommentsOfMeetUp(meetUpId: string | null | undefined): Comment[] | undefined {
  return useRead('commentsOfMeetUp', meetUpId ?? null);
}
