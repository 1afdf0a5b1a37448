/**
 * A count as Korean text shows it: digits in threes ('6,661', '200,358'). Done by hand, not with
 * `toLocaleString`: the first number format of a page loads ICU's locale data, and counts are
 * drawn while a first screen hydrates.
 */
export function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
