/** The meetups' live reads (events and their comments), by name, for src/domains/tables/reads.ts. */
import { upcomingMeetUps } from '@/lib/meetup-dates.ts';
import { getMeetUp, listCommentsOfMeetUp, listMeetUps } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  meetUps: () => listMeetUps(),
  /** The home strip's events on `today` (YYYY-MM-DD): a few, not the whole list. */
  upcomingMeetUps: async (today: string) => upcomingMeetUps(await listMeetUps(), today),
  meetUp: (id: Id) => (id ? getMeetUp(id) : Promise.resolve(null)),
  commentsOfMeetUp: (id: Id) => (id ? listCommentsOfMeetUp(id) : Promise.resolve([])),
};
