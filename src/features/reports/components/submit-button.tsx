import { ko } from '@/i18n/ko-features';
import type { SubmitReport } from '@/features/reports/hooks/use-submit-report';
import styles from './reports.module.css';

/** The submit button (shown once every required answer is in) and why nothing was queued. */
export function SubmitButton({ submit }: { submit: SubmitReport }) {
  const sending = submit.phase === 'sending';
  return (
    <>
      {submit.error ? (
        <p className={styles.error} role="alert" data-testid="report-submit-error">
          {submit.error}
        </p>
      ) : null}
      <button
        type="submit"
        className={styles.submit}
        disabled={sending}
        aria-busy={sending || undefined}
        data-testid="report-submit"
      >
        {sending ? ko.reports.submitting : ko.reports.submit}
      </button>
    </>
  );
}
