/**
 * The report forms' rules (docs/product-rules.md, Reports), without React: which fields each report
 * type requires, in the order the form asks them, and the source-link check.
 * pb_hooks/lib/reports.js enforces the same on the server.
 */
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from '@/domains/collect-books/writes';
import { isBlank } from '@/lib/text';

/** An image the server takes: PNG, JPEG, WEBP or GIF, at most 5 MB. */
export function isValidReportImage(file: Blob): boolean {
  return THUMBNAIL_TYPES.includes(file.type) && file.size <= THUMBNAIL_MAX_BYTES;
}

export const REPORT_IMAGE_TYPES = THUMBNAIL_TYPES;

/** An absolute http(s) link with a host (what SourceURL_ must hold). */
export function isHttpUrl(value: string): boolean {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Whether an answer has something visible in it: spaces, line breaks and zero-width characters
 * alone (which trim() keeps) do not answer a question.
 */
export const filled = (value: string) => !isBlank(value);

/**
 * How many questions to show: every answered one and the first unanswered one. `answered` lists,
 * in order, whether each question is answered. Once shown, a question stays shown (`shown` is the
 * most shown so far), so fixing an earlier answer does not hide the later ones.
 */
export function questionsToShow(answered: readonly boolean[], shown = 0): number {
  const firstOpen = answered.indexOf(false);
  const next = firstOpen === -1 ? answered.length : firstOpen + 1;
  return Math.min(answered.length, Math.max(shown, next));
}

/**
 * The server's length limits of the report's text fields (pb_migrations/1763700000_init_collections.js),
 * kept by the inputs so a report is never refused for its length. The address is stored joined, so
 * its two parts share the 300 characters of cafeAddress.
 */
export const REPORT_MAX = {
  group: 100,
  artistName: 100,
  phocaTitle: 200,
  cafeName: 200,
  addressBase: 250,
  addressDetail: 49,
  meetUpDuration: 200,
  SourceURL_: 2000,
} as const;
