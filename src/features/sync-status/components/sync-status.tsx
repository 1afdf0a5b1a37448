import { useState } from 'react';
import { DeadLetterNotifier } from './dead-letter-notifier';
import { PendingButton } from './pending-button';
import { PendingSheet } from './pending-sheet';
import { StorageFullNotice } from './storage-full-notice';
import styles from './sync-status.module.css';

export interface SyncStatusProps {
  /** 'main': above the mobile bottom tabs; 'bare': a layout without tabs. */
  placement?: 'main' | 'bare';
}

/**
 * Everything about sync that reads the database: the pending-changes button and its sheet, the
 * toast for refused changes, the storage-full notice. Loaded lazily (it pulls in Dexie), so the
 * entry bundle carries only the offline banner.
 */
export default function SyncStatus({ placement = 'main' }: SyncStatusProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className={placement === 'bare' ? `${styles.dock} ${styles.bare}` : styles.dock}>
        <StorageFullNotice />
        <PendingButton expanded={open} onOpen={() => setOpen(true)} />
      </div>
      <PendingSheet open={open} onClose={() => setOpen(false)} />
      <DeadLetterNotifier />
    </>
  );
}
