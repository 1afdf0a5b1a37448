import { lazy, Suspense } from 'react';
import type { SyncStatusProps } from '../../features/sync/components/sync-status';

// Lazy: the pending count and its sheet read IndexedDB (Dexie), which must stay out of the entry.
const SyncStatus = lazy(() => import('../../features/sync/components/sync-status'));

/** The pending-changes button, its sheet and the sync notices, loaded after first paint. */
export function SyncStatusSlot({ placement }: SyncStatusProps) {
  return (
    <Suspense fallback={null}>
      <SyncStatus placement={placement} />
    </Suspense>
  );
}
