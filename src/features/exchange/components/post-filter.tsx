import { useId } from 'react';
import { postTermsKo } from '@/domains/posts/ko-terms';
import type { PostFacets, PostFilter } from '@/domains/posts/hooks';
import { POST_TYPES, SHIPPING_METHODS, type ShippingMethod } from '@/domains/posts/terms';
import { koPostTerms } from '@/features/exchange/ko-post-terms';
import styles from './post-filter.module.css';

const t = koPostTerms.filter;

export const NO_FILTER: PostFilter = { postType: '', shipping: '' };

/**
 * The card page's filter of its posts (docs/product-rules.md, Exchange posts): 전체 / 교환 / 양도 /
 * 구함 as toggle buttons with their counts, and the shipping method as a select. Buttons and a
 * native select: each is one Tab stop, Enter or Space picks.
 */
export function PostFilterBar({
  value,
  onChange,
  facets,
}: {
  value: PostFilter;
  onChange: (next: PostFilter) => void;
  /** The counts, once read (none while loading). */
  facets: PostFacets | null | undefined;
}) {
  const selectId = useId();
  const chips = [
    { type: '' as const, label: t.all, count: facets?.all },
    ...POST_TYPES.map((type) => ({
      type,
      label: postTermsKo.types[type],
      count: facets?.types[type],
    })),
  ];
  return (
    <div className={styles.bar} data-testid="post-filter">
      <div className={styles.chips} role="group" aria-label={t.label}>
        {chips.map((c) => (
          <button
            key={c.type || 'all'}
            type="button"
            className={styles.chip}
            aria-pressed={value.postType === c.type}
            onClick={() => onChange({ ...value, postType: c.type })}
            data-testid="post-filter-type"
            data-type={c.type || 'all'}
          >
            {c.label}
            {c.count === undefined ? null : <span className={styles.count}>{c.count}</span>}
          </button>
        ))}
      </div>
      <label htmlFor={selectId} className="visually-hidden">
        {t.shippingLabel}
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={value.shipping}
        onChange={(e) => onChange({ ...value, shipping: e.target.value as ShippingMethod | '' })}
        data-testid="post-filter-shipping"
      >
        <option value="">{t.shippingAll}</option>
        {SHIPPING_METHODS.map((s) => (
          <option key={s} value={s}>
            {facets
              ? t.count(postTermsKo.shipping[s], facets.shipping[s])
              : postTermsKo.shipping[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
