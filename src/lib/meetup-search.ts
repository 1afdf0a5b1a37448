/**
 * Meetup search (docs/product-rules.md, Search): case-insensitive substring over all the event's
 * text fields, folded like the photo card search (src/lib/card-search.ts): NFKC so full-width
 * letters match, lower case, surrounding spaces of the query ignored. Each event's folded text is
 * computed once per object (a WeakMap, dropped with the rows a live query replaced), so a keystroke
 * is one substring test per event.
 */
export interface SearchableMeetup {
  eventTitle: string;
  cafeName: string;
  address: string;
  date: string;
  artistName: string;
  source: string;
  basicGift: string;
  desertGift: string;
  priorityGift: string;
  firstHashtag: string;
  secondHashtag: string;
}

/** The fields searched, in the order they are joined. */
export const MEETUP_SEARCH_FIELDS = [
  'eventTitle',
  'cafeName',
  'address',
  'date',
  'artistName',
  'source',
  'basicGift',
  'desertGift',
  'priorityGift',
  'firstHashtag',
  'secondHashtag',
] as const satisfies readonly (keyof SearchableMeetup)[];

const fold = (s: string) => s.normalize('NFKC').toLocaleLowerCase('ko');

// Joined with a character no query keeps, so a match never spans two fields.
const SEPARATOR = '\u0000';
const folded = new WeakMap<SearchableMeetup, string>();

function haystack(meetup: SearchableMeetup): string {
  let text = folded.get(meetup);
  if (text === undefined) {
    text = fold(MEETUP_SEARCH_FIELDS.map((f) => meetup[f] ?? '').join(SEPARATOR));
    folded.set(meetup, text);
  }
  return text;
}

function foldQuery(search: string): string {
  return fold(search.trim()).replaceAll(SEPARATOR, '');
}

/** Whether the event matches the search text (an empty search matches every event). */
export function matchesMeetupSearch(meetup: SearchableMeetup, search: string): boolean {
  const q = foldQuery(search);
  return !q || haystack(meetup).includes(q);
}

/** The events matching the search text, in their order. */
export function filterMeetups<T extends SearchableMeetup>(
  meetups: readonly T[],
  search: string,
): T[] {
  const q = foldQuery(search);
  return q ? meetups.filter((m) => haystack(m).includes(q)) : [...meetups];
}

/**
 * Whether the event has a place on the map; events without lat/lng stay in the list only
 * (docs/product-rules.md, Meetup map). PocketBase answers 0 for a number never set, so 0/0 counts
 * as "no place" too (no cafe sits on the equator at the prime meridian).
 */
export function hasLocation<T extends { lat: number | null; lng: number | null }>(
  meetup: T,
): meetup is T & { lat: number; lng: number } {
  const { lat, lng } = meetup;
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}
