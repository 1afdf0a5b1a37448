import { useId, useState, type KeyboardEvent } from 'react';
import { cardSortAtom, useAtom, type CardSort } from '@/state/store';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { ko } from '@/i18n/ko-features';
import styles from './sort-control.module.css';

/** The three sorts of docs/product-rules.md, Photo card grid, in the order the sheet lists them. */
export const SORT_OPTIONS: ReadonlyArray<{ value: CardSort; label: string }> = [
  { value: 'latest', label: ko.sort.latest },
  { value: 'likesDesc', label: ko.sort.mostLiked },
  { value: 'likesAsc', label: ko.sort.leastLiked },
];

export function sortLabel(sort: CardSort): string {
  return SORT_OPTIONS.find((o) => o.value === sort)?.label ?? ko.sort.latest;
}

/**
 * The grid's sort (kept across visits, default 최신순). Phones: a button showing the current sort
 * that opens a bottom sheet of three radios (docs/product-rules.md, Photo card grid); desktop: the
 * same radios inline as a segmented control. CSS picks one per width, so both exist but only one is
 * ever shown.
 */
export function SortControl() {
  const [sort, setSort] = useAtom(cardSortAtom);
  const [open, setOpen] = useState(false);
  const inlineName = useId();

  return (
    <div className={styles.control}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="sort-button"
      >
        <span className="visually-hidden">{ko.cardGrid.sortPrefix} </span>
        {sortLabel(sort)}
        <span className={styles.chevron} aria-hidden="true" />
      </button>

      <fieldset className={styles.segmented} data-testid="sort-segmented">
        <legend className="visually-hidden">{ko.cardGrid.sortTitle}</legend>
        {SORT_OPTIONS.map((o) => (
          <label key={o.value} className={styles.segment}>
            <input
              type="radio"
              name={inlineName}
              value={o.value}
              checked={sort === o.value}
              onChange={() => setSort(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </fieldset>

      <SheetDialog
        open={open}
        onClose={() => setOpen(false)}
        title={ko.cardGrid.sortTitle}
        closeLabel={ko.cardGrid.close}
        testId="sort-sheet"
        dragToClose
      >
        <SortSheetOptions sort={sort} onChange={setSort} onDone={() => setOpen(false)} />
      </SheetDialog>
    </div>
  );
}

interface SortSheetOptionsProps {
  sort: CardSort;
  onChange: (sort: CardSort) => void;
  onDone: () => void;
}

/**
 * The sheet's radios. A tap or click on an option applies it and closes the sheet. Arrow keys
 * move through the options (applying each, as radios do) without closing, so a keyboard user can
 * look around; Enter or Space confirms. Arrow keys fire a click too, but one with detail 0. The
 * tap applies the sort itself rather than waiting for the input's change: closing unmounts it.
 */
function SortSheetOptions({ sort, onChange, onDone }: SortSheetOptionsProps) {
  const name = useId();
  const closeOnKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChange(event.currentTarget.value as CardSort);
      onDone();
    }
  };
  return (
    <fieldset className={styles.sheetOptions}>
      <legend className="visually-hidden">{ko.cardGrid.sortTitle}</legend>
      {SORT_OPTIONS.map((o) => (
        <label
          key={o.value}
          className={styles.option}
          onClick={(event) => {
            if (event.detail === 0) return;
            onChange(o.value);
            onDone();
          }}
        >
          <span>{o.label}</span>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={sort === o.value}
            onChange={() => onChange(o.value)}
            onKeyDown={closeOnKey}
          />
        </label>
      ))}
    </fieldset>
  );
}
