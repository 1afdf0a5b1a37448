// The Leaflet part of the event detail, in its own chunk (loaded by event-map.tsx through
// useLazyModule), so Leaflet never reaches the entry and a failed load leaves the rest of the page.
import type { Map as LeafletMap } from 'leaflet';
import { useCallback, useMemo } from 'react';
import { MapContainer, Marker, Tooltip } from 'react-leaflet';
import { fileUrl } from '@/data/pb/files';
import { DETAIL_LEVEL, levelToZoom } from '@/lib/map-levels';
import { artistIcon } from '@/features/meetups/map/artist-icon';
import { AppTileLayer } from '@/features/meetups/map/tile-layer';
import styles from './event-map.module.css';

export interface DetailMapProps {
  id: string;
  lat: number;
  lng: number;
  artistName: string;
  artistImg: string;
  cafeName: string;
  label: string;
}

/**
 * docs/product-rules.md, Event detail: the event's place at level 3 (zoom 17), one marker with the
 * artist's image.
 */
export function DetailMap({
  id,
  lat,
  lng,
  artistName,
  artistImg,
  cafeName,
  label,
}: DetailMapProps) {
  const icon = useMemo(
    () => artistIcon(artistImg ? fileUrl('meetUps', id, artistImg, '100x100') : null, artistName),
    [id, artistImg, artistName],
  );
  // MapContainer hands unknown props to Leaflet, not to its <div>: name the focusable map here.
  const named = useCallback(
    (map: LeafletMap | null) => map?.getContainer().setAttribute('aria-label', label),
    [label],
  );
  return (
    <MapContainer
      className={styles.map}
      center={[lat, lng]}
      zoom={levelToZoom(DETAIL_LEVEL)}
      // A page that scrolls: the wheel scrolls the page, the map zooms with its buttons or keys.
      scrollWheelZoom={false}
      ref={named}
    >
      <AppTileLayer />
      <Marker position={[lat, lng]} icon={icon} keyboard={false}>
        <Tooltip direction="top" permanent={false}>
          {cafeName ? `${artistName} · ${cafeName}` : artistName}
        </Tooltip>
      </Marker>
    </MapContainer>
  );
}
