import { useId, useRef } from 'react';
import { AlertTriangleIcon, CloudCheckIcon, SparkleIcon } from '@/components/ui/icons';
import { trapTab, useModalDialog } from '@/components/hooks/use-modal-dialog';
import { ko } from '@/i18n/ko-features';
import styles from './result-dialog.module.css';

export type ResultTone = 'success' | 'saved' | 'error';

export interface ResultDialogProps {
  open: boolean;
  tone: ResultTone;
  title: string;
  message: string;
  /** The one button ('확인'), also Esc and a click on the backdrop. */
  onOk: () => void;
}

const ICONS = {
  success: <SparkleIcon size={26} />,
  saved: <CloudCheckIcon size={26} />,
  error: <AlertTriangleIcon size={26} />,
};

/**
 * The report's outcome as a modal (docs/product-rules.md, Reports): the native <dialog> shown with
 * showModal(), so the page behind is inert; focus starts on '확인', Tab stays inside, Esc answers
 * like '확인'.
 */
export function ResultDialog({ open, tone, title, message, onOk }: ResultDialogProps) {
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useModalDialog(open, okRef);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onOk();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onOk();
      }}
      data-testid="report-result"
      data-tone={tone}
    >
      <div className={styles.dialogBody}>
        <span className={styles.dialogIcon} data-tone={tone} aria-hidden="true">
          {ICONS[tone]}
        </span>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        <p id={messageId} className={styles.dialogMessage} data-testid="report-result-message">
          {message}
        </p>
        <button ref={okRef} type="button" className={styles.dialogOk} onClick={onOk}>
          {ko.reports.ok}
        </button>
      </div>
    </dialog>
  );
}
