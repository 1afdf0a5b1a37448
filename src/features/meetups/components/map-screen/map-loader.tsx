import { pageSettled } from '@/live/settled';
import { AlertTriangleIcon, RefreshIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko-features';
import { useLazyModule } from '@/features/meetups/hooks/use-lazy-module';
import type { MapViewProps } from './map-view';
import styles from './map-loader.module.css';

const t = ko.meetupMap;

// Its own chunk: Leaflet, the cluster plugin and their CSS arrive after the list is on screen,
// and on a server-rendered first visit once the page has settled (the list is the first screen).
// Leaflet is evaluated on its own first, so its code and the view's are two short tasks rather
// than one long one on a phone.
const loadMapView = () =>
  pageSettled()
    .then(() => import('leaflet'))
    .then(() => import('./map-view'));

/**
 * The map area: loads the Leaflet view (loader states: loading, then success, or failure after 3
 * retries with growing delays; docs/product-rules.md, Meetup map) and shows a retry button when it
 * gave up.
 */
export function MapLoader(props: MapViewProps) {
  const { status, module, retry } = useLazyModule(loadMapView);
  if (status === 'success' && module) return <module.MapView {...props} />;
  if (status === 'failure') {
    return (
      <div className={styles.state} role="alert" data-testid="map-error">
        <AlertTriangleIcon className={styles.icon} aria-hidden="true" />
        <p className={styles.title}>{t.mapFailed}</p>
        <p className={styles.body}>{t.mapFailedHint}</p>
        <button type="button" className={styles.retry} onClick={retry}>
          <RefreshIcon aria-hidden="true" />
          {t.retry}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.state} role="status" data-testid="map-loading">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.body}>{t.mapLoading}</p>
    </div>
  );
}
