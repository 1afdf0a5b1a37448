/**
 * The collect book screen's unsaved ticks, kept as a diff against the book's live card set rather
 * than as a copy of it: a change from another device (realtime → Dexie → a new live set) then
 * merges with the ticks instead of being wiped by them, and saving sends only the diff as set
 * operations. Pure functions, no React.
 */

export interface BookDiff {
  /** Cards ticked here and not yet saved. */
  readonly add: ReadonlySet<string>;
  /** Cards unticked here and not yet saved. */
  readonly remove: ReadonlySet<string>;
}

export const EMPTY_DIFF: BookDiff = { add: new Set(), remove: new Set() };

/**
 * Drops what the live set already agrees with: an add once the server holds the card, a remove
 * once it no longer does. Returns `diff` itself when nothing changed (stable for React state).
 */
export function rebaseDiff(diff: BookDiff, live: ReadonlySet<string>): BookDiff {
  const add = [...diff.add].filter((c) => !live.has(c));
  const remove = [...diff.remove].filter((c) => live.has(c));
  if (add.length === diff.add.size && remove.length === diff.remove.size) return diff;
  return { add: new Set(add), remove: new Set(remove) };
}

/** The cards owned as shown: the live set with the unsaved ticks applied. */
export function effectiveCards(live: ReadonlySet<string>, diff: BookDiff): Set<string> {
  const out = new Set(live);
  for (const c of diff.remove) out.delete(c);
  for (const c of diff.add) out.add(c);
  return out;
}

/**
 * Flips one card as seen on screen. Toggling back to what the live set holds cancels the pending
 * change instead of queueing an add and a remove.
 */
export function toggleCard(diff: BookDiff, live: ReadonlySet<string>, cardId: string): BookDiff {
  const add = new Set(diff.add);
  const remove = new Set(diff.remove);
  const owned = add.has(cardId) || (live.has(cardId) && !remove.has(cardId));
  if (owned) {
    add.delete(cardId);
    if (live.has(cardId)) remove.add(cardId);
  } else {
    remove.delete(cardId);
    if (!live.has(cardId)) add.add(cardId);
  }
  return { add, remove };
}

export function isDiffEmpty(diff: BookDiff): boolean {
  return diff.add.size === 0 && diff.remove.size === 0;
}

/**
 * docs/product-rules.md, Collect book: percent owned = owned/total rounded; 0 for a group with no
 * cards.
 */
export function progressPercent(owned: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((owned / total) * 100)));
}
