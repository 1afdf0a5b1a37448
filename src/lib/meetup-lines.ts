// What the home meetup strip shows: events that are on now or still to come, soonest first, each
// with a short date range. Pure, so the strip's choice and format do not depend on React or Dexie.
import { dayOf } from './meetup-dates';

export { MEETUP_LINES_MAX, upcomingMeetUps } from './meetup-dates';

/** `M.D` of a `YYYY-MM-DD` day. */
function shortDay(day: string): string {
  return `${Number(day.slice(5, 7))}.${Number(day.slice(8, 10))}`;
}

/** '11.20~11.23', '11.20' for a one-day event, else the event's free-text date. */
export function meetUpDates(event: { startDate: string; endDate: string; date: string }): string {
  const start = dayOf(event.startDate);
  const end = dayOf(event.endDate);
  if (!start) return end ? shortDay(end) : event.date.trim();
  return end && end !== start ? `${shortDay(start)}~${shortDay(end)}` : shortDay(start);
}
