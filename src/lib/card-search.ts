/**
 * Photo card search on the device (docs/product-rules.md, Search): the same matching as the
 * server's search route (pb_hooks/lib/search-key.js, docs/data-model.md, Search keys), over the
 * cards the device holds.
 *
 * A card's searchable text is its fields (group name, the group's Korean name, member name and its
 * Latin form, title, label), each folded (NFKC so full-width letters match, lower case, every
 * blank removed so '원 빈' and 'le sserafim' match), then the initial consonants (choseong, from
 * es-hangul) of each name and title that has Hangul ('원빈' → 'ㅇㅂ', '라이즈' → 'ㄹㅇㅈ'; not of
 * the label), folded the same way. A query is folded the same way and matches as a substring of one of those parts, never
 * across two (they are joined by a line break, which a folded query cannot hold).
 *
 * Folding a card is the costly part (about 25 ms per keystroke over 10,000 cards when done every
 * time, bench/cards), so each card's text is computed once and kept in a WeakMap keyed by the card
 * object (with the group's Korean name it was made with): a keystroke is then one substring test
 * per card, and the cache goes away with the cards a live query replaced. A live query that reads
 * the same cards again hands over new objects, so the texts are also kept by the fields they were
 * made from (bounded): without it a phone holding 1,200 cards recomputed all of them on every
 * keystroke offline (120–240 ms each at 4× CPU slowdown).
 */
import { getChoseong } from 'es-hangul';

export interface SearchableCard {
  /** The card's group id: its Korean name is looked up in the `groupNamesKo` given. */
  group?: string;
  groupName: string;
  memberName: string;
  /** The member's Latin name ('WONBIN'), when the card has one. */
  memberNameEn?: string;
  title: string;
  label: string;
}

/** Group id → the group's Korean name (`groups.groupNameKo`, 라이즈 for RIIZE). */
export type GroupNamesKo = ReadonlyMap<string, string>;

const SEPARATOR = '\n';
const HANGUL_SYLLABLE = /[가-힣]/;

const ASCII = /^[\x20-\x7e]*$/;

/** NFKC, lower case, no blanks: how texts and queries are compared (as on the server). */
export function foldSearchText(s: string): string {
  // NFKC leaves ASCII as it is: most Latin names and labels skip it
  const n = ASCII.test(s) ? s : s.normalize('NFKC');
  return n.toLowerCase().replace(/\s+/g, '');
}
/** The choseong of a folded value, folded; '' when it has no Hangul syllable. */
function choseongOfFolded(f: string): string {
  return HANGUL_SYLLABLE.test(f) ? foldSearchText(getChoseong(f)) : '';
}

/**
 * The searchable text of field values: the folded `fields`, then the choseong of `named` (the
 * names and titles), once each.
 */
export function searchText(
  fields: readonly (string | undefined)[],
  named: readonly (string | undefined)[],
): string {
  // each value folded once, for its own part and its choseong
  const folded = new Map<string, string>();
  const fold = (v: string | undefined) => {
    const raw = v ?? '';
    let f = folded.get(raw);
    if (f === undefined) folded.set(raw, (f = foldSearchText(raw)));
    return f;
  };
  const parts = [...fields.map(fold), ...named.map((v) => choseongOfFolded(fold(v)))];
  return [...new Set(parts.filter(Boolean))].join(SEPARATOR);
}

const cache = new WeakMap<SearchableCard, { ko: string; text: string }>();
/** The same texts by the fields they were made from, for a card read again as a new object. */
const byFields = new Map<string, string>();
/** byFields starts over past this many texts (a few MB), so it never grows with the catalogue. */
const MAX_BY_FIELDS = 50_000;

function haystack(card: SearchableCard, groupNamesKo?: GroupNamesKo): string {
  const ko = (card.group && groupNamesKo?.get(card.group)) || '';
  const hit = cache.get(card);
  if (hit && hit.ko === ko) return hit.text;
  const named = [card.groupName, ko, card.memberName, card.memberNameEn, card.title];
  const key = `${named.join(SEPARATOR)}${SEPARATOR}${card.label}`;
  let text = byFields.get(key);
  if (text === undefined) {
    text = searchText([...named, card.label], named);
    if (byFields.size >= MAX_BY_FIELDS) byFields.clear();
    byFields.set(key, text);
  }
  cache.set(card, { ko, text });
  return text;
}

/** Whether the card matches the search text (an empty search matches every card). */
export function matchesCardSearch(
  card: SearchableCard,
  search: string,
  groupNamesKo?: GroupNamesKo,
): boolean {
  const q = foldSearchText(search);
  return !q || haystack(card, groupNamesKo).includes(q);
}

/** The cards matching the search text, in their order. */
export function filterCards<T extends SearchableCard>(
  cards: readonly T[],
  search: string,
  groupNamesKo?: GroupNamesKo,
): T[] {
  const q = foldSearchText(search);
  return q ? cards.filter((c) => haystack(c, groupNamesKo).includes(q)) : [...cards];
}

/** Group id → Korean name, for the groups that have one. */
export function groupNamesKoOf(
  groups: readonly { id: string; groupNameKo?: string }[] | undefined,
): GroupNamesKo {
  const map = new Map<string, string>();
  for (const g of groups ?? []) if (g.groupNameKo) map.set(g.id, g.groupNameKo);
  return map;
}

export interface SearchableGroup {
  groupName: string;
  groupNameKo?: string;
}

const groupCache = new WeakMap<SearchableGroup, string>();

/** Whether a group's Latin or Korean name matches the search (라이즈, ㄹㅇㅈ, riize). */
export function matchesGroupSearch(group: SearchableGroup, search: string): boolean {
  const q = foldSearchText(search);
  if (!q) return true;
  let text = groupCache.get(group);
  if (text === undefined) {
    const names = [group.groupName, group.groupNameKo];
    text = searchText(names, names);
    groupCache.set(group, text);
  }
  return text.includes(q);
}
