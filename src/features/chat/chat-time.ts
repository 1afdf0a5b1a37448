/**
 * A message's time as a chat shows it: the clock time for today's ('오후 3:04'), with the date
 * before it for older ones ('11월 24일 오후 3:04', the year too when it is not this year).
 * Korean, in the device's time zone.
 */
const timeOnly = new Intl.DateTimeFormat('ko-KR', { hour: 'numeric', minute: '2-digit' });
const withDate = new Intl.DateTimeFormat('ko-KR', {
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const withYear = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function messageTime(ms: number, now: number): string {
  if (Number.isNaN(ms)) return '';
  const then = new Date(ms);
  const today = new Date(now);
  if (then.getFullYear() !== today.getFullYear()) return withYear.format(then);
  if (then.getMonth() !== today.getMonth() || then.getDate() !== today.getDate()) {
    return withDate.format(then);
  }
  return timeOnly.format(then);
}
