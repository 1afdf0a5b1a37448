import { useState } from 'react';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { AlertTriangleIcon, CloseIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';
import styles from './storage-full-notice.module.css';

/**
 * Shown while the sync engine reports that the device is out of storage (a pull could not be
 * saved). Dismissable; it comes back if the problem clears and happens again.
 */
export function StorageFullNotice() {
  const { problem } = useAtomValue(syncStatusAtom);
  const [seenProblem, setSeenProblem] = useState(problem);
  const [dismissed, setDismissed] = useState(false);
  if (seenProblem !== problem) {
    setSeenProblem(problem);
    setDismissed(false);
  }
  if (problem !== 'storage-full' || dismissed) return null;

  return (
    <div role="alert" className={styles.notice} data-testid="storage-full">
      <AlertTriangleIcon size={20} />
      <p className={styles.text}>{ko.sync.storageFull}</p>
      <button
        type="button"
        className={styles.close}
        aria-label={ko.sync.close}
        onClick={() => setDismissed(true)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
