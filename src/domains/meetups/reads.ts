/** The meetups' live reads (events and their comments), by name, for src/domains/tables/reads.ts. */
import { MEETUP_LINES_MAX, upcomingMeetUps } from '@/lib/meetup-dates.ts';
import { groupIdOf } from '@/domains/catalogue/groups.ts';
import type { MeetUp } from '@/data/pb/records.ts';
import { getMeetUp, listCommentsOfMeetUp, listMeetUps } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  meetUps: () => listMeetUps(),
  /**
   * The home strip's events on `today` (YYYY-MM-DD): a few, not the whole list; those of the
   * favourite group `first` (an id or a name) first.
   */
  upcomingMeetUps: async (today: string, first?: string) => {
    const all = await listMeetUps();
    const group = first ? await groupIdOf(first) : null;
    return group ? groupEventsFirst(all, today, group) : upcomingMeetUps(all, today);
  },
  meetUp: (id: Id) => (id ? getMeetUp(id) : Promise.resolve(null)),
  commentsOfMeetUp: (id: Id) => (id ? listCommentsOfMeetUp(id) : Promise.resolve([])),
};

/**
 * The strip's events with the group's own first, each part soonest first (docs/product-rules.md,
 * Home); as many as the strip shows at most.
 */
export function groupEventsFirst(all: readonly MeetUp[], today: string, group: string): MeetUp[] {
  const own = upcomingMeetUps(
    all.filter((m) => m.group === group),
    today,
  );
  const mine = new Set(own.map((m) => m.id));
  const rest = upcomingMeetUps(
    all.filter((m) => !mine.has(m.id)),
    today,
  );
  return [...own, ...rest].slice(0, MEETUP_LINES_MAX);
}
