import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import type { TileLayer as LeafletTileLayer } from 'leaflet';
import { koViewer } from '@/i18n/ko-viewer';
import { MAX_ZOOM } from '@/lib/map-levels';
import { DEFAULT_TILE_ATTRIBUTION, tileConfig } from '@/lib/tiles';
import styles from './tile-layer.module.css';

/** The deepest zoom OpenStreetMap-style tile servers draw; deeper levels scale those tiles up. */
const MAX_NATIVE_ZOOM = 19;

const t = koViewer.mapTiles;

/**
 * The map credit in Korean (docs/product-rules.md, Meetup map). OpenStreetMap asks for its name
 * and a link to its copyright page, which stay; the words around them are Korean. A provider set
 * with VITE_TILE_ATTRIBUTION keeps its own wording.
 */
const KOREAN_OSM_ATTRIBUTION = `${t.credit} &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> ${t.contributors}`;

/** Leaflet's own credit, without the flag image it adds before its name. */
const LEAFLET_PREFIX = '<a href="https://leafletjs.com">Leaflet</a>';

/**
 * The configured tiles (src/lib/tiles.ts), fetched with CORS so the service worker can keep the
 * ones a fan has seen. Both maps (/meetup and the event detail) draw through this. When tiles of
 * the view fail to load (no network and not kept, or the tile server is down) a Korean notice
 * over the map says so, with a retry; the markers keep working.
 */
export function AppTileLayer() {
  const map = useMap();
  const layerRef = useRef<LeafletTileLayer>(null);
  const [failed, setFailed] = useState(false);
  const attribution =
    tileConfig.attribution === DEFAULT_TILE_ATTRIBUTION
      ? KOREAN_OSM_ATTRIBUTION
      : tileConfig.attribution;

  useEffect(() => {
    map.attributionControl?.setPrefix(LEAFLET_PREFIX);
  }, [map]);

  // A new batch of tiles (a move or zoom) starts clean; any tile of it failing shows the notice
  // until a later batch loads without a failure. The service worker answers a tile it can neither
  // fetch nor find kept with a 1×1 blank image rather than an error (sw/tile-cache.ts), which no
  // tile server sends: that counts as a failure too.
  const handlers = useMemo(
    () => ({
      loading: () => setFailed(false),
      tileerror: () => setFailed(true),
      tileload: (e: L.TileEvent) => {
        const img = e.tile as HTMLImageElement;
        if (img.naturalWidth <= 1 && img.naturalHeight <= 1) setFailed(true);
      },
    }),
    [],
  );

  return (
    <>
      <TileLayer
        ref={layerRef}
        url={tileConfig.url}
        attribution={attribution}
        crossOrigin="anonymous"
        maxZoom={MAX_ZOOM}
        maxNativeZoom={Math.min(MAX_NATIVE_ZOOM, MAX_ZOOM)}
        eventHandlers={handlers}
      />
      {failed ? <TileNotice onRetry={() => layerRef.current?.redraw()} /> : null}
    </>
  );
}

function TileNotice({ onRetry }: { onRetry: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Inside the map's box: a tap on the notice must not drag or zoom the map under it.
  useEffect(() => {
    if (!ref.current) return;
    L.DomEvent.disableClickPropagation(ref.current);
    L.DomEvent.disableScrollPropagation(ref.current);
  }, []);
  return (
    <div ref={ref} className={styles.notice} role="status" data-testid="map-tile-notice">
      <p>{t.failed}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}
