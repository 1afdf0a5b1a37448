/**
 * Trade proposals and reviews (docs/trades.md, `trades`, `reviews`).
 *
 * A proposal is created with a client id and status `proposed`. A counter-proposal is a new
 * proposal with `counterOf`: the server's hook marks the proposal it answers `countered`, and the
 * optimistic apply does the same locally (`touches`, so a server copy of the old proposal pulled
 * while the counter is queued stays `countered`, and a refused counter puts it back). Its photos
 * travel in the create's row and go up with it as files (the engine's file support, as a post's
 * do); until then the trade page shows them from the row (queries.ts, pendingTradePhotos).
 *
 * Every later change is a `trade.update` naming what the fan did (accept, decline, cancel, done,
 * edit); its apply follows the hook's table of who may change what in which state, so a change
 * the proposal has moved past (the other side cancelled meanwhile) shows nothing locally. The
 * server refuses it then, and it ends in dead letters with the server's reason.
 */
import * as v from 'valibot';
import type { AppDB } from '@/data/db/index.ts';
import { CARRIERS, REVIEW_RATINGS, SHIP_METHODS, type Trade } from '@/data/pb/records.ts';
import { recordKey } from '@/data/outbox/names.ts';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { tradesKo } from './ko.ts';

const t = tradesKo;

const createPayload = v.object({
  id: v.string(),
  proposer: v.string(),
  receiver: v.string(),
  give: v.array(v.string()),
  get: v.array(v.string()),
  message: v.string(),
  counterOf: v.optional(v.string(), ''),
  conversation: v.optional(v.string(), ''),
  /**
   * Photos of the real card and its packing (up to 3), kept in the row as Blobs so a proposal
   * made offline keeps them, and sent as the `photos` field's files; rows queued before photos
   * existed have none.
   */
  photos: v.optional(v.array(v.blob())),
  createdAt: v.string(),
});
export type TradeCreatePayload = v.InferOutput<typeof createPayload>;

export const tradeCreate: MutationKind<TradeCreatePayload> = {
  kind: KINDS.tradeCreate,
  collection: 'trades',
  payload: createPayload,
  recordId: (p) => p.id,
  // the conversation it belongs to may have been opened offline, still queued
  dependsOn: (p) => (p.conversation ? [recordKey('conversations', p.conversation)] : []),
  touches: (p) => (p.counterOf ? [recordKey('trades', p.counterOf)] : []),
  async apply(db, p) {
    if (!(await db.trades.get(p.id))) {
      await db.trades.put({
        id: p.id,
        proposer: p.proposer,
        receiver: p.receiver,
        give: p.give,
        get: p.get,
        message: p.message,
        status: 'proposed',
        proposerDone: false,
        receiverDone: false,
        counterOf: p.counterOf,
        conversation: p.conversation,
        // the photos are shown from the queued row until the server names the stored files
        photos: [],
        created: p.createdAt,
        updated: p.createdAt,
      });
    }
    if (p.counterOf) {
      const old = await db.trades.get(p.counterOf);
      if (old?.status === 'proposed') await db.trades.update(p.counterOf, { status: 'countered' });
    }
  },
  request: (p) => ({
    method: 'POST',
    collection: 'trades',
    id: p.id,
    body: {
      id: p.id,
      proposer: p.proposer,
      receiver: p.receiver,
      give: p.give,
      get: p.get,
      message: p.message,
      status: 'proposed',
      ...(p.counterOf ? { counterOf: p.counterOf } : {}),
      ...(p.conversation ? { conversation: p.conversation } : {}),
    },
    ...(p.photos?.length ? { files: { photos: p.photos } } : {}),
  }),
  ownerField: 'proposer',
  label: t.kinds.tradeCreate,
  failureMessage: () => t.failures.tradeCreate,
  draft: (p) => p.message,
};

export const TRADE_ACTIONS = [
  'accept',
  'decline',
  'cancel',
  'done',
  'edit',
  'shipping',
  'received',
] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];

const updatePayload = v.object({
  id: v.string(),
  action: v.picklist(TRADE_ACTIONS),
  /** The side of the fan who made the change. */
  by: v.picklist(['proposer', 'receiver']),
  give: v.optional(v.array(v.string())),
  get: v.optional(v.array(v.string())),
  message: v.optional(v.string()),
  /** `shipping`: this side's method, address and parcel, each only when it changes. */
  ship: v.optional(v.picklist(SHIP_METHODS)),
  address: v.optional(v.string()),
  carrier: v.optional(v.picklist(CARRIERS)),
  tracking: v.optional(v.string()),
});
export type TradeUpdatePayload = v.InferOutput<typeof updatePayload>;

/**
 * The statuses each action may start from (the hook's table in docs/trades.md): accept and
 * decline by the receiver, an edit by the proposer, while `proposed`; cancel by the proposer while
 * `proposed` or by either side once `accepted`; done, shipping and received by either side once
 * `accepted`.
 */
export function actionAllowed(trade: Trade, action: TradeAction, by: 'proposer' | 'receiver') {
  switch (action) {
    case 'accept':
    case 'decline':
      return trade.status === 'proposed' && by === 'receiver';
    case 'edit':
      return trade.status === 'proposed' && by === 'proposer';
    case 'cancel':
      return (trade.status === 'proposed' && by === 'proposer') || trade.status === 'accepted';
    case 'done':
    case 'shipping':
    case 'received':
      return trade.status === 'accepted';
  }
}

/** The fields one change sets. */
export function tradePatch(p: TradeUpdatePayload): Record<string, unknown> {
  switch (p.action) {
    case 'accept':
      // the terms the receiver accepts, as their device shows them: the server refuses the
      // accept if the proposal holds others by then (docs/trades.md, Accepting what you saw)
      return {
        status: 'accepted',
        ...(p.give ? { give: p.give } : {}),
        ...(p.get ? { get: p.get } : {}),
        ...(p.message !== undefined ? { message: p.message } : {}),
      };
    case 'decline':
      return { status: 'declined' };
    case 'cancel':
      return { status: 'cancelled' };
    case 'done':
      // 완료 brings 받았어요 along (the server does the same)
      return { [`${p.by}Done`]: true, [`${p.by}Received`]: true };
    case 'received':
      return { [`${p.by}Received`]: true };
    case 'shipping': {
      const patch: Record<string, unknown> = {};
      if (p.ship !== undefined) patch[`${p.by}Ship`] = p.ship;
      if (p.address !== undefined) patch[`${p.by}Address`] = p.address;
      if (p.carrier !== undefined) patch[`${p.by}Carrier`] = p.carrier;
      if (p.tracking !== undefined) patch[`${p.by}Tracking`] = p.tracking;
      return patch;
    }
    case 'edit': {
      const patch: Record<string, unknown> = {};
      if (p.give) patch['give'] = p.give;
      if (p.get) patch['get'] = p.get;
      if (p.message !== undefined) patch['message'] = p.message;
      return patch;
    }
  }
}

async function applyTradeUpdate(db: AppDB, p: TradeUpdatePayload): Promise<void> {
  const trade = await db.trades.get(p.id);
  if (!trade || !actionAllowed(trade, p.action, p.by)) return;
  const next = { ...trade, ...tradePatch(p) } as Trade;
  // both sides marked 완료: completed (the server's hook does the same)
  if (next.status === 'accepted' && next.proposerDone && next.receiverDone) {
    next.status = 'completed';
  }
  await db.trades.put(next);
}

const FAILURES: Record<TradeAction, string> = {
  accept: t.failures.tradeAccept,
  decline: t.failures.tradeDecline,
  cancel: t.failures.tradeCancel,
  done: t.failures.tradeDone,
  edit: t.failures.tradeEdit,
  shipping: t.failures.tradeShipping,
  received: t.failures.tradeReceived,
};

export const tradeUpdate: MutationKind<TradeUpdatePayload> = {
  kind: KINDS.tradeUpdate,
  collection: 'trades',
  payload: updatePayload,
  recordId: (p) => p.id,
  apply: (db, p) => applyTradeUpdate(db, p),
  request: (p) => ({ method: 'PATCH', collection: 'trades', id: p.id, body: tradePatch(p) }),
  label: t.kinds.tradeUpdate,
  failureMessage: (p) => FAILURES[p.action],
  // an address typed for the other side is the fan's own words: kept when it is refused
  draft: (p) =>
    p.action === 'shipping' ? (p.address ?? '') : p.action === 'edit' ? (p.message ?? '') : '',
};

const reviewPayload = v.object({
  id: v.string(),
  trade: v.string(),
  author: v.string(),
  /** The other side; kept by the server's hook, so only shown locally, never sent. */
  subject: v.string(),
  rating: v.picklist(REVIEW_RATINGS),
  text: v.string(),
  tags: v.optional(v.array(v.string()), []),
  createdAt: v.string(),
});
export type ReviewCreatePayload = v.InferOutput<typeof reviewPayload>;

export const reviewCreate: MutationKind<ReviewCreatePayload> = {
  kind: KINDS.reviewCreate,
  collection: 'reviews',
  payload: reviewPayload,
  recordId: (p) => p.id,
  // the trade's last 완료 may still be queued: the review needs a completed trade
  dependsOn: (p) => [recordKey('trades', p.trade)],
  async apply(db, p) {
    // one review per trade and author: a review from another device (pulled) stands
    const same = await db.reviews.where({ trade: p.trade, author: p.author }).first();
    if (same) return;
    await db.reviews.put({
      id: p.id,
      trade: p.trade,
      author: p.author,
      subject: p.subject,
      rating: p.rating,
      text: p.text,
      tags: p.tags,
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'reviews',
    id: p.id,
    body: {
      id: p.id,
      trade: p.trade,
      author: p.author,
      rating: p.rating,
      text: p.text,
      ...(p.tags.length ? { tags: p.tags } : {}),
    },
  }),
  ownerField: 'author',
  label: t.kinds.reviewCreate,
  failureMessage: () => t.failures.review,
  draft: (p) => p.text,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [
  tradeCreate,
  tradeUpdate,
  reviewCreate,
] as const satisfies readonly AnyMutationKind[];
