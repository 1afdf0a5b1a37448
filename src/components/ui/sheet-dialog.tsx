import { useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { trapTab, useModalDialog } from './use-modal-dialog';
import iconButton from './icon-button.module.css';
import styles from './sheet-dialog.module.css';

export interface SheetDialogProps {
  open: boolean;
  onClose: () => void;
  /** The heading (an <h2>), which also names the dialog. */
  title: string;
  /** Accessible name of the close button, e.g. ko.sync.close. */
  closeLabel: string;
  children: ReactNode;
  /** Actions pinned under the scrolling content. */
  footer?: ReactNode;
  /** A stable hook for end-to-end tests. */
  testId?: string;
}

/**
 * A modal panel on the native <dialog>: a bottom sheet on phones, a centred card from 1080 px.
 * Like ConfirmDialog, `open` is the one source of truth: Esc and a backdrop click ask `onClose`,
 * focus starts on the close button, Tab stays inside, and focus goes back to where it was.
 * The content is mounted only while open, so its live queries stop when the sheet closes.
 */
export function SheetDialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  footer,
  testId,
}: SheetDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const dialogRef = useModalDialog(open, closeRef);

  return (
    <dialog
      ref={dialogRef}
      className={styles.sheet}
      aria-labelledby={titleId}
      data-testid={testId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // a click on the backdrop lands on the <dialog> itself, never on its content
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.frame}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className={iconButton.iconButton}
            aria-label={closeLabel}
            onClick={onClose}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <div className={styles.body}>{open ? children : null}</div>
        {footer && open ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </dialog>
  );
}
