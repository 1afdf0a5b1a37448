/**
 * What an offline pack keeps (docs/offline-pack.md, What a pack holds), computed on the page from
 * the local store: the events' images at the renditions this device's screens ask for, and the map
 * tiles around each event (src/lib/tile-math.ts). The event records and their comments are already
 * in the local store whole (docs/sync.md, Which tables), so a pack only has to name them.
 */
import {
  ARTIST_IMAGE,
  EVENT_IMAGE,
  fileUrl,
  ladderWidthFor,
  type ThumbLadder,
} from '@/data/pb/files';
import type { MeetUp } from '@/data/pb/records';
import { dayOf } from '@/lib/meetup-dates';
import { hasLocation } from '@/lib/meetup-search';
import { packTiles, tileUrl } from '@/lib/tile-math';
import { tileConfig } from '@/lib/tiles';

/** A day's pack holds at most this many events (the soonest to start). */
export const MAX_DAY_EVENTS = 10;
/** The day picker offers at most this many days that have events, from today on. */
export const MAX_DAYS = 14;
/**
 * A map tile in the estimate when this device has seen none (an OSM street tile is 5–40 KB). Never
 * asked of the tile server: a HEAD there on every event page would be a request for a figure that
 * varies little, and a console error wherever the tile server cannot be reached.
 */
export const TILE_BYTES = 15_000;
/** Used for the estimate when no image could be measured. */
export const FALLBACK_IMAGE_BYTES = 60_000;
const ESTIMATE_SAMPLES = 3;

export interface Screen {
  /** CSS pixels across the window. */
  width: number;
  devicePixelRatio: number;
}

export interface PackPlan {
  files: string[];
  tiles: string[];
}

/** The event carousel's frame width in CSS pixels (event-image.tsx, FRAME_SIZES). */
function eventFrameWidth(width: number): number {
  if (width >= 1144) return 549;
  if (width >= 1080) return (width - 96) * 0.5238;
  return width - 32;
}

function pick(ladder: ThumbLadder, cssPixels: number, dpr: number): string {
  return ladder.thumb(ladderWidthFor(ladder, Math.ceil(cssPixels * dpr)));
}

/**
 * The image URLs the screens show of one event on this screen: each event image at the rendition
 * the carousel's srcset picks, the artist at the list's 40 px avatar and at the map marker's size.
 */
export function eventFiles(m: MeetUp, screen: Screen): string[] {
  const dpr = screen.devicePixelRatio || 1;
  const urls: string[] = [];
  const eventThumb = pick(EVENT_IMAGE, eventFrameWidth(screen.width), dpr);
  for (const file of m.eventImg.filter(Boolean)) {
    urls.push(fileUrl('meetUps', m.id, file, eventThumb));
  }
  if (m.artistImg) {
    urls.push(fileUrl('meetUps', m.id, m.artistImg, pick(ARTIST_IMAGE, 40, dpr)));
    urls.push(fileUrl('meetUps', m.id, m.artistImg, '100x100'));
  }
  return urls;
}

/** Everything a pack of these events keeps on this screen, each URL once. */
export function planPack(events: readonly MeetUp[], screen: Screen): PackPlan {
  const files = [...new Set(events.flatMap((m) => eventFiles(m, screen)))];
  const located = events.filter((m) => hasLocation(m));
  const retina = (screen.devicePixelRatio || 1) > 1;
  const tiles = packTiles(located).map((t) => tileUrl(tileConfig.url, t, retina));
  return { files, tiles };
}

export interface PackDay {
  day: string;
  /** Every event on that day, soonest start first. */
  events: MeetUp[];
}

/**
 * The days from `today` on that have events (an event counts on every day from its start to its
 * end), soonest first, at most MAX_DAYS; each with its events soonest start first. Events with
 * no dates cannot be placed on a day and are left out.
 */
export function packDays(events: readonly MeetUp[], today: string): PackDay[] {
  const byDay = new Map<string, MeetUp[]>();
  const horizon = addDays(today, 60);
  for (const m of events) {
    const start = dayOf(m.startDate);
    const last = dayOf(m.endDate) || start;
    if (!start || last < today) continue;
    let day = start < today ? today : start;
    while (day <= last && day <= horizon) {
      const list = byDay.get(day) ?? [];
      list.push(m);
      byDay.set(day, list);
      day = addDays(day, 1);
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_DAYS)
    .map(([day, list]) => ({
      day,
      events: list.sort((a, b) => cmp(dayOf(a.startDate), dayOf(b.startDate)) || cmp(a.id, b.id)),
    }));
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `YYYY-MM-DD` plus `n` calendar days (computed in UTC, so no time zone shifts it). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

async function measure(url: string): Promise<number | null> {
  try {
    // HEAD skips the worker's routes (they answer GET only) and downloads nothing
    const res = await fetch(url, { method: 'HEAD' });
    const length = Number(res.headers.get('content-length'));
    return res.ok && length > 0 ? length : null;
  } catch {
    return null;
  }
}

async function average(urls: readonly string[], fallback: number): Promise<number> {
  // spread the samples over the list (each event's images come together)
  const step = Math.max(1, Math.floor(urls.length / ESTIMATE_SAMPLES));
  const sample = urls.filter((_, i) => i % step === 0).slice(0, ESTIMATE_SAMPLES);
  const sizes = (await Promise.all(sample.map((u) => measure(u)))).filter(
    (n): n is number => n !== null,
  );
  return sizes.length ? sizes.reduce((a, b) => a + b, 0) / sizes.length : fallback;
}

/** The worker's cache of tiles seen while browsing (sw/tile-cache.ts). */
const SEEN_TILES_CACHE = 'map-tiles';

/**
 * The average size of a few tiles this device has already seen (the browsing cache), or null:
 * the tile server's real figure without asking it anything.
 */
async function seenTileBytes(): Promise<number | null> {
  if (typeof caches === 'undefined' || !(await caches.has(SEEN_TILES_CACHE))) return null;
  const cache = await caches.open(SEEN_TILES_CACHE);
  const keys = (await cache.keys()).slice(0, ESTIMATE_SAMPLES * 2);
  const sizes: number[] = [];
  for (const key of keys) {
    const res = await cache.match(key);
    if (res) sizes.push((await res.blob()).size);
  }
  return sizes.length ? sizes.reduce((a, b) => a + b, 0) / sizes.length : null;
}

/**
 * About how many bytes the pack will take: the average size of a few of its images (the server's
 * Content-Length) times their number, and per tile the average of the tiles already seen here
 * (TILE_BYTES when none is).
 */
export async function estimatePack(plan: PackPlan): Promise<number> {
  const [image, tile] = await Promise.all([
    plan.files.length ? average(plan.files, FALLBACK_IMAGE_BYTES) : 0,
    plan.tiles.length ? seenTileBytes().catch(() => null) : null,
  ]);
  return Math.round(image * plan.files.length + (tile ?? TILE_BYTES) * plan.tiles.length);
}
