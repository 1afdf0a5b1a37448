import { useId, useState } from 'react';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { toast } from '@/components/ui/toast';
import { InvalidInputError, loadRepos } from '@/domains/tables/lazy';
import { checkReportReason, REPORT_REASON_MAX_LENGTH } from '@/domains/trades/rules';
import { koChat } from '@/features/chat/ko';
import { writeErrorText } from '@/features/chat/write-errors';
import styles from './thread-screen.module.css';

const c = koChat.chat;

/** What is reported: the fan, or one of their messages (kept as evidence on the server). */
export interface ReportTarget {
  fan: string;
  message?: string;
}

export interface ReportSheetProps {
  target: ReportTarget | null;
  onClose: () => void;
}

/**
 * Asks for the reason of a report and sends it (reportChat; docs/trades.md, chatReports). Queued
 * like every change, so it goes offline too.
 */
export function ReportSheet({ target, onClose }: ReportSheetProps) {
  const open = target !== null;
  return (
    <SheetDialog
      open={open}
      onClose={onClose}
      title={target?.message ? c.reportMessageTitle : c.reportFanTitle}
      closeLabel={c.close}
      testId="report-sheet"
    >
      {target ? <ReportForm target={target} onDone={onClose} /> : null}
    </SheetDialog>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
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
      const repos = await loadRepos();
      await repos.reportChat(target.fan, { reason, message: target.message });
      toast.success(c.reported);
      onDone();
    } catch (err) {
      if (err instanceof InvalidInputError) setError(err.message);
      else toast.error(writeErrorText(err, c.reportFailed));
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [target.message ? noteId : '', error ? errorId : ''].filter(Boolean);
  return (
    <form
      className={styles.reportForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={fieldId} className={styles.reportLabel}>
        {c.reportReasonLabel}
      </label>
      <textarea
        id={fieldId}
        className={styles.reportField}
        rows={4}
        value={reason}
        maxLength={REPORT_REASON_MAX_LENGTH}
        placeholder={c.reportReasonPlaceholder}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
        data-testid="report-reason"
      />
      <p className={styles.reportCount} aria-hidden="true">
        {Array.from(reason).length}/{REPORT_REASON_MAX_LENGTH}
      </p>
      {target.message ? (
        <p className={styles.reportNote} id={noteId}>
          {c.reportMessageNote}
        </p>
      ) : null}
      {error ? (
        <p className={styles.reportError} id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.reportActions}>
        <button type="button" className={styles.pill} onClick={onDone}>
          {c.reportCancel}
        </button>
        <button
          type="submit"
          className={`${styles.pill} ${styles.pillDanger}`}
          disabled={busy}
          data-testid="report-submit"
        >
          {c.reportSubmit}
        </button>
      </div>
    </form>
  );
}
