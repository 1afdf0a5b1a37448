import { useEffect, useState } from 'react';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { CloudCheckIcon, CloudOffIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';
import styles from './offline-banner.module.css';

/** How long '다시 연결되었어요' stays after the network returns. */
export const BACK_ONLINE_MS = 4000;

export interface OfflineBannerProps {
  /** No bar above it (a layout or screen without the top bar): keep clear of the notch. */
  atTop?: boolean;
}

/**
 * The offline banner. Light on purpose (it is in the entry bundle): it reads only the sync
 * status atom, never the database. While offline it says changes are kept on the device; when
 * the network returns it says so briefly, then disappears.
 */
export function OfflineBanner({ atTop = false }: OfflineBannerProps) {
  const { online } = useAtomValue(syncStatusAtom);
  const [seenOnline, setSeenOnline] = useState(online);
  const [backOnline, setBackOnline] = useState(false);
  if (seenOnline !== online) {
    // adjust during render: show the 'back online' line only after a real offline → online
    setSeenOnline(online);
    setBackOnline(online);
  }

  useEffect(() => {
    if (!backOnline) return;
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [backOnline]);

  const mode = !online ? 'offline' : backOnline ? 'back' : null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className={atTop ? `${styles.region} ${styles.atTop}` : styles.region}
    >
      {mode === 'offline' ? (
        <p className={`${styles.bar} ${styles.offline}`}>
          <CloudOffIcon />
          <span>{ko.sync.offline}</span>
        </p>
      ) : mode === 'back' ? (
        <p className={`${styles.bar} ${styles.back}`}>
          <CloudCheckIcon />
          <span>{ko.sync.backOnline}</span>
        </p>
      ) : null}
    </div>
  );
}
