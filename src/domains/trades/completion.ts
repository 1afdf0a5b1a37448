/**
 * What a completed trade changes on the fan's side (docs/trades.md, `trades`): the cards received
 * get ticked in a collect book of their group, the cards given get unticked where that was the
 * fan's only copy, the fan's exchange posts of those cards move to 교환완료, and the have and
 * want lists follow (a received card leaves 구함, a given one loses a spare). The trade screen
 * shows this plan as a checklist the fan adjusts before anything is written; nothing here reads
 * or writes the store: the caller passes what it read and applies what the fan kept.
 *
 * Copies are counted the way the collect books count them (see addDuplicatesToHaves): a card
 * ticked in two books is two copies, so a given card is unticked only when exactly one book has it.
 */
import type { CollectBook, ExchangePost, PhotoCard, TradeItem } from '@/data/pb/records.ts';

export const POST_DONE_STATUS: ExchangePost['status'] = '교환완료';

export type CompletionChange =
  /** Tick a received card in a book of its group. */
  | { kind: 'tick'; card: string; book: string }
  /** Untick a given card in the one book that has it. */
  | { kind: 'untick'; card: string; book: string }
  /** Move one of the fan's posts of a traded card to 교환완료. */
  | { kind: 'post'; card: string; post: string }
  /** Take a received card off the want list. */
  | { kind: 'unwant'; card: string }
  /** A given card's have item: `spare` copies left (0: off the have list). */
  | { kind: 'spare'; card: string; spare: number };

export interface CompletionInput {
  /** Cards the fan received, in the trade's order. */
  received: readonly string[];
  /** Cards the fan gave. */
  given: readonly string[];
  /** The traded cards from the catalogue (their groups); a card not here is left alone. */
  cards: readonly Pick<PhotoCard, 'id' | 'group'>[];
  /** The fan's books, shelf order (the first fitting book is picked). */
  books: readonly Pick<CollectBook, 'id' | 'group' | 'cardInfo'>[];
  /** The fan's exchange posts. */
  posts: readonly Pick<ExchangePost, 'id' | 'photoCard' | 'status'>[];
  /** The fan's have and want items. */
  items: readonly Pick<TradeItem, 'photoCard' | 'kind' | 'spare'>[];
}

export interface CompletionPlan {
  changes: CompletionChange[];
  /** Received cards the fan has no book of its group for, and owns in no book (nothing to tick). */
  noBook: string[];
}

const once = (ids: readonly string[]) => [...new Set(ids)];

/** The changes a completed trade suggests, books first, then posts, then the lists. */
export function planTradeCompletion(input: CompletionInput): CompletionPlan {
  const received = once(input.received);
  const given = once(input.given).filter((c) => !received.includes(c));
  const groupOf = new Map(input.cards.map((c) => [c.id, c.group]));
  const ticked = (book: { cardInfo: readonly string[] }, card: string) =>
    book.cardInfo.includes(card);

  const books: CompletionChange[] = [];
  const noBook: string[] = [];
  for (const card of received) {
    const group = groupOf.get(card);
    if (!group) continue;
    // owned already (ticked in some book): the books say so, nothing to add
    if (input.books.some((b) => ticked(b, card))) continue;
    const book = input.books.find((b) => b.group === group);
    if (book) books.push({ kind: 'tick', card, book: book.id });
    else noBook.push(card);
  }
  for (const card of given) {
    const holding = input.books.filter((b) => ticked(b, card));
    if (holding.length === 1) books.push({ kind: 'untick', card, book: holding[0]!.id });
  }

  const traded = [...received, ...given];
  const posts: CompletionChange[] = [];
  for (const card of traded) {
    for (const post of input.posts) {
      if (post.photoCard === card && post.status !== POST_DONE_STATUS) {
        posts.push({ kind: 'post', card, post: post.id });
      }
    }
  }

  const lists: CompletionChange[] = [];
  const itemOf = new Map(input.items.map((i) => [i.photoCard, i]));
  for (const card of received) {
    if (itemOf.get(card)?.kind === 'want') lists.push({ kind: 'unwant', card });
  }
  for (const card of given) {
    const item = itemOf.get(card);
    if (item?.kind === 'have')
      lists.push({ kind: 'spare', card, spare: Math.max(0, item.spare - 1) });
  }

  return { changes: [...books, ...posts, ...lists], noBook };
}

/** A stable key of one change, for the checklist's ticks. */
export function completionChangeKey(change: CompletionChange): string {
  switch (change.kind) {
    case 'tick':
    case 'untick':
      return `${change.kind}:${change.book}:${change.card}`;
    case 'post':
      return `post:${change.post}`;
    default:
      return `${change.kind}:${change.card}`;
  }
}

/** The book changes grouped per book, as one save each (cards added and removed). */
export function bookSaves(
  changes: readonly CompletionChange[],
): Map<string, { add: string[]; remove: string[] }> {
  const saves = new Map<string, { add: string[]; remove: string[] }>();
  for (const change of changes) {
    if (change.kind !== 'tick' && change.kind !== 'untick') continue;
    const save = saves.get(change.book) ?? { add: [], remove: [] };
    (change.kind === 'tick' ? save.add : save.remove).push(change.card);
    saves.set(change.book, save);
  }
  return saves;
}
