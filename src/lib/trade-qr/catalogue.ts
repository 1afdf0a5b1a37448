// The catalogue as the trade QR code sees it (docs/trade-qr.md, Catalogue ordering): each
// group's photo cards in a stable order, oldest first (`created`, then `id`), so a card's place
// in its group does not move when cards are added later. A payload names each group's ordering
// by its length and a fingerprint of its ids; a scanner whose catalogue is older or newer reads
// the places both orderings share.

import { fnv1a } from './bytes';

/** What the codec needs of a photo card. */
export interface QrCard {
  id: string;
  group: string;
  created: string;
}

export interface GroupOrdering {
  group: string;
  /** Card ids, oldest first. */
  ids: string[];
  /** Card id → place in `ids`. */
  index: Map<string, number>;
  /** fingerprint(n) of the first n ids, computed once per n. */
  fingerprint(n: number): number;
}

export type CatalogueOrdering = Map<string, GroupOrdering>;

export function orderCatalogue(cards: Iterable<QrCard>): CatalogueOrdering {
  const byGroup = new Map<string, QrCard[]>();
  for (const card of cards) {
    const list = byGroup.get(card.group);
    if (list) list.push(card);
    else byGroup.set(card.group, [card]);
  }
  const out: CatalogueOrdering = new Map();
  for (const [group, list] of byGroup) {
    list.sort((a, b) =>
      a.created < b.created
        ? -1
        : a.created > b.created
          ? 1
          : a.id < b.id
            ? -1
            : a.id > b.id
              ? 1
              : 0,
    );
    const ids = list.map((c) => c.id);
    const prints = new Map<number, number>();
    out.set(group, {
      group,
      ids,
      index: new Map(ids.map((id, i) => [id, i])),
      fingerprint(n) {
        let h = prints.get(n);
        if (h === undefined) {
          h = fnv1a(ids.slice(0, n).join(','));
          prints.set(n, h);
        }
        return h;
      },
    });
  }
  return out;
}
