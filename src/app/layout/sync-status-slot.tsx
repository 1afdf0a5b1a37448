import { lazy } from 'react';
import { WithDataLayer } from '@/app/data-layer-started';
import type { SyncStatusProps } from '@/features/sync-status/components/sync-status';

// Lazy: the pending count and its sheet read IndexedDB (Dexie), which must stay out of the entry.
const SyncStatus = lazy(() => import('@/features/sync-status/components/sync-status'));

/**
 * The pending-changes button, its sheet and the sync notices. They show what the data layer holds,
 * so they load with it (after the first screen has hydrated), not with the page.
 */
export function SyncStatusSlot({ placement }: SyncStatusProps) {
  return (
    <WithDataLayer>
      <SyncStatus placement={placement} />
    </WithDataLayer>
  );
}
