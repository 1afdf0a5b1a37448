import { useId, useState } from 'react';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { toast } from '@/components/ui/toast';
import { InvalidInputError, LoginRequiredError, loadRepos } from '@/domains/tables/lazy';
import { reportsKo } from '@/domains/reports/ko';
import { checkReportReason, REPORT_REASON_MAX_LENGTH } from '@/domains/trades/rules';
import styles from './moderation.module.css';

const m = reportsKo.moderation;

/** What is reported: an exchange post or a meetup comment. */
export type ReportedItem = { post: string } | { comment: string };

export interface ContentReportSheetProps {
  item: ReportedItem | null;
  onClose: () => void;
  /** Asked when the fan turns out not to be signed in. */
  onLoginRequired: () => void;
}

/**
 * The 신고 sheet of an exchange post or a meetup comment (docs/operators.md, Moderation): a reason
 * of 1–300 characters, then the report is queued like every change (offline too, sent once) with
 * the item's text kept as evidence by the server.
 */
export function ContentReportSheet({ item, onClose, onLoginRequired }: ContentReportSheetProps) {
  return (
    <SheetDialog
      open={item !== null}
      onClose={onClose}
      title={item && 'comment' in item ? m.reportCommentTitle : m.reportPostTitle}
      closeLabel={m.close}
      testId="content-report-sheet"
    >
      {item ? <ReportForm item={item} onDone={onClose} onLoginRequired={onLoginRequired} /> : null}
    </SheetDialog>
  );
}

function ReportForm({
  item,
  onDone,
  onLoginRequired,
}: {
  item: ReportedItem;
  onDone: () => void;
  onLoginRequired: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const noteId = useId();

  async function submit() {
    const problem = checkReportReason(reason);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await (await loadRepos()).reportContent(item, reason);
      toast.success(navigator.onLine ? m.reported : m.reportedOffline);
      onDone();
    } catch (err) {
      if (err instanceof LoginRequiredError) {
        onDone();
        onLoginRequired();
      } else if (err instanceof InvalidInputError) setError(err.message);
      else toast.error(reportsKo.failures.contentReport);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={fieldId} className={styles.label}>
        {m.reasonLabel}
      </label>
      <textarea
        id={fieldId}
        className={styles.field}
        rows={4}
        value={reason}
        maxLength={REPORT_REASON_MAX_LENGTH}
        placeholder={m.reasonPlaceholder}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${noteId} ${errorId}` : noteId}
        data-testid="content-report-reason"
      />
      <p className={styles.count} aria-hidden="true">
        {Array.from(reason).length}/{REPORT_REASON_MAX_LENGTH}
      </p>
      <p className={styles.note} id={noteId}>
        {m.evidenceNote}
      </p>
      {error ? (
        <p className={styles.error} id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.pill} onClick={onDone}>
          {m.cancel}
        </button>
        <button
          type="submit"
          className={`${styles.pill} ${styles.danger}`}
          disabled={busy}
          data-testid="content-report-submit"
        >
          {m.submit}
        </button>
      </div>
    </form>
  );
}
