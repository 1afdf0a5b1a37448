/**
 * A report as a first draft of what it becomes (docs/operators.md, The report queue): the group
 * the fan's text names, matched as the server matches it (either name, folded), and the dates a
 * meetup's free-text period holds. Pure, so the forms only lay them out; the server checks the
 * draft again when it is sent.
 */
import type { GroupChoice } from './api';

/** A name as the server compares names: NFKC, lower case, no blanks (lib/search-key.js fold). */
export function fold(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** The group whose Latin or Korean name folds to `name`'s fold, or null. */
export function matchGroup(groups: readonly GroupChoice[], name: string): GroupChoice | null {
  const wanted = fold(name);
  if (!wanted) return null;
  return (
    groups.find(
      (g) => fold(g.groupName) === wanted || (!!g.groupNameKo && fold(g.groupNameKo) === wanted),
    ) ?? null
  );
}

/** A new group's names from the fan's text: Hangul is the Korean name, anything else the Latin. */
export function newGroupNames(text: string): { groupName: string; groupNameKo: string } {
  const name = text.trim();
  return /[가-힣]/.test(name)
    ? { groupName: '', groupNameKo: name }
    : { groupName: name, groupNameKo: '' };
}

const DATE = /(\d{4})\s*[.\-/년]\s*(\d{1,2})\s*[.\-/월]\s*(\d{1,2})/g;

/**
 * The first and last dates (YYYY-MM-DD) a period such as '2026.12.01 - 2026.12.03' names; one date
 * is both; '' when it names none.
 */
export function datesOf(period: string): { start: string; end: string } {
  const found: string[] = [];
  for (const m of period.matchAll(DATE)) {
    const [y, mo, d] = [m[1] ?? '', (m[2] ?? '').padStart(2, '0'), (m[3] ?? '').padStart(2, '0')];
    const iso = `${y}-${mo}-${d}`;
    const t = Date.parse(`${iso}T00:00:00Z`);
    if (!Number.isNaN(t) && new Date(t).toISOString().startsWith(iso)) found.push(iso);
  }
  return { start: found[0] ?? '', end: found[found.length - 1] ?? '' };
}

/** A coordinate typed in a box: null when empty, NaN when not a number. */
export function coordinate(value: string): number | null {
  const v = value.trim();
  if (!v) return null;
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
}
