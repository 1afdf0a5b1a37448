import { useId, useRef, type PointerEvent, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { trapTab, useModalDialog } from '@/components/hooks/use-modal-dialog';
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
  /**
   * Phones: show a grab handle, and close when the handle or header is dragged down more than
   * DRAG_CLOSE_PX. Off by default.
   */
  dragToClose?: boolean;
}

/** docs/product-rules.md, Limits and messages: a downward drag longer than this closes a sheet. */
export const DRAG_CLOSE_PX = 10;

const isDesktop = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1080px)').matches;

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
  dragToClose = false,
}: SheetDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const dragFrom = useRef<number | null>(null);

  const dialogRef = useModalDialog(open, closeRef);

  // Pointer events cover mouse, pen and touch alike. The pointer is captured so a fast drag that
  // leaves the header still reports here; presses on the close button are left alone (captured,
  // their click would land on the header instead). The centred desktop card is not a sheet.
  const drag = dragToClose
    ? {
        onPointerDown(event: PointerEvent<HTMLDivElement>) {
          if (event.button !== 0 || isDesktop()) return;
          if ((event.target as Element).closest('button')) return;
          dragFrom.current = event.clientY;
          event.currentTarget.setPointerCapture?.(event.pointerId);
        },
        onPointerMove(event: PointerEvent<HTMLDivElement>) {
          if (dragFrom.current === null) return;
          if (event.clientY - dragFrom.current > DRAG_CLOSE_PX) {
            dragFrom.current = null;
            onClose();
          }
        },
        onPointerUp() {
          dragFrom.current = null;
        },
        onPointerCancel() {
          dragFrom.current = null;
        },
      }
    : {};

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
        <div className={dragToClose ? styles.grab : undefined} {...drag}>
          {dragToClose ? (
            <span className={styles.handle} aria-hidden="true" data-testid="sheet-drag-handle" />
          ) : null}
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
        </div>
        <div className={styles.body}>{open ? children : null}</div>
        {footer && open ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </dialog>
  );
}
