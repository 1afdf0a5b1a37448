/**
 * docs/product-rules.md (Meetup map, Event detail) describes the map in Kakao Maps "levels" (1 =
 * street close-up … 14 = the whole country; a higher level is further out). Leaflet counts zoom the
 * other way (0 = the world, 18 = a street), and one Kakao level is one zoom step: Kakao level 3
 * (about 50 m across a phone's scale bar) matches web-mercator zoom 17, so
 *
 *     zoom = 20 − level,   level = 20 − zoom.
 *
 * Every constant of those rules goes through these two functions, so the map reads the same as
 * the rules: the map opens at level 8 (zoom 12, all of Seoul), clusters form at level 8 and above
 * (zoom 12 and out; from zoom 13 in, every marker stands alone), a cluster click zooms in 3
 * levels, and the event detail map shows level 3 (zoom 17).
 */

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 14;

/**
 * docs/product-rules.md, Meetup map: the map's default level, and the lowest level at which markers
 * cluster.
 */
export const DEFAULT_LEVEL = 8;
export const MIN_CLUSTER_LEVEL = 8;
/** docs/product-rules.md, Meetup map: a cluster click zooms in this many levels. */
export const CLUSTER_CLICK_LEVELS = 3;
/** docs/product-rules.md, Event detail: the level of the event's map. */
export const DETAIL_LEVEL = 3;
/**
 * docs/product-rules.md, Meetup map: the map's default centre (Hongik Univ. station area, Seoul).
 */
export const DEFAULT_CENTER: readonly [number, number] = [37.556944, 126.923917];

const OFFSET = 20;

function clampLevel(level: number): number {
  return Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.round(level)));
}

/** The Leaflet zoom of a Kakao-style level (clamped to levels 1–14, so zoom 6–19). */
export function levelToZoom(level: number): number {
  return OFFSET - clampLevel(level);
}

/** The Kakao-style level of a Leaflet zoom (rounded and clamped to 1–14). */
export function zoomToLevel(zoom: number): number {
  return clampLevel(OFFSET - zoom);
}

/** The level a cluster click goes to: 3 levels in from the current one, never past level 1. */
export function levelAfterClusterClick(level: number): number {
  return clampLevel(level - CLUSTER_CLICK_LEVELS);
}

/** Leaflet.markercluster's `disableClusteringAtZoom`: the first zoom below the clustering level. */
export const DISABLE_CLUSTERING_AT_ZOOM = levelToZoom(MIN_CLUSTER_LEVEL) + 1;
export const MIN_ZOOM = levelToZoom(MAX_LEVEL);
export const MAX_ZOOM = levelToZoom(MIN_LEVEL);
