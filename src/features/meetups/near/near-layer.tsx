import L from 'leaflet';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { Circle, Marker, useMap } from 'react-leaflet';
import { useNow } from '@/components/hooks/use-now';
import { koMeetupNear } from '@/i18n/ko-meetup-near';
import { formatDistance } from '@/lib/geo-format';
import { DISABLE_CLUSTERING_AT_ZOOM } from '@/lib/map-levels';
import { relativeTime } from '@/lib/relative-time';
import type { NearMe } from './near-me';
import styles from './near.module.css';

const t = koMeetupNear.meetupNear;

const DOT = 22;

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function hereIcon(near: NearMe, now: number): L.DivIcon {
  // The label is built from the app's own strings and numbers only: nothing to escape.
  const label = near.last
    ? t.hereLast(relativeTime(near.at, now))
    : t.here(formatDistance(near.accuracy));
  return L.divIcon({
    className: `${styles.here}${near.last ? ` ${styles.hereLast}` : ''}`,
    html: `<span class="${styles.dot}" role="img" aria-label="${label}" data-near-me="${near.last ? 'last' : 'fresh'}"></span>`,
    iconSize: [DOT, DOT],
    iconAnchor: [DOT / 2, DOT / 2],
  });
}

/**
 * The fan's position on the meetup map (docs/product-rules.md, Meetup map): a blue dot in a
 * circle as wide as the position's uncertainty (grey for a kept, earlier position), named for
 * screen readers. Each new position brings the map to it, at the level a card pick uses (level 7
 * or closer, where every marker stands alone), so the cafes around the fan are in view.
 */
export function NearLayer({ near }: { near: NearMe }) {
  const map = useMap();
  // the kept position's age in its name, brought up to date each minute
  const now = useNow(60_000);
  const icon = useMemo(() => hereIcon(near, now), [near, now]);
  const centre = useEffectEvent(() => {
    const zoom = Math.max(map.getZoom(), DISABLE_CLUSTERING_AT_ZOOM);
    map.setView([near.lat, near.lng], zoom, { animate: !reducedMotion() });
  });
  useEffect(() => {
    centre();
  }, [near]);
  return (
    <>
      {near.accuracy > 0 && (
        <Circle
          // Leaflet sets a path's class once: a kept and a fresh position are different circles
          key={near.last ? 'last' : 'fresh'}
          center={[near.lat, near.lng]}
          radius={near.accuracy}
          interactive={false}
          pathOptions={{
            className: near.last ? styles.accuracyLast : styles.accuracy,
            weight: 1,
          }}
        />
      )}
      <Marker
        position={[near.lat, near.lng]}
        icon={icon}
        interactive={false}
        keyboard={false}
        zIndexOffset={2000}
      />
    </>
  );
}
