import type { LatLng } from '@/lib/geo';
import type * as NearKit from './near-kit';

/**
 * Where the fan is, for 내 주변 (docs/product-rules.md, Meetup map): the position the 내 위치
 * button found, or the last one this device kept when no fresh one could be had (offline, no
 * fix). Held by the meetup screen: the map draws it, the list measures from it.
 */
export interface NearMe extends LatLng {
  /** The radius of the position's uncertainty, in metres (the map's circle). */
  accuracy: number;
  /** When the device took the position (ms since the epoch). */
  at: number;
  /** true: the kept position of an earlier use, not a fresh one (labelled '마지막 위치 · …'). */
  last: boolean;
}

/** The list's order while the position is known: nearest first, or the usual date order. */
export type NearOrder = 'distance' | 'date';

/**
 * A position from the 내 위치 button with the code the list needs to use it (near-kit.ts), which
 * comes with the map's chunk rather than the screen's.
 */
export interface NearFound {
  position: NearMe;
  kit: typeof NearKit;
}
