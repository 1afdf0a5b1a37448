/**
 * Collect books (콜렉트북): create (with its thumbnail blob, kept in the queued row until it is
 * uploaded) and tick or untick cards. Ticks go to the server as relation set operations
 * (`cardInfo+` / `cardInfo-`), which commute and replay safely, so two devices ticking different
 * cards of the same book both win.
 */
import * as v from 'valibot';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { collectBooksKo } from './ko.ts';

const createPayload = v.object({
  id: v.string(),
  users: v.string(),
  title: v.string(),
  group: v.string(),
  cardInfo: v.array(v.string()),
  thumbNail: v.optional(v.blob()),
  createdAt: v.string(),
  /** After the fan has moved books on the shelf: the place at its end. */
  shelfOrder: v.optional(v.number()),
});
export type CollectBookCreatePayload = v.InferOutput<typeof createPayload>;

export const collectBookCreate: MutationKind<CollectBookCreatePayload> = {
  kind: KINDS.collectBookCreate,
  collection: 'collectBook',
  payload: createPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    if (await db.collectBook.get(p.id)) return;
    await db.collectBook.put({
      id: p.id,
      users: p.users,
      title: p.title,
      group: p.group,
      // the image is shown from the queued row until the server names the uploaded file
      thumbNail: '',
      cardInfo: p.cardInfo,
      ...(p.shelfOrder ? { shelfOrder: p.shelfOrder } : {}),
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'collectBook',
    id: p.id,
    body: {
      id: p.id,
      users: p.users,
      title: p.title,
      group: p.group,
      cardInfo: p.cardInfo,
      ...(p.shelfOrder ? { shelfOrder: p.shelfOrder } : {}),
    },
    ...(p.thumbNail ? { files: { thumbNail: p.thumbNail } } : {}),
  }),
  ownerField: 'users',
  label: collectBooksKo.kinds.collectBookCreate,
  failureMessage: () => collectBooksKo.failures.collectBookCreate,
};

const cardsPayload = v.object({ id: v.string(), cards: v.array(v.string()) });
export type CollectBookCardsPayload = v.InferOutput<typeof cardsPayload>;

/** How many cards a stored add or remove row changes (its payload unchecked). */
function cardCount(payload: unknown): number | null {
  const cards = (payload as { cards?: unknown } | null)?.cards;
  return Array.isArray(cards) ? cards.length : null;
}

export const collectBookAddCards: MutationKind<CollectBookCardsPayload> = {
  kind: KINDS.collectBookAddCards,
  collection: 'collectBook',
  payload: cardsPayload,
  recordId: (p) => p.id,
  cardsIn: cardCount,
  async apply(db, p) {
    const book = await db.collectBook.get(p.id);
    if (!book) return;
    const set = new Set(book.cardInfo);
    const added = p.cards.filter((c) => !set.has(c));
    if (added.length) await db.collectBook.update(p.id, { cardInfo: [...book.cardInfo, ...added] });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'collectBook',
    id: p.id,
    body: { 'cardInfo+': p.cards },
  }),
  label: collectBooksKo.kinds.collectBookAdd,
  failureMessage: () => collectBooksKo.failures.collectBookCards,
};

export const collectBookRemoveCards: MutationKind<CollectBookCardsPayload> = {
  kind: KINDS.collectBookRemoveCards,
  collection: 'collectBook',
  payload: cardsPayload,
  recordId: (p) => p.id,
  cardsIn: cardCount,
  async apply(db, p) {
    const book = await db.collectBook.get(p.id);
    if (!book) return;
    const removed = new Set(p.cards);
    const kept = book.cardInfo.filter((c) => !removed.has(c));
    if (kept.length !== book.cardInfo.length) await db.collectBook.update(p.id, { cardInfo: kept });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'collectBook',
    id: p.id,
    body: { 'cardInfo-': p.cards },
  }),
  label: collectBooksKo.kinds.collectBookRemove,
  failureMessage: () => collectBooksKo.failures.collectBookCards,
};

const updatePayload = v.object({
  id: v.string(),
  title: v.optional(v.string()),
  cover: v.optional(v.string()),
  shelfOrder: v.optional(v.number()),
});
export type CollectBookUpdatePayload = v.InferOutput<typeof updatePayload>;

function bookPatch(p: CollectBookUpdatePayload): {
  title?: string;
  cover?: string;
  shelfOrder?: number;
} {
  const patch: { title?: string; cover?: string; shelfOrder?: number } = {};
  if (p.title !== undefined) patch['title'] = p.title;
  if (p.cover !== undefined) patch['cover'] = p.cover;
  if (p.shelfOrder !== undefined) patch['shelfOrder'] = p.shelfOrder;
  return patch;
}

/** A book's name, cover (one of its cards) or shelf place (docs/product-rules.md, Collect book). */
export const collectBookUpdate: MutationKind<CollectBookUpdatePayload> = {
  kind: KINDS.collectBookUpdate,
  collection: 'collectBook',
  payload: updatePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    // `updated` stays the server's stamp: pulls compare it to skip copies older than ours
    await db.collectBook.update(p.id, bookPatch(p));
  },
  request: (p) => ({ method: 'PATCH', collection: 'collectBook', id: p.id, body: bookPatch(p) }),
  label: collectBooksKo.kinds.collectBookUpdate,
  failureMessage: () => collectBooksKo.failures.collectBookUpdate,
};

const deletePayload = v.object({ id: v.string() });
export type CollectBookDeletePayload = v.InferOutput<typeof deletePayload>;

export const collectBookDelete: MutationKind<CollectBookDeletePayload> = {
  kind: KINDS.collectBookDelete,
  collection: 'collectBook',
  payload: deletePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.collectBook.delete(p.id);
  },
  request: (p) => ({ method: 'DELETE', collection: 'collectBook', id: p.id }),
  label: collectBooksKo.kinds.collectBookDelete,
  failureMessage: () => collectBooksKo.failures.collectBookDelete,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [
  collectBookCreate,
  collectBookAddCards,
  collectBookRemoveCards,
  collectBookUpdate,
  collectBookDelete,
] as const satisfies readonly AnyMutationKind[];
