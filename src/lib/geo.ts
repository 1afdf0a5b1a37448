/**
 * Distances on the ground for 내 주변 (docs/product-rules.md, Meetup map): how far each event's
 * cafe is from the fan, computed on the device (no network, works offline).
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** The mean Earth radius (IUGG), in metres: the haversine's sphere. */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * The great-circle distance between two points in metres (the haversine formula on a sphere).
 * Within 0.5% of the true ellipsoidal distance, far finer than a phone's position at an event.
 */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min(1, …): rounding can push h a hair above 1 for antipodal points
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Whether a value is a usable position (finite, on the globe). */
export function isLatLng(value: Partial<LatLng> | null | undefined): value is LatLng {
  return (
    !!value &&
    typeof value.lat === 'number' &&
    typeof value.lng === 'number' &&
    Number.isFinite(value.lat) &&
    Number.isFinite(value.lng) &&
    Math.abs(value.lat) <= 90 &&
    Math.abs(value.lng) <= 180
  );
}

/**
 * The items nearest `from` first. Items `place` gives no position for keep their order after
 * the rest; equal distances keep their order too (a stable sort), so the result never depends on
 * anything but the list given and the point.
 */
export function sortByDistance<T>(
  items: readonly T[],
  from: LatLng,
  place: (item: T) => LatLng | null,
): T[] {
  const ranked = items.map((item, index) => {
    const at = place(item);
    return { item, index, d: at ? distanceMeters(from, at) : Infinity };
  });
  ranked.sort((x, y) => x.d - y.d || x.index - y.index);
  return ranked.map((r) => r.item);
}
