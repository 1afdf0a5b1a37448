/**
 * Orders for sorting strings.
 *
 * Stored keys (ids, ISO dates, `YYYY-MM-DD` days) are ASCII and compared by code point, the order
 * the server's SQLite sorts them in. `String.prototype.localeCompare` gives the same order for
 * them but runs the locale's collation on every call, which costs milliseconds per list on a phone.
 * Names people read are compared with one Korean collator, made when first needed.
 */

/** Code-point order of two strings (for ids, dates and other stored keys). */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Made on first use: building a collator loads the locale's rules, about 10 ms on a phone.
let korean: Intl.Collator | undefined;

/** The order a Korean reader expects for names. */
export function compareNames(a: string, b: string): number {
  korean ??= new Intl.Collator('ko');
  return korean.compare(a, b);
}
