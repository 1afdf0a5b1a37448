// What the home meetup strip shows: events that are on now or still to come, soonest first, each
// with a short date range. Pure, so the strip's choice and format do not depend on React or Dexie.
import type { MeetUp } from '../../data/pb/records';
import { dayOf } from '../../lib/meetup-dates';

/** At most this many events rotate through the strip. */
export const MEETUP_LINES_MAX = 10;

/**
 * Events still running or to come (last day ≥ today), soonest start first (days compared as
 * strings, see lib/meetup-dates.ts). Events with only a free-text date come last: they
 * cannot be placed in time, and the operators still listed them.
 */
export function upcomingMeetUps(events: readonly MeetUp[], today: string): MeetUp[] {
  const dated: Array<{ event: MeetUp; start: string }> = [];
  const undated: MeetUp[] = [];
  for (const event of events) {
    const start = dayOf(event.startDate);
    const last = dayOf(event.endDate) || start;
    if (!last) {
      if (event.date.trim()) undated.push(event);
    } else if (last >= today) {
      dated.push({ event, start: start || last });
    }
  }
  dated.sort((a, b) => a.start.localeCompare(b.start) || a.event.id.localeCompare(b.event.id));
  return [...dated.map((d) => d.event), ...undated].slice(0, MEETUP_LINES_MAX);
}

/** `M.D` of a `YYYY-MM-DD` day. */
function shortDay(day: string): string {
  return `${Number(day.slice(5, 7))}.${Number(day.slice(8, 10))}`;
}

/** '11.20~11.23', '11.20' for a one-day event, else the event's free-text date. */
export function meetUpDates(event: Pick<MeetUp, 'startDate' | 'endDate' | 'date'>): string {
  const start = dayOf(event.startDate);
  const end = dayOf(event.endDate);
  if (!start) return end ? shortDay(end) : event.date.trim();
  return end && end !== start ? `${shortDay(start)}~${shortDay(end)}` : shortDay(start);
}
