/// <reference types="leaflet.markercluster" />
/**
 * The Leaflet map of /meetup: tiles, one artist marker per located event, clusters while the map
 * is zoomed out, and 내 주변's 내 위치 button and the fan's dot (docs/product-rules.md, Meetup
 * map). Loaded as its own chunk after the list
 * (meetup-map-screen.tsx), so Leaflet never weighs on the entry bundle or holds the list back.
 *
 * Levels follow the product rules' Kakao-style numbers through src/lib/map-levels.ts: the map opens
 * at level 8, markers cluster at level 8 and out, a cluster click zooms in 3 levels around it.
 */
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import L from 'leaflet';
import { memo, useCallback, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { MapContainer, Marker, Tooltip, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import type { MeetUp } from '@/data/pb/records';
import { fileUrl } from '@/data/pb/files';
import { ko } from '@/i18n/ko-features';
import {
  DEFAULT_CENTER,
  DEFAULT_LEVEL,
  DISABLE_CLUSTERING_AT_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  levelAfterClusterClick,
  levelToZoom,
  zoomToLevel,
} from '@/lib/map-levels';
import { useAfterIdle } from '@/components/hooks/use-after-idle';
import { ARTIST_ICON_SIZE, artistIcon } from '@/features/meetups/map/artist-icon';
import { spreadOffsets } from '@/features/meetups/map/spread';
import { AppTileLayer } from '@/features/meetups/map/tile-layer';
import { LocateButton } from '@/features/meetups/near/locate-button';
import { NearLayer } from '@/features/meetups/near/near-layer';
import type { NearFound, NearMe } from '@/features/meetups/near/near-me';
import styles from './map-view.module.css';

const t = ko.meetupMap;

/** An event that has a place on the map. */
export type LocatedMeetUp = MeetUp & { lat: number; lng: number };

export interface MapViewProps {
  /** The events to mark (already narrowed by the search; only those with coordinates). */
  meetups: readonly LocatedMeetUp[];
  selectedId: string | null;
  /** Changes whenever the selected event should be brought to the centre (a card or marker pick). */
  focusKey: number;
  /** The settled search text: when it changes to something, the map shows all its matches. */
  search: string;
  onSelect: (id: string) => void;
  /** The fan's position once 내 위치 found one (drawn, and the map centres on each new one). */
  near: NearMe | null;
  /** A position from the 내 위치 button (docs/product-rules.md, Meetup map). */
  onNear: (found: NearFound) => void;
}

/** The round artist image, at the thumbnail size the collection defines (pb_migrations). */
export function artistImageUrl(m: Pick<MeetUp, 'id' | 'artistImg'>): string | null {
  return m.artistImg ? fileUrl('meetUps', m.id, m.artistImg, '100x100') : null;
}

/** A search fit never zooms closer than this level: the street around one cafe. */
const SEARCH_FIT_MAX_ZOOM = levelToZoom(5);

type ClusterEvent = L.LeafletEvent & { layer: L.MarkerCluster };

const isActivationKey = (e: KeyboardEvent) => e.key === 'Enter' || e.key === ' ';

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function MapView({
  meetups,
  selectedId,
  focusKey,
  search,
  onSelect,
  near,
  onNear,
}: MapViewProps) {
  // The map first, its tiles at the next idle moment and the markers at the one after: creating
  // the map, its tiles and dozens of markers in one go is a long task on a phone.
  const withTiles = useAfterIdle();
  const withMarkers = useAfterIdle(withTiles);
  return (
    <>
      {/* Before the map in the page: the keyboard reaches it without passing every marker. */}
      <LocateButton onNear={onNear} />
      <MapContainer
        className={styles.map}
        center={[DEFAULT_CENTER[0], DEFAULT_CENTER[1]]}
        zoom={levelToZoom(DEFAULT_LEVEL)}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        zoomControl={false}
      >
        {withTiles && <AppTileLayer />}
        <ZoomControl position="topright" zoomInTitle={t.zoomIn} zoomOutTitle={t.zoomOut} />
        <MapState />
        {withMarkers && (
          <>
            <Markers meetups={meetups} selectedId={selectedId} onSelect={onSelect} />
            <FocusSelected meetups={meetups} selectedId={selectedId} focusKey={focusKey} />
            <FitSearch meetups={meetups} search={search} />
          </>
        )}
        {near && <NearLayer near={near} />}
      </MapContainer>
    </>
  );
}

/**
 * Names the map for screen readers, follows its box's size, and mirrors its view on the container (data-zoom, data-level,
 * data-lat, data-lng) so the view can be read without reaching into Leaflet (tests, debugging).
 */
function MapState() {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', t.mapLabel);
    el.dataset.testid = 'meetup-map';
    // The map's box changes without a window resize (the list arriving, the offline banner):
    // Leaflet must hear of it, or its centre drifts off the middle of the box.
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(el);
    return () => observer.disconnect();
  }, [map]);
  const mirror = () => {
    const el = map.getContainer();
    const c = map.getCenter();
    el.dataset.zoom = String(map.getZoom());
    el.dataset.level = String(zoomToLevel(map.getZoom()));
    el.dataset.lat = c.lat.toFixed(6);
    el.dataset.lng = c.lng.toFixed(6);
  };
  useEffect(mirror);
  useMapEvents({ moveend: mirror, zoomend: mirror });
  return null;
}

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const n = cluster.getChildCount();
  const size = n < 10 ? 40 : n < 100 ? 46 : 52;
  return L.divIcon({
    className: styles.cluster,
    html: `<span class="${styles.clusterCount}" aria-hidden="true" data-count="${n}">${n}</span><span class="visually-hidden">${t.cluster(n)}</span>`,
    iconSize: [size, size],
  });
}

function Markers({
  meetups,
  selectedId,
  onSelect,
}: Pick<MapViewProps, 'meetups' | 'selectedId' | 'onSelect'>) {
  const map = useMap();
  const group = useRef<L.MarkerClusterGroup>(null);
  // docs/product-rules.md, Meetup map: markers at one spot stand on a ring around it.
  const offsets = useMemo(() => spreadOffsets(meetups, ARTIST_ICON_SIZE), [meetups]);
  // Leaflet drops a setView asked for while a zoom animation runs, so a cluster tapped during one
  // (right after a +/− tap) would do nothing: the zoom waits for the animation's end instead.
  const zooming = useRef(false);
  useEffect(() => {
    const start = () => {
      zooming.current = true;
    };
    const end = () => {
      zooming.current = false;
    };
    map.on('zoomstart', start);
    map.on('zoomend', end);
    return () => {
      map.off('zoomstart', start);
      map.off('zoomend', end);
    };
  }, [map]);
  // docs/product-rules.md, Meetup map: a cluster click zooms in 3 levels around the cluster
  // (Leaflet.markercluster's own zoom-to-bounds is off, it would jump to whatever fits).
  const zoomInto = useCallback(
    (cluster: L.MarkerCluster) => {
      const go = () => {
        const zoom = levelToZoom(levelAfterClusterClick(zoomToLevel(map.getZoom())));
        map.setView(cluster.getLatLng(), zoom, { animate: !reducedMotion() });
      };
      if (zooming.current) map.once('zoomend', go);
      else go();
    },
    [map],
  );
  const onClusterClick = useCallback(
    (e: L.LeafletEvent) => zoomInto((e as ClusterEvent).layer),
    [zoomInto],
  );
  // Clusters are role=button elements: Enter and Space work like a click.
  useEffect(() => {
    const g = group.current;
    if (!g) return;
    const onKey = (e: L.LeafletEvent) => {
      const { originalEvent, layer } = e as ClusterEvent & L.LeafletKeyboardEvent;
      if (!isActivationKey(originalEvent)) return;
      originalEvent.preventDefault();
      zoomInto(layer);
    };
    g.on('clusterkeydown', onKey);
    return () => {
      g.off('clusterkeydown', onKey);
    };
  }, [zoomInto]);
  return (
    <MarkerClusterGroup
      ref={group}
      chunkedLoading
      zoomToBoundsOnClick={false}
      showCoverageOnHover={false}
      spiderfyOnMaxZoom={false}
      disableClusteringAtZoom={DISABLE_CLUSTERING_AT_ZOOM}
      iconCreateFunction={clusterIcon}
      onClick={onClusterClick}
    >
      {meetups.map((m) => (
        <MeetupMarker
          key={m.id}
          meetup={m}
          selected={m.id === selectedId}
          onSelect={onSelect}
          offset={offsets.get(m.id)}
        />
      ))}
    </MarkerClusterGroup>
  );
}

const MeetupMarker = memo(function MeetupMarker({
  meetup,
  selected,
  onSelect,
  offset,
}: {
  meetup: LocatedMeetUp;
  selected: boolean;
  onSelect: (id: string) => void;
  /** Where the icon stands off a spot it shares with other events (map/spread.ts). */
  offset: readonly [number, number] | undefined;
}) {
  const { id, lat, lng, artistName, eventTitle } = meetup;
  const name = artistName || eventTitle;
  const imageUrl = artistImageUrl(meetup);
  const icon = useMemo(
    () => artistIcon(imageUrl, name, selected, { id, offset }),
    [imageUrl, name, selected, id, offset],
  );
  // A marker is a role=button element: Enter and Space select it like a click.
  const handlers = useMemo(
    () => ({
      click: () => onSelect(id),
      keydown: (e: L.LeafletKeyboardEvent) => {
        if (!isActivationKey(e.originalEvent)) return;
        e.originalEvent.preventDefault();
        onSelect(id);
      },
    }),
    [onSelect, id],
  );
  return (
    <Marker
      position={[lat, lng]}
      icon={icon}
      eventHandlers={handlers}
      zIndexOffset={selected ? 1000 : 0}
    >
      <Tooltip direction="top" offset={[0, -6]} className={styles.tooltip}>
        {name}
      </Tooltip>
    </Marker>
  );
});

/**
 * Brings the selected event to the centre whenever a pick asks for it (focusKey), keeping the
 * zoom unless the marker would still be inside a cluster there.
 */
function FocusSelected({
  meetups,
  selectedId,
  focusKey,
}: Pick<MapViewProps, 'meetups' | 'selectedId' | 'focusKey'>) {
  const map = useMap();
  const focus = useEffectEvent(() => {
    const target = meetups.find((m) => m.id === selectedId);
    if (!target) return;
    const zoom = Math.max(map.getZoom(), DISABLE_CLUSTERING_AT_ZOOM);
    map.setView([target.lat, target.lng], zoom, { animate: !reducedMotion() });
  });
  useEffect(() => {
    if (focusKey) focus();
  }, [focusKey]);
  return null;
}

/** After a search settles, shows every match (the results may lie outside the current view). */
function FitSearch({ meetups, search }: Pick<MapViewProps, 'meetups' | 'search'>) {
  const map = useMap();
  const fit = useEffectEvent(() => {
    if (meetups.length === 0) return;
    const bounds = L.latLngBounds(meetups.map((m) => [m.lat, m.lng] as [number, number]));
    map.fitBounds(bounds, {
      padding: [48, 48],
      maxZoom: SEARCH_FIT_MAX_ZOOM,
      animate: !reducedMotion(),
    });
  });
  useEffect(() => {
    if (search) fit();
  }, [search]);
  return null;
}
