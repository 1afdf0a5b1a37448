/**
 * Markers at the same spot (docs/product-rules.md, Meetup map): events at one cafe, or cafes in
 * one building, share coordinates, and their markers would sit exactly on top of each other once
 * clustering stops. Each such marker gets a pixel offset on a small ring around the spot, so every
 * one shows and can be tapped; the marker's own position stays the real one (the offset moves only
 * its icon), so centring and distances are unchanged. Pixels, not degrees: the ring keeps its size
 * at every zoom.
 */

interface Placed {
  id: string;
  lat: number;
  lng: number;
}

/** About a metre: closer than this counts as the same spot. */
const spotKey = (p: Placed) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;

/**
 * Pixel offsets [dx, dy] of markers that share a spot with another (the others get none), for
 * icons `size` px wide: neighbours on the ring stand at least 1.1 × size apart, the first at the
 * top, the rest clockwise in the given order.
 */
export function spreadOffsets(
  items: readonly Placed[],
  size: number,
): Map<string, readonly [number, number]> {
  const spots = new Map<string, Placed[]>();
  for (const item of items) {
    const key = spotKey(item);
    const list = spots.get(key);
    if (list) list.push(item);
    else spots.set(key, [item]);
  }
  const offsets = new Map<string, readonly [number, number]>();
  for (const list of spots.values()) {
    const n = list.length;
    if (n < 2) continue;
    const radius = (1.1 * size) / (2 * Math.sin(Math.PI / n));
    list.forEach((item, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / n;
      offsets.set(item.id, [
        Math.round(radius * Math.cos(angle)),
        Math.round(radius * Math.sin(angle)),
      ]);
    });
  }
  return offsets;
}
