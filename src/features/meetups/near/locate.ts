import { keepLastPosition, readLastPosition } from './last-position';
import type { NearMe } from './near-me';

/**
 * docs/product-rules.md, Meetup map: one position per press, from the device's best source (GPS
 * where there is one: at a crowded event the street matters), waiting at most 10 s. No cached
 * fix (maximumAge 0): a press asks "where am I now", and a fan who walked to the next cafe and
 * pressed again within a minute would otherwise be answered with the spot they left (Chromium
 * hands back its last fix for any maximumAge it still fits). When no fix comes in time, the
 * position kept on the device stands in, so a slow fix costs at most those 10 s.
 */
export const LOCATE_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 0,
};

export type LocateProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type LocateResult =
  /** A position to use; `fallback` says why a kept one stands in for a fresh one. */
  | { position: NearMe; fallback?: LocateProblem }
  /** Nothing to use: the screen stays as it was and says why. */
  | { problem: LocateProblem };

function currentPosition(geolocation: Geolocation): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    geolocation.getCurrentPosition(resolve, reject, LOCATE_OPTIONS),
  );
}

function problemOf(error: unknown): LocateProblem {
  const code = (error as Partial<GeolocationPositionError> | null)?.code;
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

/**
 * Asks the device where it is (the permission prompt, if any, comes now: only on the fan's
 * press). A fresh position is kept as the last one. Offline, the kept position is used without
 * asking (a position from the network's location service cannot come, and a phone's GPS fix may
 * take long); with no kept one the device is asked anyway. When the device cannot say (no fix,
 * too slow) the kept position stands in. A refusal never falls back: the fan said no.
 */
export async function locate(): Promise<LocateResult> {
  const kept = readLastPosition();
  if (kept && !navigator.onLine) return { position: kept };
  if (!('geolocation' in navigator)) {
    return kept ? { position: kept, fallback: 'unsupported' } : { problem: 'unsupported' };
  }
  try {
    const { coords, timestamp } = await currentPosition(navigator.geolocation);
    const position: NearMe = {
      lat: coords.latitude,
      lng: coords.longitude,
      accuracy: Number.isFinite(coords.accuracy) ? coords.accuracy : 0,
      at: timestamp || Date.now(),
      last: false,
    };
    keepLastPosition(position);
    return { position };
  } catch (error) {
    const problem = problemOf(error);
    if (problem !== 'denied' && kept) return { position: kept, fallback: problem };
    return { problem };
  }
}
