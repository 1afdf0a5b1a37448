/**
 * Orders for sorting strings.
 *
 * Stored keys (ids, ISO dates, `YYYY-MM-DD` days) are ASCII and compared by code point, the order
 * the server's SQLite sorts them in. `String.prototype.localeCompare` gives the same order for
 * them but runs the locale's collation on every call, which costs milliseconds per list on a phone.
 * Names people read are compared in the Korean collation's order (compareNames).
 */

/** Code-point order of two strings (for ids, dates and other stored keys). */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Where a character sorts among scripts, as the Korean collation (CLDR `ko`) orders them: spaces
 * and punctuation, digits, Hangul (jamo and syllables), Hanja, then Latin and other letters.
 */
function scriptRank(code: number): number {
  if (code >= 0x30 && code <= 0x39) return 1;
  if (
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0x3131 && code <= 0x318e)
  )
    return 2;
  if (code >= 0x4e00 && code <= 0x9fff) return 3;
  // letters of other scripts (Latin, Greek, kana...) have a case or lie above the symbols
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code >= 0xc0 ? 4 : 0;
}

/** ASCII spaces and punctuation in the collation's order (not code-point order: '.' before "'"). */
const PUNCTUATION = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';

/** The place of a space or punctuation mark among its kind; other symbols after them. */
function symbolOrder(code: number): number {
  const at = code < 0x80 ? PUNCTUATION.indexOf(String.fromCharCode(code)) : -1;
  return at >= 0 ? at : 0x80 + code;
}

/** A name as the collation's first level sees it: Latin case and accents folded away. */
function folded(name: string): string {
  // the common case (ASCII and Hangul) needs no decomposition
  return /[\u00c0-\u024f]/.test(name)
    ? name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    : name.toLowerCase();
}

/**
 * The order a Korean reader expects for names: 가나다 order, Hangul before Latin, Latin letters
 * without regard to case or accents (a lower-case name first when two differ only so). The same
 * order as `Intl.Collator('ko')` for the names the app shows (group, member and card names;
 * tests/unit/compare.test.ts checks it against the collator), without it: the first collator
 * of a page loads the collation tables, about 15 ms unthrottled, 60 ms on a phone, in the task
 * that first sorts a list.
 */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const fa = folded(a);
  const fb = folded(b);
  const n = Math.min(fa.length, fb.length);
  for (let i = 0; i < n; i++) {
    const ca = fa.charCodeAt(i);
    const cb = fb.charCodeAt(i);
    if (ca === cb) continue;
    const ra = scriptRank(ca);
    const rb = scriptRank(cb);
    if (ra !== rb) return ra - rb;
    return ra === 0 ? symbolOrder(ca) - symbolOrder(cb) : ca - cb;
  }
  if (fa.length !== fb.length) return fa.length - fb.length;
  // the same letters: lower case before upper case, then the accented form after the plain one
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const la = a[i] !== a[i]!.toUpperCase();
    const lb = b[i] !== b[i]!.toUpperCase();
    if (la !== lb) return la ? -1 : 1;
    return ca - cb;
  }
  return a.length - b.length;
}
