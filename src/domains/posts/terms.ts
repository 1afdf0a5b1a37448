/**
 * A post's terms (docs/product-rules.md, Exchange posts): its type (교환, 양도, 구함), price in won,
 * shipping methods, 반값택배 chain, 직거래 place and photos. Plain values and helpers, no Dexie, so
 * the screens and the server render can read a post's terms the same way. A post stored before
 * the terms existed, or queued by an older app version, has none: it reads as a 교환 post with no
 * price, no shipping and no photos.
 */
import { CVS_CHAINS, POST_TYPES, SHIPPING_METHODS, type ExchangePost } from '@/data/pb/records.ts';

export { CVS_CHAINS, POST_TYPES, SHIPPING_METHODS };

export type PostType = (typeof POST_TYPES)[number];
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export type CvsChain = (typeof CVS_CHAINS)[number];

/** The lowest price of a 양도 post, and the highest of any (won). */
export const PRICE_MIN = 100;
export const PRICE_MAX = 10_000_000;
/** The 직거래 place's longest text, in characters. */
export const MEET_PLACE_MAX = 40;
/** Photos a post carries at most, their largest size and their types (the server's field). */
export const PHOTOS_MAX = 3;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export interface PostTerms {
  postType: PostType;
  /** Won; 0 unless a 양도 post. */
  price: number;
  shipping: ShippingMethod[];
  /** The 반값택배 chain, '' without 반값택배. */
  cvs: CvsChain | '';
  /** '' without 직거래. */
  meetPlace: string;
}

/** The terms of a post with none (older copies and queued rows): a 교환 post, nothing else. */
export const NO_TERMS: Readonly<PostTerms> = {
  postType: 'exchange',
  price: 0,
  shipping: [],
  cvs: '',
  meetPlace: '',
};

type TermsOfPost = Pick<ExchangePost, 'postType' | 'price' | 'shipping' | 'cvs' | 'meetPlace'>;

/** A post's type; a missing one is `exchange`. */
export function postTypeOf(post: Pick<ExchangePost, 'postType'>): PostType {
  return post.postType || 'exchange';
}

/** A post's terms, with what a copy lacks read as NO_TERMS. */
export function termsOf(post: TermsOfPost): PostTerms {
  return {
    postType: postTypeOf(post),
    price: post.price ?? 0,
    shipping: [...(post.shipping ?? [])],
    cvs: post.cvs ?? '',
    meetPlace: post.meetPlace ?? '',
  };
}

/**
 * The terms as they are stored, from what a form holds: the shipping methods in their fixed order
 * without repeats, the price kept only for 양도, the chain only with 반값택배, the place (trimmed)
 * only with 직거래. What the form hides is what it drops, so a fan who ticks 반값택배 off does not
 * send the chain picked before.
 */
export function normalizeTerms(t: PostTerms): PostTerms {
  const shipping = SHIPPING_METHODS.filter((s) => t.shipping.includes(s));
  return {
    postType: t.postType,
    price: t.postType === 'sell' ? t.price : 0,
    shipping,
    cvs: shipping.includes('half') ? t.cvs : '',
    meetPlace: shipping.includes('meet') ? t.meetPlace.trim() : '',
  };
}

/** Whether two sets of terms say the same (an edit that changes none sends none). */
export function sameTerms(a: PostTerms, b: PostTerms): boolean {
  return (
    a.postType === b.postType &&
    a.price === b.price &&
    a.cvs === b.cvs &&
    a.meetPlace === b.meetPlace &&
    a.shipping.length === b.shipping.length &&
    a.shipping.every((s) => b.shipping.includes(s))
  );
}

/**
 * A price as typed ('15,000', '15000원', ' 1 000 '): its digits as a number, or null when it has
 * none. Anything but digits, commas, spaces and a trailing 원 is not a price (NaN).
 */
export function parsePrice(text: string): number | null {
  const plain = text.replace(/[\s,]/g, '').replace(/원$/, '');
  if (plain === '') return null;
  return /^\d+$/.test(plain) ? Number(plain) : Number.NaN;
}

/** A price as a field shows it while typed: digits grouped by commas ('15,000'), or ''. */
export function groupDigits(text: string): string {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 9);
  return digits ? Number(digits).toLocaleString('ko-KR') : '';
}
