import { useId, useState } from 'react';
import { SheetDialog } from './sheet-dialog';
import styles from './reason-sheet.module.css';

/** The words of one reason sheet (each caller's own Korean strings). */
export interface ReasonSheetText {
  title: string;
  close: string;
  label: string;
  placeholder: string;
  /** A line under the field (what happens with the reason), or none. */
  note?: string;
  cancel: string;
  submit: string;
}

export type ReasonSent = 'sent' | 'failed' | { problem: string };

export interface ReasonSheetProps {
  open: boolean;
  onClose: () => void;
  text: ReasonSheetText;
  /** At most this many characters (counted as the fan sees them). */
  maxLength: number;
  /** The problem with a reason, in Korean, or null when it may be sent. */
  check: (reason: string) => string | null;
  /**
   * Sends the reason. Resolves with 'sent' once it is sent or queued (the sheet closes), a
   * `{ problem }` to show at the field (the rules' or the server's words), or 'failed' when it
   * could not be sent and the caller told the fan (the sheet stays, to try again).
   */
  send: (reason: string) => Promise<ReasonSent>;
  /** Test hooks: the sheet, its field and its submit button. */
  testIds: { sheet: string; field: string; submit: string };
}

/**
 * A sheet that asks for a reason and sends it: the 신고 of a message, a fan, a post or a comment
 * (docs/operators.md, Moderation). A reason of 1 to `maxLength` characters with a live count; a
 * problem shows under the field and the field says so; the submit is off while sending.
 */
export function ReasonSheet({ open, onClose, text, testIds, ...form }: ReasonSheetProps) {
  return (
    <SheetDialog
      open={open}
      onClose={onClose}
      title={text.title}
      closeLabel={text.close}
      testId={testIds.sheet}
    >
      {open ? <ReasonForm text={text} testIds={testIds} onDone={onClose} {...form} /> : null}
    </SheetDialog>
  );
}

function ReasonForm({
  text,
  maxLength,
  check,
  send,
  testIds,
  onDone,
}: Omit<ReasonSheetProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const noteId = useId();

  async function submit() {
    const problem = check(reason);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const outcome = await send(reason);
      if (outcome === 'sent') onDone();
      else if (outcome !== 'failed') setError(outcome.problem);
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [text.note ? noteId : '', error ? errorId : ''].filter(Boolean);
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
        {text.label}
      </label>
      <textarea
        id={fieldId}
        className={styles.field}
        rows={4}
        value={reason}
        maxLength={maxLength}
        placeholder={text.placeholder}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
        data-testid={testIds.field}
      />
      <p className={styles.count} aria-hidden="true">
        {Array.from(reason).length}/{maxLength}
      </p>
      {text.note ? (
        <p className={styles.note} id={noteId}>
          {text.note}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.pill} onClick={onDone}>
          {text.cancel}
        </button>
        <button
          type="submit"
          className={`${styles.pill} ${styles.danger}`}
          disabled={busy}
          data-testid={testIds.submit}
        >
          {text.submit}
        </button>
      </div>
    </form>
  );
}
