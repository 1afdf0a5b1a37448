/** A notice's date as fans read it ('2026년 11월 27일'), in the device's time zone. */
export function noticeDate(stamp: string): string {
  const ms = Date.parse(stamp.replace(' ', 'T'));
  if (Number.isNaN(ms)) return '';
  return new Date(ms).toLocaleDateString('ko-KR', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** When a notice counts as published: `published`, else when it was written. */
export function publishedAt(n: { published: string; created: string }): string {
  return n.published || n.created;
}
