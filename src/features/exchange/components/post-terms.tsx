import type { ExchangePost } from '@/data/pb/records';
import { postTermsKo } from '@/domains/posts/ko-terms';
import { termsOf, type PostTerms, type PostType } from '@/domains/posts/terms';
import { koPostTerms } from '@/features/exchange/ko-post-terms';
import styles from './post-terms.module.css';

const BADGE_CLASS: Record<PostType, string | undefined> = {
  exchange: styles.exchange,
  sell: styles.sell,
  want: styles.want,
};

/** 교환 / 양도 / 구함 as a coloured badge (each pair ≥ 4.5:1, see the CSS). */
export function TypeBadge({ type }: { type: PostType }) {
  return (
    <span
      className={`${styles.badge} ${BADGE_CLASS[type] ?? ''}`}
      data-testid="post-type"
      data-type={type}
    >
      {postTermsKo.types[type]}
    </span>
  );
}

/** '반값택배(GS25) · 준등기 · 직거래(홍대입구역)', or '' without shipping methods. */
export function shippingText(terms: Pick<PostTerms, 'shipping' | 'cvs' | 'meetPlace'>): string {
  return terms.shipping
    .map((s) => {
      const name = postTermsKo.shipping[s];
      if (s === 'half' && terms.cvs) return `${name}(${postTermsKo.cvs[terms.cvs]})`;
      if (s === 'meet' && terms.meetPlace) return `${name}(${terms.meetPlace})`;
      return name;
    })
    .join(' · ');
}

/**
 * A post's terms in one line: its type badge, the price of a 양도 post, its shipping methods
 * (docs/product-rules.md, Exchange posts). A post stored before the terms shows its 교환 badge only.
 */
export function PostTermsLine({
  post,
  compact = false,
}: {
  post: Pick<ExchangePost, 'postType' | 'price' | 'shipping' | 'cvs' | 'meetPlace'>;
  /** 내가 쓴 글's rows: the badge and price only. */
  compact?: boolean;
}) {
  const terms = termsOf(post);
  const shipping = compact ? '' : shippingText(terms);
  return (
    <span className={styles.line} data-testid="post-terms">
      <TypeBadge type={terms.postType} />
      {terms.postType === 'sell' && terms.price > 0 ? (
        <span className={styles.price} data-testid="post-price">
          {postTermsKo.won(terms.price)}
        </span>
      ) : null}
      {shipping ? (
        <span className={styles.shipping} data-testid="post-shipping">
          <span className="visually-hidden">{koPostTerms.item.shippingLabel} </span>
          {shipping}
        </span>
      ) : null}
    </span>
  );
}
