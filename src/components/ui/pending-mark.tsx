import { ko } from '@/i18n/ko';
import { AlertTriangleIcon, ClockIcon } from './icons';
import styles from './pending-mark.module.css';

export interface PendingMarkProps {
  /** 'pending': queued, not sent yet. 'failed': the server refused it (see the pending list). */
  variant?: 'pending' | 'failed';
  className?: string;
}

/**
 * A small mark for an item whose change has not reached the server: a clock (or a warning sign
 * when it failed), with the words for screen readers. Screens place it next to the item; whether
 * an item is pending comes from usePendingKeys() in live/sync.ts.
 */
export function PendingMark({ variant = 'pending', className }: PendingMarkProps) {
  const failed = variant === 'failed';
  const classes = [styles.mark, failed ? styles.failed : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes} data-pending-mark={variant}>
      {failed ? <AlertTriangleIcon /> : <ClockIcon />}
      <span className="visually-hidden">{failed ? ko.sync.failedMark : ko.sync.pendingMark}</span>
    </span>
  );
}
