import 'leaflet/dist/leaflet.css';
import { TileLayer } from 'react-leaflet';
import { MAX_ZOOM } from '@/lib/map-levels';
import { tileConfig } from '@/lib/tiles';

/** The deepest zoom OpenStreetMap-style tile servers draw; deeper levels scale those tiles up. */
const MAX_NATIVE_ZOOM = 19;

/**
 * The configured tiles (src/lib/tiles.ts), fetched with CORS so the service worker can keep the
 * ones a fan has seen. Both maps (/meetup and the event detail) draw through this.
 */
export function AppTileLayer() {
  return (
    <TileLayer
      url={tileConfig.url}
      attribution={tileConfig.attribution}
      crossOrigin="anonymous"
      maxZoom={MAX_ZOOM}
      maxNativeZoom={Math.min(MAX_NATIVE_ZOOM, MAX_ZOOM)}
    />
  );
}
