/**
 * The FAQ's and the guide's search (docs/product-rules.md, Content pages): an entry matches when
 * every word typed appears in its question, heading or text, ignoring case and spaces inside
 * words ('오프 라인' finds '오프라인' too, as fans type it either way).
 */
import type { DocBlock } from './ko';

function fold(s: string): string {
  return s.normalize('NFC').toLowerCase().replace(/\s+/g, '');
}

export function blocksText(blocks: readonly DocBlock[]): string {
  return blocks.map((b) => (typeof b === 'string' ? b : b.join(' '))).join(' ');
}

/** Whether `text` holds every word of `query` (an empty query matches everything). */
export function matchesQuery(text: string, query: string): boolean {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = fold(text);
  // the whole query without spaces also counts, so '오프 라인' finds '오프라인'
  return words.every((w) => hay.includes(fold(w))) || hay.includes(fold(query));
}
