/**
 * The terms as a form holds them while the fan types (docs/product-rules.md, Exchange posts): the
 * price as typed, grouped by commas ('15,000'), the rest as stored. Pure, so both the new-post form
 * and the edit in place read and write them the same way.
 */
import {
  groupDigits,
  normalizeTerms,
  parsePrice,
  type CvsChain,
  type PostTerms,
  type PostType,
  type ShippingMethod,
} from '@/domains/posts/terms';

export interface TermsDraft {
  postType: PostType;
  /** As typed, digits grouped ('15,000'). */
  price: string;
  shipping: ShippingMethod[];
  cvs: CvsChain | '';
  meetPlace: string;
}

/**
 * A new post's terms: 교환 by 준등기, the method most photo-card trades use; the form still asks
 * for at least one method, so a fan who ticks it off must pick another.
 */
export const NEW_POST_TERMS: Readonly<TermsDraft> = {
  postType: 'exchange',
  price: '',
  shipping: ['semi'],
  cvs: '',
  meetPlace: '',
};

/** A stored post's terms in the form (its edit). */
export function draftOf(terms: PostTerms): TermsDraft {
  return {
    postType: terms.postType,
    price: terms.price ? groupDigits(String(terms.price)) : '',
    shipping: [...terms.shipping],
    cvs: terms.cvs,
    meetPlace: terms.meetPlace,
  };
}

/**
 * What the form would store: its price read (an empty one is 0, which a 양도 post is refused
 * for), and what the form hides dropped (normalizeTerms).
 */
export function termsOfDraft(d: TermsDraft): PostTerms {
  const price = parsePrice(d.price);
  return normalizeTerms({
    postType: d.postType,
    price: price ?? 0,
    shipping: d.shipping,
    cvs: d.cvs,
    meetPlace: d.meetPlace,
  });
}
