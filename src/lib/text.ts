/**
 * Whitespace and the invisible characters that can hide in text: zero-width spaces and joiners,
 * the word joiner, the soft hyphen, Hangul fillers, the BOM. The server's list is the same
 * (pb_hooks/lib/input-rules.js), so a text the app calls blank is one the server refuses as blank.
 */
export const INVISIBLE = /[\s\u00AD\u115F\u1160\u180E\u200B-\u200D\u2060\u3164\uFEFF\uFFA0]/g;

/** Whether a text has nothing visible in it (trim() keeps zero-width characters; this doesn't). */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}
