/**
 * Names and nicknames only the operators may use (관리자, admin, 포카마켓 and their look-alikes):
 * the client's copy of pb_hooks/lib/reserved-names.js, on the same word list and with the same
 * messages (pb_hooks/reserved-names.json), so a form says what the server would answer.
 */
// eslint-disable-next-line no-restricted-imports -- the server's own list, shared from pb_hooks/
import reserved from '../../pb_hooks/reserved-names.json';
import { INVISIBLE } from './text.ts';

export const MSG_RESERVED_NAME: string = reserved.messages.name;
export const MSG_RESERVED_USERNAME: string = reserved.messages.username;

/** Letters and digits written for the Latin letters they look like ('adm1n', 'аdmin', 'r00t'). */
const CONFUSABLES: Readonly<Record<string, string>> = reserved.lookAlikes;

/** Digits and separators at either end ('admin2', '_admin.'), but not signs read as letters. */
const ENDS = /^[0-9\s"#%&'()*+,\-./:;<=>?[\\\]^_`{}~]+|[0-9\s"#%&'()*+,\-./:;<=>?[\\\]^_`{}~]+$/g;

/** NFKC, lower case, no whitespace nor zero-width characters. */
function plain(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(/\s+/g, '').replace(INVISIBLE, '');
}

/** Look-alike letters folded, then every character but letters and digits dropped. */
function fold(s: string): string {
  let out = '';
  for (const ch of s) out += CONFUSABLES[ch] ?? ch;
  return out.replace(/[^0-9a-z가-힣]/g, '');
}

/**
 * The form reserved words are compared in: NFKC, lower case, no whitespace or zero-width
 * characters, digits and separators at either end dropped, look-alike letters folded, then every
 * character but letters and digits dropped.
 */
export function canonicalName(value: string): string {
  return fold(plain(value).replace(ENDS, ''));
}

const WORDS = [...new Set(reserved.words.map(canonicalName).filter(Boolean))];

function madeOfWords(s: string): boolean {
  if (!s) return false;
  const ok = [true];
  for (let end = 1; end <= s.length; end++) {
    ok[end] = WORDS.some((w) => end >= w.length && ok[end - w.length] && s.endsWith(w, end));
  }
  return ok[s.length] === true;
}

/**
 * Whether a display name or nickname is one or more reserved words: with the digits at the ends
 * dropped ('admin2'), or read as letters ('4dmin').
 */
export function isReservedName(value: string): boolean {
  return madeOfWords(canonicalName(value)) || madeOfWords(fold(plain(value)));
}
