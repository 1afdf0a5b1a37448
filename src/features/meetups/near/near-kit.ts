import type { MeetUp } from '@/data/pb/records';
import { distanceMeters, sortByDistance } from '@/lib/geo';
import { formatDistance } from '@/lib/geo-format';
import { hasLocation } from '@/lib/meetup-search';
import type { NearMe } from './near-me';
import { meetupStatus } from '@/features/meetups/status/meetup-status';

export { NearOrderBar } from './near-order';

/**
 * What the list needs of 내 주변 once the fan's position is known (docs/product-rules.md, Meetup
 * map). Handed over with the position by the map's 내 위치 button, so none of it is in the
 * screen's own chunk: a visit that never presses the button never loads it.
 */

/**
 * Nearest first, ended events last (docs/product-rules.md, 내 주변): the events still running or to
 * come by distance, then the ended ones by distance, each card keeping its '종료' chip. Within
 * each part equal distances, then events without coordinates, keep the given order. `today` is
 * the device's day (YYYY-MM-DD), as the status chips read it.
 */
export function nearestFirst(list: readonly MeetUp[], near: NearMe, today: string): MeetUp[] {
  const live: MeetUp[] = [];
  const ended: MeetUp[] = [];
  for (const m of list) (meetupStatus(m, today) === 'ended' ? ended : live).push(m);
  const place = (m: MeetUp) => (hasLocation(m) ? m : null);
  return [...sortByDistance(live, near, place), ...sortByDistance(ended, near, place)];
}

/** Each located event's distance from the fan, as its card shows it ('350m'), by id. */
export function distanceLabels(list: readonly MeetUp[], near: NearMe): Map<string, string> {
  const labels = new Map<string, string>();
  for (const m of list) {
    if (hasLocation(m)) labels.set(m.id, formatDistance(distanceMeters(near, m)));
  }
  return labels;
}
