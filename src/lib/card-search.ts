/**
 * Photo card search (docs/product-rules.md, Search): case-insensitive substring over all the card's
 * text fields. Text is NFKC-normalised so full-width letters match, and surrounding spaces of the
 * query are ignored.
 *
 * Folding a card's fields is the costly part (about 25 ms per keystroke over 10,000 cards when
 * done every time, bench/cards), so each card's folded text is computed once and kept in a
 * WeakMap keyed by the card object: a keystroke is then one substring test per card, and the
 * cache goes away with the cards a live query replaced.
 */
export interface SearchableCard {
  groupName: string;
  memberName: string;
  /** The member's Latin name ('WONBIN'), when the card has one. */
  memberNameEn?: string;
  title: string;
  label: string;
}

const fold = (s: string) => s.normalize('NFKC').toLocaleLowerCase('ko');

// Fields are joined with a character no query can contain after trimming, so a match never spans
// two fields.
const SEPARATOR = '\u0000';
const folded = new WeakMap<SearchableCard, string>();

function haystack(card: SearchableCard): string {
  let text = folded.get(card);
  if (text === undefined) {
    text = fold(
      [card.groupName, card.memberName, card.memberNameEn ?? '', card.title, card.label].join(
        SEPARATOR,
      ),
    );
    folded.set(card, text);
  }
  return text;
}

function foldQuery(search: string): string {
  return fold(search.trim()).replaceAll(SEPARATOR, '');
}

/** Whether the card matches the search text (an empty search matches every card). */
export function matchesCardSearch(card: SearchableCard, search: string): boolean {
  const q = foldQuery(search);
  return !q || haystack(card).includes(q);
}

/** The cards matching the search text, in their order. */
export function filterCards<T extends SearchableCard>(cards: readonly T[], search: string): T[] {
  const q = foldQuery(search);
  return q ? cards.filter((c) => haystack(c).includes(q)) : [...cards];
}
