import { useEffect, useId, useRef, useState } from 'react';
import { ko } from '@/i18n/ko-features';
import { pickAddress } from '@/lib/address';
import { useDaumPostcode } from '@/features/reports/hooks/use-daum-postcode';
import { REPORT_MAX } from '@/features/reports/report-rules';
import { Question, QuestionLabel } from './question';
import styles from './reports.module.css';

export interface AddressQuestionProps {
  n: number;
  online: boolean;
  base: string;
  onBase: (value: string) => void;
  detail: string;
  onDetail: (value: string) => void;
}

/**
 * The cafe address (docs/product-rules.md, Reports): with the Daum postcode panel when its script
 * loads (the fan picks a road or lot-number address into a read-only field), else — offline,
 * blocked, slow — a plain address field. An optional detail (floor, room) goes under it; the form
 * joins the two.
 */
export function AddressQuestion({
  n,
  online,
  base,
  onBase,
  detail,
  onDetail,
}: AddressQuestionProps) {
  const postcode = useDaumPostcode(online);
  const [searching, setSearching] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const detailRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLButtonElement>(null);
  const baseId = useId();
  const detailId = useId();
  const hintId = useId();
  const withPanel = postcode === 'ready';

  useEffect(() => {
    const el = panelRef.current;
    const Postcode = window.daum?.Postcode;
    if (!searching || !el || !Postcode) return;
    new Postcode({
      oncomplete: (data) => {
        onBase(pickAddress(data));
        setSearching(false);
        requestAnimationFrame(() => detailRef.current?.focus());
      },
      width: '100%',
      height: '100%',
    }).embed(el);
    return () => el.replaceChildren();
  }, [searching, onBase]);

  return (
    <Question testId="report-address">
      <label className={styles.label} htmlFor={baseId}>
        <QuestionLabel n={n} label={ko.reports.address} />
      </label>
      {withPanel ? (
        <div className={styles.row}>
          <input
            id={baseId}
            className={styles.input}
            value={base}
            readOnly
            required
            placeholder={ko.reports.addressPickHint}
            aria-describedby={hintId}
            onClick={() => setSearching(true)}
            data-testid="report-address-input"
          />
          <button
            ref={searchRef}
            type="button"
            className={styles.secondary}
            aria-expanded={searching}
            onClick={() => setSearching((s) => !s)}
            data-testid="report-address-search"
          >
            {base ? ko.reports.addressSearchAgain : ko.reports.addressSearch}
          </button>
        </div>
      ) : (
        <input
          id={baseId}
          className={styles.input}
          value={base}
          required
          maxLength={REPORT_MAX.addressBase}
          autoComplete="street-address"
          placeholder={ko.reports.addressPlaceholder}
          onChange={(e) => onBase(e.target.value)}
          data-testid="report-address-input"
        />
      )}
      {withPanel ? (
        <p className={styles.hint} id={hintId}>
          {ko.reports.addressPickHint}
        </p>
      ) : null}
      {withPanel && searching ? (
        <div className={styles.postcode} role="region" aria-label={ko.reports.addressSearchTitle}>
          <div className={styles.postcodeBar}>
            <span>{ko.reports.addressSearchTitle}</span>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setSearching(false);
                searchRef.current?.focus();
              }}
            >
              {ko.reports.addressSearchClose}
            </button>
          </div>
          <div ref={panelRef} className={styles.postcodePanel} data-testid="report-postcode" />
        </div>
      ) : null}
      <label className={styles.label} htmlFor={detailId}>
        <span>{ko.reports.addressDetail}</span>
        <span className={styles.tag}>{ko.reports.optional}</span>
      </label>
      <input
        ref={detailRef}
        id={detailId}
        className={styles.input}
        value={detail}
        maxLength={REPORT_MAX.addressDetail}
        autoComplete="off"
        placeholder={ko.reports.addressDetailPlaceholder}
        onChange={(e) => onDetail(e.target.value)}
        data-testid="report-address-detail"
      />
    </Question>
  );
}
