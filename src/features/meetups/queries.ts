// Live reads of cafe events (밋업) and their comments.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Comment, MeetUp } from '../../data/pb/records';
import { getMeetUp, listCommentsOfMeetUp, listMeetUps } from '../../data/queries/meetups';

/** Every event, soonest first. */
export function useMeetUps(): MeetUp[] | undefined {
  return useLiveQuery(() => listMeetUps(), []);
}

export function useMeetUp(id: string | null | undefined): MeetUp | null | undefined {
  return useLiveQuery(() => (id ? getMeetUp(id) : null), [id]);
}

/** The comments of an event, newest first (a comment written offline is there at once). */
export function useCommentsOfMeetUp(meetUpId: string | null | undefined): Comment[] | undefined {
  return useLiveQuery(() => (meetUpId ? listCommentsOfMeetUp(meetUpId) : []), [meetUpId]);
}
