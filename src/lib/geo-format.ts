import { koMeetupNear } from '@/i18n/ko-meetup-near';

const t = koMeetupNear.meetupNear;

/**
 * A distance as the meetup cards show it (docs/product-rules.md, Meetup map): under 10 m '10m
 * 이내'; under 1 km in steps of 10 m ('350m'); under 10 km in steps of 100 m ('1.2km', '3km');
 * beyond, whole kilometres with separators ('12km', '1,234km'). Rounded to the nearest step, so
 * 996 m reads '1km'. A phone's position is rarely better than 10 m: finer figures would mislead.
 */
export function formatDistance(meters: number): string {
  if (!Number.isFinite(meters) || meters < 0) return '';
  if (meters < 10) return t.within(10);
  const tens = Math.round(meters / 10) * 10;
  if (tens < 1000) return t.meters(tens);
  const tenths = Math.round(meters / 100) / 10;
  if (tenths < 10) return t.kilometers(String(tenths));
  return t.kilometers(Math.round(meters / 1000).toLocaleString('ko-KR'));
}
