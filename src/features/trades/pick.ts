/**
 * The proposal form's picks (docs/trades.md, `trades`: at most 20 cards a side, none on both):
 * pure steps the form's state goes through.
 */

/** Adds or removes `id`; a side that is full, or a card picked on the other side, stays as is. */
export function togglePick(
  picked: readonly string[],
  id: string,
  other: readonly string[],
  max: number,
): string[] {
  if (picked.includes(id)) return picked.filter((c) => c !== id);
  if (other.includes(id) || picked.length >= max) return [...picked];
  return [...picked, id];
}

/**
 * The sides a proposal form starts with: the address's cards (a card on both sides stays on the
 * give side only, each side cut to `max`), plus the card it was opened about, on the give side
 * when it is on my have list and on the get side otherwise, unless a side has it already.
 */
export function initialPicks(
  start: { give: readonly string[]; get: readonly string[]; card?: string },
  myHave: ReadonlySet<string>,
  max: number,
): { give: string[]; get: string[] } {
  const give = [...new Set(start.give)].slice(0, max);
  const get = [...new Set(start.get)].filter((c) => !give.includes(c)).slice(0, max);
  const { card } = start;
  if (card && !give.includes(card) && !get.includes(card)) {
    const side = myHave.has(card) ? give : get;
    if (side.length < max) side.push(card);
  }
  return { give, get };
}

/** `ids` with the ones in `first` ahead, each part in its order. */
export function markedFirst(ids: readonly string[], first: ReadonlySet<string>): string[] {
  return [...ids.filter((c) => first.has(c)), ...ids.filter((c) => !first.has(c))];
}
