import { useId, useRef, type ReactNode } from 'react';
import { ko } from '@/i18n/ko';
import { trapTab, useModalDialog } from '@/components/hooks/use-modal-dialog';
import styles from './confirm-dialog.module.css';
import { toast } from './toast';

/**
 * docs/product-rules.md, Limits and messages: how long the optional toast after a confirmed dialog
 * stays up.
 */
export const DIALOG_TOAST_DURATION_MS = 2300;

export interface ConfirmOptions {
  /** Heading of the dialog. */
  title?: string;
  /** The question, e.g. ko.confirm.logout. */
  message: ReactNode;
  /** Defaults to ko.dialog.confirm ('확인'). */
  confirmLabel?: string;
  /** Defaults to ko.dialog.cancel ('취소'). */
  cancelLabel?: string;
  /** Shown as a success toast for 2.3 s once the user confirms. */
  toastMessage?: string;
  /** Paints the confirm button in the danger colour (delete account). */
  destructive?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirm built on the native <dialog>: showModal() makes the rest of the page inert
 * and Esc fires `cancel`, which we route to onCancel. Focus starts on the cancel button (the
 * safe answer), Tab cycles inside, and focus returns to whatever had it before the dialog opened.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = ko.dialog.confirm,
  cancelLabel = ko.dialog.cancel,
  toastMessage,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  const dialogRef = useModalDialog(open, cancelRef);

  function handleConfirm() {
    if (toastMessage) toast.success(toastMessage, { duration: DIALOG_TOAST_DURATION_MS });
    onConfirm();
  }

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      role="alertdialog"
      aria-labelledby={title ? titleId : messageId}
      aria-describedby={title ? messageId : undefined}
      onKeyDown={trapTab}
      onCancel={(event) => {
        // Esc: keep React in charge of closing so `open` stays the single source of truth.
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, never on its content box.
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div className={styles.body}>
        {title ? (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        ) : null}
        <div id={messageId} className={styles.message}>
          {message}
        </div>
        <div className={styles.actions}>
          <button ref={cancelRef} type="button" className={styles.cancel} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={destructive ? styles.danger : styles.confirm}
            onClick={handleConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
