import { useId } from 'react';
import { ko } from '@/i18n/ko-features';
import styles from './privacy-toggle.module.css';

const t = ko.collectBookScreen;

/**
 * The 'my only view / show off' switch (docs/product-rules.md, Collect book: shown, inactive). Both
 * options are disabled and say so to assistive tech; the hint tells everyone it is coming.
 */
export function PrivacyToggle() {
  const hintId = useId();
  return (
    <div className={styles.wrap} data-testid="book-privacy">
      <div
        className={styles.group}
        role="group"
        aria-label={t.privacyLabel}
        aria-describedby={hintId}
      >
        <button
          type="button"
          className={`${styles.option} ${styles.selected}`}
          aria-pressed="true"
          aria-disabled="true"
          disabled
        >
          {t.privacyMine}
        </button>
        <button
          type="button"
          className={styles.option}
          aria-pressed="false"
          aria-disabled="true"
          disabled
        >
          {t.privacyShow}
        </button>
      </div>
      <p id={hintId} className={styles.hint}>
        {t.privacyHint}
      </p>
    </div>
  );
}
