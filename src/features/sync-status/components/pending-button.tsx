import { useId } from 'react';
import { AlertTriangleIcon, ClockIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';
import { koSyncStatus } from '@/features/sync-status/ko';
import styles from './pending-button.module.css';

export interface PendingButtonProps {
  /** Changes in the outbox, and refused ones (read by the dock, which keeps them across moves). */
  count: number;
  dead: number;
  expanded: boolean;
  onOpen: () => void;
  /** In a bar at the top of the screen (./use-pill-slot.ts): flatter, and shorter on phones. */
  inBar?: boolean;
}

/**
 * '동기화 대기 n': how many changes wait to be sent; tap for the list. Hidden when nothing waits
 * and nothing failed. The count is the changes in the outbox (five ticked cards count five);
 * refused changes (dead letters) turn the button red and are listed in the sheet.
 *
 * The accessible name is the visible text (WCAG 2.5.3, label in name: a voice-control user says
 * what they see); the longer ko.sync.pendingLabel and the failure count are its description.
 */
export function PendingButton({
  count,
  dead,
  expanded,
  onOpen,
  inBar = false,
}: PendingButtonProps) {
  const descriptionId = useId();
  const failed = dead > 0;

  return (
    <>
      <button
        type="button"
        data-testid="pending-count"
        className={[styles.button, failed && styles.failed, inBar && styles.inBar]
          .filter(Boolean)
          .join(' ')}
        hidden={count === 0 && !failed}
        aria-describedby={descriptionId}
        aria-haspopup="dialog"
        aria-expanded={expanded}
        onClick={onOpen}
      >
        {failed ? <AlertTriangleIcon size={18} /> : <ClockIcon size={18} />}
        {/* nothing waits to be sent, only refused changes for the fan to decide on */}
        <Label text={count === 0 ? koSyncStatus.failedOnly(dead) : ko.sync.pendingCount(count)} />
      </button>
      <span id={descriptionId} hidden>
        {count === 0
          ? koSyncStatus.failedOnlyLabel(dead)
          : failed
            ? `${ko.sync.pendingLabel(count)} ${ko.sync.failedCount(dead)}`
            : ko.sync.pendingLabel(count)}
      </span>
    </>
  );
}

/**
 * The button's words, the number apart: a narrow bar shows the icon and the number only, the
 * words staying for screen readers and voice control (the name is still '동기화 대기 3').
 */
function Label({ text }: { text: string }) {
  const number = /\d+$/.exec(text)?.[0] ?? '';
  return (
    <span className={styles.label}>
      <span className={styles.words}>{text.slice(0, text.length - number.length)}</span>
      {number}
    </span>
  );
}
