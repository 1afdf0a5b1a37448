import { useEffect, useRef, useState } from 'react';
import { ko } from '@/i18n/ko-features';
import { BIRTH_MIN_YEAR, type BirthParts } from '@/lib/account-validation';
import styles from './register.module.css';

const t = ko.register;
/** docs/product-rules.md, Sign-up: the desktop date picker shows 4 years per row. */
export const YEARS_PER_ROW = 4;
const YEARS_PER_PAGE = YEARS_PER_ROW * 5;

type View = 'year' | 'month' | 'day';

/**
 * A small popover date picker for the birth date on desktop: year grid (4 per row, 20 per page),
 * then months, then days. Esc or '닫기' closes it and gives focus back to its button.
 */
export function DatePicker({
  value,
  onPick,
  onClose,
}: {
  value: BirthParts;
  onPick: (parts: BirthParts) => void;
  onClose: () => void;
}) {
  const thisYear = new Date().getFullYear();
  const [view, setView] = useState<View>('year');
  const [year, setYear] = useState(() => Number(value.year) || thisYear - 20);
  const [month, setMonth] = useState(() => Number(value.month) || 1);
  const lastPageStart = thisYear - YEARS_PER_PAGE + 1;
  const [pageStart, setPageStart] = useState(() =>
    Math.max(BIRTH_MIN_YEAR, Math.min(lastPageStart, year - (year % YEARS_PER_PAGE))),
  );
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[data-grid] button')?.focus();
  }, [view]);

  const years = Array.from({ length: YEARS_PER_PAGE }, (_, i) => pageStart + i).filter(
    (y) => y >= BIRTH_MIN_YEAR && y <= thisYear,
  );
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');

  return (
    <div
      ref={ref}
      className={styles.picker}
      role="dialog"
      aria-label={t.pickerLabel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={styles.pickerHead}>
        {view === 'year' ? (
          <>
            <button
              type="button"
              className={styles.pickerNav}
              aria-label={t.earlierYears}
              disabled={pageStart <= BIRTH_MIN_YEAR}
              onClick={() => setPageStart((p) => Math.max(BIRTH_MIN_YEAR, p - YEARS_PER_PAGE))}
            >
              ‹
            </button>
            <span className={styles.pickerTitle}>{t.pickYear}</span>
            <button
              type="button"
              className={styles.pickerNav}
              aria-label={t.laterYears}
              disabled={pageStart + YEARS_PER_PAGE > thisYear}
              onClick={() => setPageStart((p) => Math.min(lastPageStart, p + YEARS_PER_PAGE))}
            >
              ›
            </button>
          </>
        ) : (
          <button
            type="button"
            className={styles.pickerTitleButton}
            onClick={() => setView('year')}
          >
            {view === 'month'
              ? t.yearOption(year)
              : `${t.yearOption(year)} ${t.monthOption(month)}`}
          </button>
        )}
      </div>
      {view === 'year' && (
        <div data-grid className={styles.yearGrid} role="group" aria-label={t.pickYear}>
          {years.map((y) => (
            <button
              key={y}
              type="button"
              aria-pressed={String(y) === value.year}
              onClick={() => {
                setYear(y);
                setView('month');
              }}
            >
              {y}
            </button>
          ))}
        </div>
      )}
      {view === 'month' && (
        <div data-grid className={styles.monthGrid} role="group" aria-label={t.pickMonth}>
          {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
            <button
              key={m}
              type="button"
              onClick={() => {
                setMonth(m);
                setView('day');
              }}
            >
              {t.monthOption(m)}
            </button>
          ))}
        </div>
      )}
      {view === 'day' && (
        <div data-grid className={styles.dayGrid} role="group" aria-label={t.pickDay}>
          {Array.from({ length: daysInMonth }, (_, i) => i + 1).map((d) => (
            <button
              key={d}
              type="button"
              aria-label={t.dayOption(d)}
              onClick={() => onPick({ year: String(year), month: pad(month), day: pad(d) })}
            >
              {d}
            </button>
          ))}
        </div>
      )}
      <button type="button" className={styles.pickerClose} onClick={onClose}>
        {t.closePicker}
      </button>
    </div>
  );
}
