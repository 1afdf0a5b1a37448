/**
 * Photo card search (spec §5): case-insensitive substring over all the card's text fields. Text is
 * NFKC-normalised so full-width letters match, and surrounding spaces of the query are ignored.
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

/** Whether the card matches the search text (an empty search matches every card). */
export function matchesCardSearch(card: SearchableCard, search: string): boolean {
  const q = fold(search.trim());
  if (!q) return true;
  return [card.groupName, card.memberName, card.memberNameEn ?? '', card.title, card.label].some(
    (f) => fold(f).includes(q),
  );
}

/** The cards matching the search text, in their order. */
export function filterCards<T extends SearchableCard>(cards: readonly T[], search: string): T[] {
  const q = search.trim();
  return q ? cards.filter((c) => matchesCardSearch(c, q)) : [...cards];
}
