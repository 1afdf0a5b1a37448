import type { MeetUp } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { hasLocation } from '@/lib/meetup-search';
import { useNearViewport } from '@/components/hooks/use-near-viewport';
import { useLazyModule } from '@/features/meetups/hooks/use-lazy-module';
import styles from './event-map.module.css';

const t = ko.meetupDetail;

// Module scope: one stable loader, and the chunk is asked for once per page.
const loadMap = () => import('./detail-map');

/** Coordinates the map can show (the same test as the /meetup map's, see hasLocation). */
export function eventPosition(meetUp: Pick<MeetUp, 'lat' | 'lng'>): [number, number] | null {
  return hasLocation(meetUp) ? [meetUp.lat, meetUp.lng] : null;
}

/** The map section: the place, or a note when it has no coordinates. */
export function EventMap({ meetUp }: { meetUp: MeetUp }) {
  const position = eventPosition(meetUp);
  return (
    <section className={styles.section} aria-labelledby="meetup-map-title" data-testid="meetup-map">
      <h2 id="meetup-map-title" className={styles.heading}>
        {t.mapTitle}
      </h2>
      {meetUp.address ? <p className={styles.address}>{meetUp.address}</p> : null}
      {position ? (
        <LazyMap meetUp={meetUp} position={position} />
      ) : (
        <p className={styles.note} data-testid="meetup-no-location">
          {t.noLocation}
        </p>
      )}
    </section>
  );
}

function LazyMap({ meetUp, position }: { meetUp: MeetUp; position: [number, number] }) {
  // Below the fold on phones and desktops: Leaflet loads and draws as the fan scrolls towards it,
  // not while the page opens (see docs/first-visit.md).
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const { status, module, retry } = useLazyModule(loadMap, near);
  if (status === 'success' && module) {
    const { DetailMap } = module;
    return (
      <div
        ref={nearRef}
        className={styles.frame}
        data-map-status={status}
        data-testid="meetup-map-canvas"
      >
        <DetailMap
          id={meetUp.id}
          lat={position[0]}
          lng={position[1]}
          artistName={meetUp.artistName}
          artistImg={meetUp.artistImg}
          cafeName={meetUp.cafeName}
          label={t.mapLabel(meetUp.cafeName || meetUp.eventTitle)}
        />
      </div>
    );
  }
  return (
    <div ref={nearRef} className={`${styles.frame} ${styles.placeholder}`} data-map-status={status}>
      {status === 'failure' ? (
        <div className={styles.failure} role="alert" data-testid="meetup-map-error">
          <p>{t.mapFailed}</p>
          <button type="button" className={styles.retry} onClick={retry}>
            {t.mapRetry}
          </button>
        </div>
      ) : (
        <p role="status" data-testid="meetup-map-loading">
          {t.mapLoading}
        </p>
      )}
    </div>
  );
}
