/**
 * Profanity check for exchange posts, the same one the server runs (pb_hooks): the word lists are
 * the server's own file, and normalisation matches it — NFKC (folds full-width letters), lower
 * case, then every whitespace and zero-width character removed, so '씨 발', 'FUCK' and 'ｆｕｃｋ'
 * are all caught.
 */
// eslint-disable-next-line no-restricted-imports -- the server's own list, shared from pb_hooks/
import words from '../../pb_hooks/profanity-words.json';
import { INVISIBLE } from './text.ts';

export function normalizeForProfanity(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(INVISIBLE, '');
}

const LIST: readonly string[] = [...words.en, ...words.ko].map(normalizeForProfanity);

export function containsProfanity(text: string): boolean {
  const normalized = normalizeForProfanity(text);
  return LIST.some((w) => w.length > 0 && normalized.includes(w));
}
