/**
 * Reading the meetup map (/meetup) in Chromium for tests/e2e/meetup-map*.test.ts: the markers,
 * clusters and cards the page draws (by their data attributes), the map's state, and opening the
 * page with generated tiles or none.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openApp } from './app.ts';
import { newContext, type ContextOptions } from './browser.ts';
import { blockTiles, serveTiles } from './tiles.ts';
import { baseUrl } from './e2e-server.ts';

export const MAP = '[data-testid="meetup-map"]';
export const CARDS = '[data-testid="meetup-card"]';
export const MARKERS = '.leaflet-marker-pane [data-meetup-id]';
export const CLUSTERS = '.leaflet-marker-pane [data-count]';
export const TILES_CACHE = 'map-tiles';

export interface Event {
  id: string;
  lat: number;
  lng: number;
  located: boolean;
  text: string[];
}

/** Every event in the local store, with the fields the search looks at. */
export async function storedEvents(page: Page): Promise<Event[]> {
  return page.evaluate(async () => {
    const rows: Array<Record<string, unknown>> = await window.__pocamarket.db.meetUps.toArray();
    const fields = [
      'eventTitle',
      'cafeName',
      'address',
      'date',
      'artistName',
      'source',
      'basicGift',
      'desertGift',
      'priorityGift',
      'firstHashtag',
      'secondHashtag',
    ];
    return rows.map((r) => {
      const lat = Number(r.lat ?? 0);
      const lng = Number(r.lng ?? 0);
      return {
        id: String(r.id),
        lat,
        lng,
        located: !(lat === 0 && lng === 0),
        text: fields.map((f) => String(r[f] ?? '')),
      };
    });
  });
}

export const mapState = (page: Page) =>
  page.$eval(MAP, (el) => {
    const d = (el as HTMLElement).dataset;
    return { zoom: Number(d.zoom), level: Number(d.level), lat: Number(d.lat), lng: Number(d.lng) };
  });

/** Markers and clusters whose centre is well inside the map (clickable, not under a control). */
export async function visibleIcons(page: Page) {
  return page.evaluate(
    ({ map, markers, clusters }) => {
      const box = document.querySelector(map)!.getBoundingClientRect();
      const inside = (el: Element) => {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const ok =
          x > box.left + 40 && x < box.right - 70 && y > box.top + 90 && y < box.bottom - 40;
        return ok ? { x, y } : null;
      };
      return {
        markers: [...document.querySelectorAll<HTMLElement>(markers)].flatMap((el) => {
          const at = inside(el);
          return at ? [{ id: el.dataset.meetupId!, ...at }] : [];
        }),
        clusters: [...document.querySelectorAll<HTMLElement>(clusters)].flatMap((el) => {
          const at = inside(el);
          return at ? [{ count: Number(el.dataset.count), ...at }] : [];
        }),
      };
    },
    { map: MAP, markers: MARKERS, clusters: CLUSTERS },
  );
}

export const markerIds = (page: Page) =>
  page.$$eval(MARKERS, (els) => els.map((e) => (e as HTMLElement).dataset.meetupId!).sort());
export const clusterCounts = (page: Page) =>
  page.$$eval(CLUSTERS, (els) => els.map((e) => Number((e as HTMLElement).dataset.count)));
export const cardIds = (page: Page) =>
  page.$$eval(CARDS, (els) => els.map((e) => (e as HTMLElement).dataset.id!));
export const card = (page: Page, id: string) => page.locator(`${CARDS}[data-id="${id}"]`);

/** Whether the card lies wholly inside the list's scrolling box. */
export const cardInView = (page: Page, id: string) =>
  page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="meetup-card"][data-id="${id}"]`);
    const list = document.querySelector('[data-testid="meetup-list"]');
    if (!el || !list) return false;
    const c = el.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    return (
      c.left >= l.left - 1 &&
      c.right <= l.right + 1 &&
      c.top >= l.top - 1 &&
      c.bottom <= l.bottom + 1
    );
  }, id);

export const near = (a: number, b: number) => Math.abs(a - b) < 0.001;

/** How far (px) the event's marker sits from the middle of the map's box, as drawn. */
export const markerOffCentre = (page: Page, id: string) =>
  page.evaluate(
    ({ id, map }) => {
      const el = document.querySelector(`.leaflet-marker-pane [data-meetup-id="${id}"]`);
      if (!el) return Infinity;
      const m = el.getBoundingClientRect();
      const b = document.querySelector(map)!.getBoundingClientRect();
      return Math.hypot(
        m.left + m.width / 2 - (b.left + b.width / 2),
        m.top + m.height / 2 - (b.top + b.height / 2),
      );
    },
    { id, map: MAP },
  );

export async function openMap(
  browser: Browser,
  viewport: { width: number; height: number },
  tiles: 'serve' | 'block',
  opts: ContextOptions = {},
) {
  const context = await newContext(browser, viewport, baseUrl(), opts);
  const tileServer = tiles === 'serve' ? await serveTiles(context) : await blockTiles(context);
  const app = await openApp(browser, viewport, { path: '/meetup', context, ...opts });
  const events = await storedEvents(app.page);
  await expect.poll(() => app.page.locator(CARDS).count(), { timeout: 60_000 }).toBe(events.length);
  await expect
    .poll(() => app.page.locator(`${MARKERS}, ${CLUSTERS}`).count(), { timeout: 60_000 })
    .toBeGreaterThan(0);
  return { ...app, context, tileServer, events };
}
