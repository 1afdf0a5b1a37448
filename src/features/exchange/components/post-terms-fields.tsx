import type { ReactNode } from 'react';
import { postTermsKo } from '@/domains/posts/ko-terms';
import type { PostTermsProblems } from '@/domains/posts/rules';
import {
  CVS_CHAINS,
  MEET_PLACE_MAX,
  POST_TYPES,
  SHIPPING_METHODS,
  groupDigits,
} from '@/domains/posts/terms';
import { koPostTerms } from '@/features/exchange/ko-post-terms';
import type { TermsDraft } from '@/features/exchange/post-terms-draft';
import styles from './post-terms-fields.module.css';

const t = koPostTerms.form;

export interface PostTermsFieldsProps {
  /** Prefix of the fields' ids (one form per post on a page). */
  id: string;
  value: TermsDraft;
  onChange: (next: TermsDraft) => void;
  errors: PostTermsProblems;
  /**
   * Logged out: the controls show but a change asks the fan to log in instead (as the text field
   * does), and nothing changes.
   */
  locked?: (() => void) | undefined;
}

/** A field's message (role=alert), under it. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role="alert" data-testid="post-terms-error">
      {message}
    </p>
  );
}

function Group({
  legend,
  hint,
  error,
  errorId,
  children,
  visibleLegend = true,
}: {
  legend: string;
  hint?: string;
  error: string | undefined;
  errorId: string;
  children: ReactNode;
  visibleLegend?: boolean;
}) {
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
      <legend className={visibleLegend ? styles.legend : 'visually-hidden'}>
        {legend}
        {hint ? <span className={styles.hint}> {hint}</span> : null}
      </legend>
      {children}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * The terms of a post in its form (docs/product-rules.md, Exchange posts): 교환 / 양도 / 구함 as a
 * segmented switch, the price of a 양도 post in won (numeric keyboard), the shipping methods as
 * chips (several), the 반값택배 chain when 반값택배 is on and the place when 직거래 is. Native
 * radios and checkboxes under the chips: arrow keys, Space and screen readers work as usual.
 */
export function PostTermsFields({ id, value, onChange, errors, locked }: PostTermsFieldsProps) {
  const set = (patch: Partial<TermsDraft>) => {
    if (locked) return locked();
    onChange({ ...value, ...patch });
  };
  const toggleShipping = (s: (typeof SHIPPING_METHODS)[number]) =>
    set({
      shipping: value.shipping.includes(s)
        ? value.shipping.filter((x) => x !== s)
        : SHIPPING_METHODS.filter((x) => x === s || value.shipping.includes(x)),
    });
  const half = value.shipping.includes('half');
  const meet = value.shipping.includes('meet');

  return (
    <div className={styles.fields} data-testid="post-terms-fields">
      <Group legend={t.typeLegend} error={errors.postType} errorId={`${id}-type-error`}>
        <div className={styles.segmented}>
          {POST_TYPES.map((type) => (
            <label key={type} className={styles.segment} data-type={type}>
              <input
                type="radio"
                className={styles.control}
                name={`${id}-type`}
                value={type}
                checked={value.postType === type}
                onChange={() => set({ postType: type })}
                data-testid={`post-type-${type}`}
              />
              <span>{postTermsKo.types[type]}</span>
            </label>
          ))}
        </div>
      </Group>

      {value.postType === 'sell' ? (
        <div className={styles.group}>
          <label htmlFor={`${id}-price`} className={styles.legend}>
            {t.priceLabel}
          </label>
          <div className={styles.priceBox}>
            <input
              id={`${id}-price`}
              className={styles.input}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t.pricePlaceholder}
              value={value.price}
              onChange={(e) => set({ price: groupDigits(e.target.value) })}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={errors.price ? `${id}-price-error` : undefined}
              data-testid="post-price-input"
            />
            <span className={styles.unit} aria-hidden="true">
              {t.won}
            </span>
          </div>
          <FieldError id={`${id}-price-error`} message={errors.price} />
        </div>
      ) : null}

      <Group
        legend={t.shippingLegend}
        hint={t.shippingHint}
        error={errors.shipping}
        errorId={`${id}-shipping-error`}
      >
        <div className={styles.chips}>
          {SHIPPING_METHODS.map((s) => (
            <label key={s} className={styles.chip}>
              <input
                type="checkbox"
                className={styles.control}
                checked={value.shipping.includes(s)}
                onChange={() => toggleShipping(s)}
                data-testid={`post-shipping-${s}`}
              />
              <span>{postTermsKo.shipping[s]}</span>
            </label>
          ))}
        </div>
      </Group>

      {half ? (
        <Group legend={t.cvsLegend} error={errors.cvs} errorId={`${id}-cvs-error`}>
          <div className={styles.chips}>
            {CVS_CHAINS.map((c) => (
              <label key={c} className={styles.chip}>
                <input
                  type="radio"
                  className={styles.control}
                  name={`${id}-cvs`}
                  value={c}
                  checked={value.cvs === c}
                  onChange={() => set({ cvs: c })}
                  data-testid={`post-cvs-${c}`}
                />
                <span>{postTermsKo.cvs[c]}</span>
              </label>
            ))}
          </div>
        </Group>
      ) : null}

      {meet ? (
        <div className={styles.group}>
          <label htmlFor={`${id}-place`} className={styles.legend}>
            {t.placeLabel}
          </label>
          <input
            id={`${id}-place`}
            className={styles.input}
            type="text"
            autoComplete="off"
            placeholder={t.placePlaceholder}
            value={value.meetPlace}
            onChange={(e) => set({ meetPlace: e.target.value })}
            aria-invalid={errors.meetPlace ? true : undefined}
            aria-describedby={
              errors.meetPlace ? `${id}-place-error ${id}-place-count` : `${id}-place-count`
            }
            data-testid="post-meet-place"
          />
          <span id={`${id}-place-count`} className={styles.count}>
            <span className="visually-hidden">{t.placeCounter} </span>
            {Array.from(value.meetPlace.trim()).length}/{MEET_PLACE_MAX}
          </span>
          <FieldError id={`${id}-place-error`} message={errors.meetPlace} />
        </div>
      ) : null}
    </div>
  );
}
