/**
 * Have and want lists (docs/trades.md, `tradeItems`) and the two switches that make them public:
 * the list-level 공개 (`users.tradePublic`) and a collect book's 자랑하기 (`collectBook.isPublic`).
 *
 * An item is its own record, one per fan and card (unique on the server and in Dexie). Adding a
 * card queues a create with a client id; a second device adding the same card is answered "already
 * exists", which counts as done: the server's item replaces ours and the changes still queued for
 * ours point at it (sync/settle.ts). Changes of one card keep their order across item records (a
 * removal, then the card added again) with the order key `tradeItems:<user>:<card>`.
 */
import * as v from 'valibot';
import { TRADE_ITEM_KINDS } from '@/data/pb/records.ts';
import { recordKey } from '@/data/outbox/names.ts';
import { KINDS, tradeItemOrderKey } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { tradeListsKo } from './ko.ts';

const t = tradeListsKo;

const itemOrder = (p: { user: string; photoCard: string }) =>
  tradeItemOrderKey(p.user, p.photoCard);

const setPayload = v.object({
  id: v.string(),
  user: v.string(),
  photoCard: v.string(),
  kind: v.picklist(TRADE_ITEM_KINDS),
  spare: v.number(),
  book: v.optional(v.string(), ''),
  createdAt: v.string(),
});
export type TradeItemSetPayload = v.InferOutput<typeof setPayload>;

export const tradeItemSet: MutationKind<TradeItemSetPayload> = {
  kind: KINDS.tradeItemSet,
  collection: 'tradeItems',
  payload: setPayload,
  recordId: (p) => p.id,
  orderKey: itemOrder,
  // the book it was added from may be a book made offline, still queued
  dependsOn: (p) => (p.book ? [recordKey('collectBook', p.book)] : []),
  async apply(db, p) {
    // this item, or the server's item of the same card (from another device), is already here
    const same = await db.tradeItems.where({ user: p.user, photoCard: p.photoCard }).first();
    if (same) return;
    await db.tradeItems.put({
      id: p.id,
      user: p.user,
      photoCard: p.photoCard,
      kind: p.kind,
      spare: p.spare,
      book: p.book,
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'tradeItems',
    id: p.id,
    body: {
      id: p.id,
      user: p.user,
      photoCard: p.photoCard,
      kind: p.kind,
      spare: p.spare,
      ...(p.book ? { book: p.book } : {}),
    },
  }),
  ownerField: 'user',
  duplicateIsDone: true,
  sameAs: (p) => ({ user: p.user, photoCard: p.photoCard }),
  label: t.kinds.tradeItemSet,
  failureMessage: () => t.failures.tradeItem,
};

const updatePayload = v.object({
  id: v.string(),
  user: v.string(),
  photoCard: v.string(),
  kind: v.picklist(TRADE_ITEM_KINDS),
  spare: v.number(),
});
export type TradeItemUpdatePayload = v.InferOutput<typeof updatePayload>;

export const tradeItemUpdate: MutationKind<TradeItemUpdatePayload> = {
  kind: KINDS.tradeItemUpdate,
  collection: 'tradeItems',
  payload: updatePayload,
  recordId: (p) => p.id,
  orderKey: itemOrder,
  async apply(db, p) {
    await db.tradeItems.update(p.id, { kind: p.kind, spare: p.spare });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'tradeItems',
    id: p.id,
    body: { kind: p.kind, spare: p.spare },
  }),
  label: t.kinds.tradeItemUpdate,
  failureMessage: () => t.failures.tradeItem,
};

const deletePayload = v.object({ id: v.string(), user: v.string(), photoCard: v.string() });
export type TradeItemDeletePayload = v.InferOutput<typeof deletePayload>;

export const tradeItemDelete: MutationKind<TradeItemDeletePayload> = {
  kind: KINDS.tradeItemDelete,
  collection: 'tradeItems',
  payload: deletePayload,
  recordId: (p) => p.id,
  orderKey: itemOrder,
  async apply(db, p) {
    await db.tradeItems.delete(p.id);
  },
  // a replay answered 404 was already done (sync/answers.ts)
  request: (p) => ({ method: 'DELETE', collection: 'tradeItems', id: p.id }),
  label: t.kinds.tradeItemDelete,
  failureMessage: () => t.failures.tradeItem,
};

const tradePublicPayload = v.object({ id: v.string(), tradePublic: v.boolean() });
export type TradePublicPayload = v.InferOutput<typeof tradePublicPayload>;

/** The list-level 공개 switch: a plain field of the fan's own user record. */
export const tradePublicSet: MutationKind<TradePublicPayload> = {
  kind: KINDS.tradePublicSet,
  collection: 'users',
  payload: tradePublicPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.users.update(p.id, { tradePublic: p.tradePublic });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'users',
    id: p.id,
    body: { tradePublic: p.tradePublic },
  }),
  label: t.kinds.tradePublicSet,
  failureMessage: () => t.failures.tradePublic,
};

const bookPublicPayload = v.object({ id: v.string(), isPublic: v.boolean() });
export type CollectBookPublicPayload = v.InferOutput<typeof bookPublicPayload>;

/** A collect book's 나만 보기 / 자랑하기 switch; a public book makes its list items public. */
export const collectBookSetPublic: MutationKind<CollectBookPublicPayload> = {
  kind: KINDS.collectBookSetPublic,
  collection: 'collectBook',
  payload: bookPublicPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.collectBook.update(p.id, { isPublic: p.isPublic });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'collectBook',
    id: p.id,
    body: { isPublic: p.isPublic },
  }),
  label: t.kinds.collectBookSetPublic,
  failureMessage: () => t.failures.collectBookPublic,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [
  tradeItemSet,
  tradeItemUpdate,
  tradeItemDelete,
  tradePublicSet,
  collectBookSetPublic,
] as const satisfies readonly AnyMutationKind[];
