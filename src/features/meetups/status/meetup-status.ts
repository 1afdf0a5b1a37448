import { dayOf } from '@/lib/meetup-dates';

/** Where an event stands today (docs/product-rules.md, Meetup map). */
export type MeetupStatus = 'ongoing' | 'upcoming' | 'ended';

/** The meetup list's filter: every event, or the events of one status. */
export type MeetupFilter = 'all' | MeetupStatus;

export const MEETUP_FILTERS: readonly MeetupFilter[] = ['all', 'ongoing', 'upcoming', 'ended'];

interface Dated {
  startDate: string;
  endDate: string;
}

/**
 * An event's status on `today` (`YYYY-MM-DD`, the device's local day): ended once its last day
 * (endDate, else startDate) is past, upcoming before its first day, ongoing in between. An event
 * with no date has none (it shows under 전체 only). Days compare as strings, as in
 * lib/meetup-dates.ts. The server closes comments by the same rule on Korea's day
 * (pb_hooks/lib/meetup-ended.js).
 */
export function meetupStatus(event: Dated, today: string): MeetupStatus | null {
  const start = dayOf(event.startDate);
  const last = dayOf(event.endDate) || start;
  if (!last) return null;
  if (last < today) return 'ended';
  if (start && start > today) return 'upcoming';
  return 'ongoing';
}

/** The events of a filter, keeping their order. */
export function filterByStatus<T extends Dated>(
  events: readonly T[],
  filter: MeetupFilter,
  today: string,
): T[] {
  if (filter === 'all') return [...events];
  return events.filter((e) => meetupStatus(e, today) === filter);
}
