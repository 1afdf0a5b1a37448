/**
 * The post rules a form checks as the fan types (the length, the text rule, the terms: type,
 * price, shipping, photos), with no Dexie and no SDK, so a screen can show them before the data
 * layer has loaded. The writes apply the same rules when a change is made, and the server hooks
 * mirror them (pb_hooks/guards.pb.js, lib/post-terms.js).
 */
import { ko } from '@/i18n/ko.ts';
import { containsProfanity } from '@/lib/profanity.ts';
import { isBlank } from '@/lib/text.ts';
import { postTermsKo } from './ko-terms.ts';
import {
  CVS_CHAINS,
  MEET_PLACE_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  PHOTOS_MAX,
  POST_TYPES,
  PRICE_MAX,
  PRICE_MIN,
  SHIPPING_METHODS,
  type PostTerms,
} from './terms.ts';

/** An exchange post's longest text, in characters. */
export const POST_MAX_LENGTH = 150;

/** The Korean message for a post text that breaks a rule, or null when it is fine. */
export function checkPostText(text: string): string | null {
  const trimmed = text.trim();
  if (isBlank(trimmed)) return ko.validation.exchangeEmpty;
  if (Array.from(trimmed).length > POST_MAX_LENGTH) return ko.validation.exchangeTooLong;
  if (containsProfanity(trimmed)) return ko.validation.exchangeProfanity;
  return null;
}

// ---------------------------------------------------------------- the terms

/** The fields of a post's terms a form shows a message under. */
export type PostTermsField = 'postType' | 'price' | 'shipping' | 'cvs' | 'meetPlace' | 'photos';
export type PostTermsProblems = Partial<Record<PostTermsField, string>>;

/**
 * The Korean message under each field of the terms that breaks a rule (an empty object when all
 * is well), the server's rules (pb_hooks/lib/post-terms.js) in its words. `requireShipping`: the
 * form asks for at least one shipping method; the server does not (a post queued by an older app
 * version has none). Takes the terms as given: a form passes them through normalizeTerms first,
 * so what it hides (the chain without 반값택배) is dropped rather than refused.
 */
export function checkPostTerms(
  t: Readonly<PostTerms>,
  { requireShipping = true }: { requireShipping?: boolean } = {},
): PostTermsProblems {
  const r = postTermsKo.rules;
  const out: PostTermsProblems = {};
  if (!POST_TYPES.includes(t.postType)) out.postType = r.type;
  if (!Number.isInteger(t.price)) out.price = r.priceNotInt;
  else if (t.postType === 'sell') {
    if (t.price < PRICE_MIN) out.price = r.priceRequired;
    else if (t.price > PRICE_MAX) out.price = r.priceTooHigh;
  } else if (t.price !== 0) out.price = r.priceNotSell;
  if (t.shipping.some((s) => !SHIPPING_METHODS.includes(s))) out.shipping = r.shippingUnknown;
  else if (requireShipping && t.shipping.length === 0) out.shipping = r.shippingRequired;
  if (t.shipping.includes('half')) {
    if (!t.cvs) out.cvs = r.cvsRequired;
    else if (!CVS_CHAINS.includes(t.cvs)) out.cvs = r.cvsUnknown;
  } else if (t.cvs) out.cvs = r.cvsNotHalf;
  const place = t.meetPlace.trim();
  if (t.shipping.includes('meet')) {
    if (isBlank(place)) out.meetPlace = r.placeRequired;
    else if (Array.from(place).length > MEET_PLACE_MAX) out.meetPlace = r.placeTooLong;
    else if (containsProfanity(place)) out.meetPlace = r.placeProfanity;
  } else if (place !== '') out.meetPlace = r.placeNotMeet;
  return out;
}

/**
 * The photos' message, or null: at most three, each a JPEG, PNG or WEBP of at most 5 MB by its
 * declared type (the picker also reads each file's first bytes, as the server does).
 */
export function checkPostPhotos(photos: readonly Blob[]): string | null {
  if (photos.length > PHOTOS_MAX) return postTermsKo.rules.photosTooMany;
  if (photos.some((p) => !PHOTO_TYPES.includes(p.type) || p.size > PHOTO_MAX_BYTES)) {
    return postTermsKo.rules.photoInvalid;
  }
  return null;
}

/** The first message of a check, for a write that throws one (InvalidInputError). */
export function firstProblem(problems: PostTermsProblems): string | null {
  for (const f of ['postType', 'price', 'shipping', 'cvs', 'meetPlace', 'photos'] as const) {
    if (problems[f]) return problems[f];
  }
  return null;
}
