import { Outlet } from '@tanstack/react-router';
import { OfflineBanner } from '@/features/sync-status/components/offline-banner';
import { SyncStatusSlot } from './sync-status-slot';
import styles from './bare-layout.module.css';

/**
 * /chatting and /alerts: outside the main layout, just a column; screens bring their back button.
 * Offline state and changes waiting to sync show here too.
 */
export function BareLayout() {
  return (
    <>
      <OfflineBanner atTop />
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <SyncStatusSlot placement="bare" />
    </>
  );
}
