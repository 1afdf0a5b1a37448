import { isLatLng } from '@/lib/geo';
import type { NearMe } from './near-me';

/**
 * The last position the 내 위치 button found, kept on this device only (localStorage; never sent
 * anywhere) so 내 주변 still works offline or without a fix (docs/product-rules.md, Meetup map).
 * One record, overwritten by every fresh position. A browser that refuses storage simply has no
 * last position.
 */
export const LAST_POSITION_KEY = 'pocamarket:last-position';

/** The kept record, checked: anything damaged or off the globe reads as no position. */
export function parseLastPosition(raw: string | null): NearMe | null {
  if (!raw) return null;
  let value: Partial<NearMe> | null;
  try {
    value = JSON.parse(raw) as Partial<NearMe> | null;
  } catch {
    return null;
  }
  const accuracy = Number(value?.accuracy);
  const at = Number(value?.at);
  if (!isLatLng(value) || !Number.isFinite(at) || at <= 0) return null;
  return {
    lat: value.lat,
    lng: value.lng,
    accuracy: Number.isFinite(accuracy) && accuracy >= 0 ? accuracy : 0,
    at,
    last: true,
  };
}

export function readLastPosition(): NearMe | null {
  try {
    return parseLastPosition(localStorage.getItem(LAST_POSITION_KEY));
  } catch {
    return null; // storage blocked: as if none
  }
}

export function keepLastPosition(position: NearMe): void {
  try {
    const { lat, lng, accuracy, at } = position;
    localStorage.setItem(LAST_POSITION_KEY, JSON.stringify({ lat, lng, accuracy, at }));
  } catch {
    // storage refused (private mode, full): the next offline use has no last position
  }
}
