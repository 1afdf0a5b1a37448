import { useId } from 'react';
import { AlertTriangleIcon, ClockIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';
import { useDeadLetterCount, useOutboxCount } from '@/live/sync';
import { koSyncStatus } from '@/features/sync-status/ko';
import styles from './pending-button.module.css';

export interface PendingButtonProps {
  expanded: boolean;
  onOpen: () => void;
}

/**
 * '동기화 대기 n': how many changes wait to be sent; tap for the list. Hidden when nothing waits
 * and nothing failed. The count is the changes in the outbox (five ticked cards count five);
 * refused changes (dead letters) turn the button red and are listed in the sheet.
 *
 * The accessible name is the visible text (WCAG 2.5.3, label in name: a voice-control user says
 * what they see); the longer ko.sync.pendingLabel and the failure count are its description.
 */
export function PendingButton({ expanded, onOpen }: PendingButtonProps) {
  const count = useOutboxCount() ?? 0;
  const dead = useDeadLetterCount() ?? 0;
  const descriptionId = useId();
  const failed = dead > 0;

  return (
    <>
      <button
        type="button"
        data-testid="pending-count"
        className={failed ? `${styles.button} ${styles.failed}` : styles.button}
        hidden={count === 0 && !failed}
        aria-describedby={descriptionId}
        aria-haspopup="dialog"
        aria-expanded={expanded}
        onClick={onOpen}
      >
        {failed ? <AlertTriangleIcon size={18} /> : <ClockIcon size={18} />}
        {/* nothing waits to be sent, only refused changes for the fan to decide on */}
        <span>{count === 0 ? koSyncStatus.failedOnly(dead) : ko.sync.pendingCount(count)}</span>
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
