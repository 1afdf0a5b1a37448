import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useDeadLetterCount, useOutboxCount } from '@/live/sync';
import { DeadLetterNotifier } from './dead-letter-notifier';
import { PendingButton } from './pending-button';
import { PendingSheet } from './pending-sheet';
import { StorageFullNotice } from './storage-full-notice';
import { usePillSlot } from './use-pill-slot';
import styles from './sync-status.module.css';

export interface SyncStatusProps {
  /** 'main': above the mobile bottom tabs; 'bare': a layout without tabs. */
  placement?: 'main' | 'bare';
}

/**
 * Everything about sync that reads the database: the pending-changes button and its sheet, the
 * toast for refused changes, the storage-full notice. Loaded lazily (it pulls in Dexie), so the
 * entry bundle carries only the offline banner.
 *
 * The button sits in the bar at the top of the screen (./use-pill-slot.ts), never over the page;
 * only a screen with no bar has it float in the corner (docs/product-rules.md, Offline and sync
 * status).
 */
export default function SyncStatus({ placement = 'main' }: SyncStatusProps) {
  const [open, setOpen] = useState(false);
  const waiting = useOutboxCount() ?? 0;
  const failed = useDeadLetterCount() ?? 0;
  const slot = usePillSlot(waiting > 0 || failed > 0);
  // the counts are read here, not in the button: moving it into a bar mounts it anew, and it
  // shows at once with them rather than hidden until its own reads answer
  const button = (
    <PendingButton
      count={waiting}
      dead={failed}
      expanded={open}
      onOpen={() => setOpen(true)}
      inBar={!!slot}
    />
  );
  return (
    <>
      <div className={placement === 'bare' ? `${styles.dock} ${styles.bare}` : styles.dock}>
        <StorageFullNotice />
        {slot ? null : button}
      </div>
      {slot ? createPortal(button, slot) : null}
      <PendingSheet open={open} onClose={() => setOpen(false)} />
      <DeadLetterNotifier />
    </>
  );
}
