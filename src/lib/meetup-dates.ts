/**
 * Calendar days of meetups. Stored dates are calendar days saved at midnight UTC
 * ('2026-11-20 00:00:00.000Z'), so they are compared as `YYYY-MM-DD` strings, never through Date
 * (which would shift them a day west of UTC).
 */

/** `YYYY-MM-DD` of a stored date, or '' when it is not one. */
export function dayOf(stored: string): string {
  const day = stored.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '';
}

/** Today's local calendar date as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Today in Korea as `YYYY-MM-DD`, whatever the device's or the server's time zone: the meetups are
 * Seoul's, so whether one is on, to come or over goes by Seoul's day. The server renderer and the
 * device use the same day, so a page hydrates without moving its list at midnight UTC.
 */
export function koreaToday(now: number = Date.now()): string {
  return new Date(now + 9 * 3600_000).toISOString().slice(0, 10);
}

/**
 * Code-point order of two stored keys (days, ids), the same as lib/compare.ts's compareKeys. Kept
 * here: this module is in the entry bundle, and importing that one would split it into a chunk of
 * its own (one more request before the page hydrates).
 */
const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

interface Dated {
  id: string;
  startDate: string;
  endDate: string;
}

/**
 * The meetup list's order: events on now or still to come first, soonest start first (what a fan
 * plans a day around); then those already over, most recently ended first; events with no date
 * last. Ties go by id, so the order is stable.
 */
export function orderForList<T extends Dated>(events: readonly T[], today: string): T[] {
  const rank = (e: T) => {
    const start = dayOf(e.startDate);
    const last = dayOf(e.endDate) || start;
    if (!last) return { group: 2, key: '' };
    if (last >= today) return { group: 0, key: start || last };
    // ended: later end first (inverted by comparing b to a below)
    return { group: 1, key: last };
  };
  return events
    .map((event) => ({ event, ...rank(event) }))
    .sort(
      (a, b) =>
        a.group - b.group ||
        (a.group === 1 ? compareKeys(b.key, a.key) : compareKeys(a.key, b.key)) ||
        compareKeys(a.event.id, b.event.id),
    )
    .map((r) => r.event);
}

/** The home strip's events (see upcomingMeetUps): at most this many rotate through it. */
export const MEETUP_LINES_MAX = 10;

/**
 * Events still running or to come (last day ≥ today), soonest start first (days compared as
 * strings, see lib/meetup-dates.ts). Events with only a free-text date come last: they
 * cannot be placed in time, and the operators still listed them.
 */
export function upcomingMeetUps<T extends Dated & { date: string }>(
  events: readonly T[],
  today: string,
): T[] {
  const dated: Array<{ event: T; start: string }> = [];
  const undated: T[] = [];
  for (const event of events) {
    const start = dayOf(event.startDate);
    const last = dayOf(event.endDate) || start;
    if (!last) {
      if (event.date.trim()) undated.push(event);
    } else if (last >= today) {
      dated.push({ event, start: start || last });
    }
  }
  dated.sort((a, b) => compareKeys(a.start, b.start) || compareKeys(a.event.id, b.event.id));
  return [...dated.map((d) => d.event), ...undated].slice(0, MEETUP_LINES_MAX);
}
