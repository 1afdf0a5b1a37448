import { useId } from 'react';
import { ko } from '@/i18n/ko-features';
import { isBlank } from '@/lib/text';
import { TITLE_MAX, titleLength } from '@/features/collect-book/hooks/use-book-draft';
import styles from './fields.module.css';

export interface TitleFieldProps {
  value: string;
  onChange: (title: string) => void;
  disabled?: boolean;
  /** Mobile step 2: a '확인' button beside the input, enabled when the title is not blank. */
  confirm?: { confirmed: boolean; onConfirm: () => void };
}

/**
 * The title input, labelled '콜렉트북 제목 입력' (docs/product-rules.md, Add a collect book), with an n/50
 * counter.
 */
export function TitleField({ value, onChange, disabled = false, confirm }: TitleFieldProps) {
  const id = useId();
  const counterId = useId();
  const blank = isBlank(value);

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {ko.collectBook.titleLabel}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          type="text"
          value={value}
          maxLength={TITLE_MAX}
          placeholder={ko.collectBookAdd.titlePlaceholder}
          disabled={disabled}
          autoComplete="off"
          aria-describedby={counterId}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && confirm && !blank) {
              e.preventDefault();
              confirm.onConfirm();
            }
          }}
          data-testid="book-title"
        />
        {confirm ? (
          <button
            type="button"
            className={styles.confirm}
            disabled={disabled || blank || confirm.confirmed}
            aria-pressed={confirm.confirmed}
            onClick={confirm.onConfirm}
            data-testid="book-title-confirm"
          >
            {ko.collectBookAdd.titleConfirm}
          </button>
        ) : null}
      </div>
      <p className={styles.hint} id={counterId}>
        <span aria-hidden="true">
          {ko.collectBookAdd.titleCounter(titleLength(value), TITLE_MAX)}
        </span>
        {confirm?.confirmed ? (
          <span className={styles.ok} role="status">
            {ko.collectBookAdd.titleConfirmed}
          </span>
        ) : null}
      </p>
    </div>
  );
}
