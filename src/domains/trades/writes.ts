/**
 * Trade proposals and reviews (docs/trades.md, `trades`, `reviews`): propose (or answer a proposal
 * with a counter-proposal), edit, accept, decline, cancel, mark 완료, review. Each checks the
 * hook's table of who may change what in which state first, with the server's rules on cards and
 * texts, so a fan gets the message at once; the server checks them again.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { reviewCreate, tradeCreate, tradeUpdate } from './kinds.ts';
import { actionAllowed, type TradeAction } from './kinds.ts';
import type { Carrier, ReviewRating, ShipMethod, Trade } from '@/data/pb/records.ts';
import { resolveConversation } from '@/domains/chat/queries.ts';
import { pbTimestamp } from '@/data/time.ts';
import { assertNotBlocked } from '@/domains/chat/writes.ts';
import { InvalidInputError, queueMutation } from '@/data/writes/queue.ts';
import {
  checkProposal,
  checkReviewTags,
  checkReviewText,
  checkShipping,
  normalizeTracking,
  OPEN_TRADES_MAX,
  type ReviewTag,
} from './rules.ts';
import { tradesKo } from './ko.ts';
import { checkTradePhotos } from './photos.ts';

const r = tradesKo.rules;

export interface Proposal {
  /** The fan the proposal goes to. */
  to: string;
  /** Cards this fan gives. */
  give: readonly string[];
  /** Cards this fan gets. */
  get: readonly string[];
  message?: string;
  /** The proposal this one answers (a counter-proposal: only its receiver may). */
  counterOf?: string;
  /** The conversation it was made from. */
  conversation?: string;
  /** Up to 3 photos of the real card and its packing (only when proposing: never changed after). */
  photos?: readonly Blob[];
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Proposes a trade, or answers one with a counter-proposal; returns the new proposal's id. */
export async function proposeTrade(proposal: Proposal, db: AppDB = defaultDb): Promise<string> {
  const give = unique(proposal.give);
  const get = unique(proposal.get);
  const message = (proposal.message ?? '').trim();
  const photos = proposal.photos?.length ? [...proposal.photos] : null;
  const problem = checkProposal(give, get, message) ?? (photos && checkTradePhotos(photos));
  if (problem) throw new InvalidInputError(problem);
  const p = await queueMutation(
    tradeCreate,
    async ({ db, userId }) => {
      const { to } = proposal;
      if (to === userId) throw new InvalidInputError(r.selfTrade);
      await assertNotBlocked(db, userId, to);
      if (proposal.counterOf) {
        const old = await db.trades.get(proposal.counterOf);
        if (!old) throw new InvalidInputError(r.tradeNotFound);
        if (old.receiver !== userId || old.proposer !== to) {
          throw new InvalidInputError(r.counterNotYours);
        }
        if (old.status !== 'proposed') throw new InvalidInputError(r.counterClosed);
      }
      // proposals waiting for an answer
      const open = await db.trades
        .where('proposer')
        .equals(userId)
        .filter((t) => t.status === 'proposed')
        .count();
      if (open >= OPEN_TRADES_MAX) throw new InvalidInputError(r.tradeOpenLimit(OPEN_TRADES_MAX));
      let conversation = '';
      if (proposal.conversation) {
        const conv = await resolveConversation(proposal.conversation, userId, db);
        const pair = [conv?.a, conv?.b];
        if (!conv || !pair.includes(userId) || !pair.includes(to)) {
          throw new InvalidInputError(r.tradeConversation);
        }
        conversation = conv.id;
      }
      return {
        id: newRecordId(),
        proposer: userId,
        receiver: to,
        give,
        get,
        message,
        counterOf: proposal.counterOf ?? '',
        conversation,
        ...(photos ? { photos } : {}),
        createdAt: pbTimestamp(),
      };
    },
    db,
  );
  return p!.id;
}

/** A proposal of the fan's and their side of it (`missing`: the message when it is not). */
async function ownTrade(db: AppDB, id: string, userId: string, missing: string = r.tradeNotFound) {
  const trade = await db.trades.get(id);
  const by: 'proposer' | 'receiver' | null =
    trade?.proposer === userId ? 'proposer' : trade?.receiver === userId ? 'receiver' : null;
  if (!trade || !by) throw new InvalidInputError(missing);
  return { trade, by, other: by === 'proposer' ? trade.receiver : trade.proposer };
}

const OPEN: readonly Trade['status'][] = ['proposed', 'accepted'];

/** Queues one change of a proposal after the hook's checks; false when it changes nothing. */
async function changeTrade(
  id: string,
  action: TradeAction,
  db: AppDB,
  edit?: { give: string[]; get: string[]; message?: string } | ShippingDetails,
): Promise<boolean> {
  const queued = await queueMutation(
    tradeUpdate,
    async ({ db, userId }) => {
      const { trade, by, other } = await ownTrade(db, id, userId);
      // 완료 marked already on this side: nothing to send
      if (action === 'done' && trade[by === 'proposer' ? 'proposerDone' : 'receiverDone']) {
        return null;
      }
      if (action === 'received' && trade[`${by}Received`]) return null;
      if (action === 'shipping') {
        // only what differs from this side's stored details
        const asked = (edit ?? {}) as ShippingDetails;
        const changes: Record<string, string> = {};
        for (const [key, field] of SHIPPING_FIELDS) {
          const value = asked[key];
          if (value !== undefined && value !== (trade[`${by}${field}`] ?? '')) changes[key] = value;
        }
        if (!Object.keys(changes).length) return null;
        edit = changes;
      }
      if (!actionAllowed(trade, action, by)) {
        if (!OPEN.includes(trade.status)) throw new InvalidInputError(r.tradeClosed);
        throw new InvalidInputError(action === 'edit' ? r.tradeFields : r.tradeStatus);
      }
      // a block stops every change but ending the proposal (cancel, decline) and finishing an
      // accepted one (받았어요, 완료: its cards may already be in the mail)
      if (!['cancel', 'decline', 'done', 'received'].includes(action)) {
        await assertNotBlocked(db, userId, other);
      }
      // an accept carries the terms it accepts: the ones on this device now
      const terms =
        action === 'accept' ? { give: trade.give, get: trade.get, message: trade.message } : edit;
      return { id, action, by, ...(terms ?? {}) };
    },
    db,
  );
  return queued !== null;
}

/** The receiver accepts a proposal. */
export function acceptTrade(id: string, db: AppDB = defaultDb): Promise<boolean> {
  return changeTrade(id, 'accept', db);
}

/** The receiver declines a proposal. */
export function declineTrade(id: string, db: AppDB = defaultDb): Promise<boolean> {
  return changeTrade(id, 'decline', db);
}

/** The proposer withdraws a proposal, or either side calls off an accepted one. */
export function cancelTrade(id: string, db: AppDB = defaultDb): Promise<boolean> {
  return changeTrade(id, 'cancel', db);
}

/** Marks this fan's side of an accepted trade 완료 (both sides: completed). */
export function markTradeDone(id: string, db: AppDB = defaultDb): Promise<boolean> {
  return changeTrade(id, 'done', db);
}

/** This fan's side of an accepted trade: 받았어요 (the other side's cards arrived). */
export function markTradeReceived(id: string, db: AppDB = defaultDb): Promise<boolean> {
  return changeTrade(id, 'received', db);
}

/** Each shipping detail and the suffix of its field on the trade (`receiverShip`, …). */
const SHIPPING_FIELDS = [
  ['ship', 'Ship'],
  ['address', 'Address'],
  ['carrier', 'Carrier'],
  ['tracking', 'Tracking'],
] as const;

/** A side's shipping details (docs/trades.md, Shipping); each only when it changes. */
export interface ShippingDetails {
  ship?: ShipMethod;
  /** Where this fan wants the cards sent: shown to the other side only. */
  address?: string;
  carrier?: Carrier;
  tracking?: string;
}

/**
 * Sets this fan's shipping details of an accepted trade: how they send, where they want the
 * cards, the parcel they sent. False when nothing changes.
 */
export async function setTradeShipping(
  id: string,
  details: ShippingDetails,
  db: AppDB = defaultDb,
): Promise<boolean> {
  const clean: ShippingDetails = { ...details };
  if (clean.address !== undefined) clean.address = clean.address.trim();
  if (clean.tracking !== undefined) clean.tracking = normalizeTracking(clean.tracking);
  const problem = checkShipping(clean);
  if (problem) throw new InvalidInputError(problem);
  return changeTrade(id, 'shipping', db, clean);
}

/**
 * The proposer changes the cards (and the message, when one is given) of a proposal not yet
 * answered.
 */
export async function editTrade(
  id: string,
  edit: { give: readonly string[]; get: readonly string[]; message?: string },
  db: AppDB = defaultDb,
): Promise<boolean> {
  const give = unique(edit.give);
  const get = unique(edit.get);
  const message = edit.message?.trim();
  const problem = checkProposal(give, get, message ?? '');
  if (problem) throw new InvalidInputError(problem);
  return changeTrade(id, 'edit', db, { give, get, ...(message !== undefined ? { message } : {}) });
}

/** Reviews the other side of a completed trade (one review per side); returns its id. */
export async function reviewTrade(
  tradeId: string,
  review: { rating: ReviewRating; text?: string; tags?: readonly ReviewTag[] },
  db: AppDB = defaultDb,
): Promise<string> {
  const text = (review.text ?? '').trim();
  const tags = [...new Set(review.tags ?? [])];
  const problem = checkReviewText(text) ?? checkReviewTags(review.rating, tags);
  if (problem) throw new InvalidInputError(problem);
  const p = await queueMutation(
    reviewCreate,
    async ({ db, userId }) => {
      const { trade, other } = await ownTrade(db, tradeId, userId, r.reviewNotMine);
      if (trade.status !== 'completed') throw new InvalidInputError(r.reviewNotCompleted);
      if (await db.reviews.where({ trade: tradeId, author: userId }).first()) {
        throw new InvalidInputError(r.reviewExists);
      }
      return {
        id: newRecordId(),
        trade: tradeId,
        author: userId,
        subject: other,
        rating: review.rating,
        text,
        tags,
        createdAt: pbTimestamp(),
      };
    },
    db,
  );
  return p!.id;
}
