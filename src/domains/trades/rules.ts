/**
 * The trade rules a form checks as the fan types (docs/trades.md: lengths, cards, profanity,
 * reasons), with no Dexie and no SDK, so a screen can show them before the data layer has loaded.
 * The trade writes apply the same rules when a change is made, and the server's hooks mirror them.
 * Kept apart from rules.ts, which the entry bundle reaches through lazy.ts.
 */
import { ko } from '@/i18n/ko.ts';
import { containsProfanity } from '@/lib/profanity.ts';
import { isBlank } from '@/lib/text.ts';
import { tradesKo } from './ko.ts';

const r = tradesKo.rules;

/** A chat message's longest text, in characters. */
export const MESSAGE_MAX_LENGTH = 1000;
/** A proposal's message. */
export const TRADE_MESSAGE_MAX_LENGTH = 300;
/** Cards on each side of a proposal. */
export const TRADE_CARDS_MAX = 20;
/** Proposals a fan may have waiting for an answer (status `proposed`). */
export const OPEN_TRADES_MAX = 20;
/** A review's text. */
export const REVIEW_MAX_LENGTH = 100;
/** A chat report's reason. */
export const REPORT_REASON_MAX_LENGTH = 300;
/** Items on a fan's have and want lists together. */
export const TRADE_ITEMS_MAX = 2000;
/** Spare copies of a card on the have list. */
export const SPARE_MAX = 99;
/** A message photo's largest size. */
export const MESSAGE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const MESSAGE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

const length = (text: string) => Array.from(text).length;

/** A chat message (text, a photo or both): the Korean message for a rule it breaks, or null. */
export function checkMessage(text: string, photo?: Blob | null): string | null {
  const trimmed = text.trim();
  if (photo && (!MESSAGE_PHOTO_TYPES.includes(photo.type) || photo.size > MESSAGE_PHOTO_MAX_BYTES))
    return ko.sync.imageInvalid;
  if (!photo && isBlank(trimmed)) return r.messageEmpty;
  if (length(trimmed) > MESSAGE_MAX_LENGTH) return r.messageTooLong(MESSAGE_MAX_LENGTH);
  if (containsProfanity(trimmed)) return ko.validation.exchangeProfanity;
  return null;
}

/** The cards and message of a proposal. */
export function checkProposal(
  give: readonly string[],
  get: readonly string[],
  message: string,
): string | null {
  if (!give.length && !get.length) return r.tradeEmpty;
  if (give.length > TRADE_CARDS_MAX || get.length > TRADE_CARDS_MAX)
    return r.tradeTooMany(TRADE_CARDS_MAX);
  const given = new Set(give);
  if (get.some((c) => given.has(c))) return r.tradeOverlap;
  const trimmed = message.trim();
  if (length(trimmed) > TRADE_MESSAGE_MAX_LENGTH)
    return r.tradeMessageTooLong(TRADE_MESSAGE_MAX_LENGTH);
  if (containsProfanity(trimmed)) return ko.validation.exchangeProfanity;
  return null;
}

/** A review's text (may be empty): length and the posts' profanity rule. */
export function checkReviewText(text: string): string | null {
  const trimmed = text.trim();
  if (length(trimmed) > REVIEW_MAX_LENGTH) return r.reviewTooLong(REVIEW_MAX_LENGTH);
  if (containsProfanity(trimmed)) return ko.validation.exchangeProfanity;
  return null;
}

/** A chat report's reason: 1–300 characters, not blank. */
export function checkReportReason(reason: string): string | null {
  const trimmed = reason.trim();
  if (isBlank(trimmed)) return r.reasonEmpty;
  if (length(trimmed) > REPORT_REASON_MAX_LENGTH) return r.reasonTooLong(REPORT_REASON_MAX_LENGTH);
  return null;
}

/** Spare copies of a `have` item: a whole number 1–99. */
export function checkSpare(spare: number): string | null {
  if (!Number.isInteger(spare) || spare < 0 || spare > SPARE_MAX) return r.spareRange(SPARE_MAX);
  return spare < 1 ? r.haveSpare : null;
}

/** Where a side wants the cards sent, in characters. */
export const ADDRESS_MAX_LENGTH = 200;
const TRACKING = /^[0-9A-Za-z-]{6,30}$/;

/** A tracking number as stored: spaces dropped. */
export function normalizeTracking(tracking: string): string {
  return tracking.replace(/\s+/g, '');
}

/** A side's shipping details (docs/trades.md, Shipping): the Korean message for a rule broken. */
export function checkShipping(details: {
  address?: string;
  carrier?: string;
  tracking?: string;
}): string | null {
  if (details.address !== undefined && length(details.address.trim()) > ADDRESS_MAX_LENGTH)
    return r.addressTooLong(ADDRESS_MAX_LENGTH);
  const tracking = normalizeTracking(details.tracking ?? '');
  if (tracking && !TRACKING.test(tracking)) return r.tracking;
  if (tracking && !details.carrier) return r.carrierNeeded;
  return null;
}

/** Review tags: the good ones go with 좋았어요, the others with 아쉬워요 (docs/trades.md, `reviews`). */
export const GOOD_REVIEW_TAGS = ['packing', 'fast', 'reply', 'asDescribed', 'kind'] as const;
export const BAD_REVIEW_TAGS = ['late', 'notAsDescribed', 'poorPacking', 'slowReply'] as const;
export type ReviewTag = (typeof GOOD_REVIEW_TAGS)[number] | (typeof BAD_REVIEW_TAGS)[number];

/** Review tags that go with the rating; the Korean message when one does not. */
export function checkReviewTags(rating: 'good' | 'bad', tags: readonly string[]): string | null {
  const allowed: readonly string[] = rating === 'good' ? GOOD_REVIEW_TAGS : BAD_REVIEW_TAGS;
  return tags.every((tag) => allowed.includes(tag)) ? null : r.reviewTags;
}
