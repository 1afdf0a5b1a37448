import { ko } from '@/i18n/ko';

// docs/product-rules.md, Limits and messages: years, months (30-day), days, hours, minutes, else
// '방금 전'.
// A year is twelve 30-day months (360 days) so the labels never say '12개월 전'.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 12 * MONTH;

export type DateInput = Date | string | number;

function toTime(value: DateInput): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/**
 * Korean label for how long ago `date` was, seen from `now`.
 * Future dates (clock skew between devices) read as '방금 전'; an unparsable date gives ''.
 */
export function relativeTime(date: DateInput, now: DateInput = Date.now()): string {
  const then = toTime(date);
  const current = toTime(now);
  if (Number.isNaN(then) || Number.isNaN(current)) return '';

  const elapsed = current - then;
  const t = ko.relativeTime;
  if (elapsed >= YEAR) return t.years(Math.floor(elapsed / YEAR));
  if (elapsed >= MONTH) return t.months(Math.floor(elapsed / MONTH));
  if (elapsed >= DAY) return t.days(Math.floor(elapsed / DAY));
  if (elapsed >= HOUR) return t.hours(Math.floor(elapsed / HOUR));
  if (elapsed >= MINUTE) return t.minutes(Math.floor(elapsed / MINUTE));
  return t.justNow;
}
