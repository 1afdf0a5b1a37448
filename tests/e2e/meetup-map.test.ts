/**
 * The meetup map (/meetup) in Chromium against the real PocketBase serving the built app, at a
 * phone and a desktop size: the seeded events as artist markers and clusters (events without
 * coordinates stay in the list only), a cluster click zooming in 3 levels, a marker click
 * selecting and revealing its card, a card click recentring the map, the keyboard on markers,
 * clusters and cards, the search narrowing list and markers, the page offline (list and markers
 * from the local store, tiles seen before from the service worker's tile cache), no tiles at all,
 * and the map loader's retries.
 *
 * Nothing leaves 127.0.0.1: the app asks the default OpenStreetMap tile URL and the context
 * answers with a generated PNG (tests/helpers/tiles.ts). Chromium routes the service worker's own
 * requests through context routes too (Request.serviceWorker() names them), so the tiles the
 * worker caches are those PNGs; the offline test checks both.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchBrowser, VIEWPORTS } from '../helpers/browser.ts';
import { serveTiles, TILE_SIZE } from '../helpers/tiles.ts';
import {
  CARDS,
  MARKERS,
  CLUSTERS,
  TILES_CACHE,
  mapState,
  visibleIcons,
  markerIds,
  clusterCounts,
  cardIds,
  card,
  cardInView,
  near,
  markerOffCentre,
  openMap,
} from '../helpers/meetup-map.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const t = ko.meetupMap;
async function shot(page: Page, name: string) {
  const dir = process.env.MAP_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

describe.each(Object.entries(VIEWPORTS))('meetup map at %s size', (name, viewport) => {
  it('shows markers and clusters, zooms into a cluster, selects by marker and by card', async () => {
    const { context, page, errors, events, tileServer } = await openMap(
      browser,
      viewport,
      'serve',
      { serviceWorker: false },
    );
    const located = events.filter((e) => e.located);
    const unlocated = events.filter((e) => !e.located);
    expect(located.length).toBeGreaterThan(30);
    expect(unlocated.length).toBeGreaterThan(0);

    // the map's start (docs/product-rules.md, Meetup map): level 8 (zoom 12) at the default centre, clusters there
    expect(await mapState(page)).toMatchObject({ zoom: 12, level: 8 });
    const start = await mapState(page);
    expect(near(start.lat, 37.556944) && near(start.lng, 126.923917)).toBe(true);
    expect((await clusterCounts(page)).length).toBeGreaterThan(0);
    await expect.poll(() => page.getByPlaceholder(t.searchPlaceholder).isVisible()).toBe(true);
    expect(await page.locator('.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    expect(tileServer.requests.length).toBeGreaterThan(0);
    await shot(page, `${name}-start`);

    // events without coordinates: in the list with a note, never on the map
    for (const e of unlocated) {
      expect(await card(page, e.id).getAttribute('data-located')).toBe('false');
      expect(await card(page, e.id).textContent()).toContain(t.noLocation);
    }

    // the whole map zoomed out: every located event is in a cluster or a marker, no more
    const zoomOut = page.getByRole('button', { name: t.zoomOut, exact: true });
    while ((await mapState(page)).zoom > 9) {
      const z = (await mapState(page)).zoom;
      await zoomOut.click();
      await expect.poll(async () => (await mapState(page)).zoom).toBe(z - 1);
    }
    await expect
      .poll(
        async () =>
          (await clusterCounts(page)).reduce((a, b) => a + b, 0) + (await markerIds(page)).length,
      )
      .toBe(located.length);
    for (const e of unlocated)
      expect(await page.locator(`${MARKERS}[data-meetup-id="${e.id}"]`).count()).toBe(0);
    const zoomIn = page.getByRole('button', { name: t.zoomIn, exact: true });
    while ((await mapState(page)).zoom < 12) {
      const z = (await mapState(page)).zoom;
      await zoomIn.click();
      await expect.poll(async () => (await mapState(page)).zoom).toBe(z + 1);
    }

    // a cluster click zooms in 3 levels around it; from there every marker stands alone
    // (the icons are read once they stop moving: clusters are redrawn after a zoom animation,
    // and a click at a spot read mid-animation can land beside its cluster on a slow machine)
    let settled = JSON.stringify(await visibleIcons(page));
    await expect
      .poll(async () => {
        const now = JSON.stringify(await visibleIcons(page));
        const same = now === settled;
        settled = now;
        return same;
      })
      .toBe(true);
    const { clusters } = await visibleIcons(page);
    expect(clusters.length).toBeGreaterThan(0);
    const biggest = clusters.sort((a, b) => b.count - a.count)[0]!;
    await page.mouse.click(biggest.x, biggest.y);
    await expect.poll(async () => (await mapState(page)).level).toBe(5);
    expect((await mapState(page)).zoom).toBe(15);
    await expect.poll(async () => (await clusterCounts(page)).length).toBe(0);
    await expect.poll(async () => (await visibleIcons(page)).markers.length).toBeGreaterThan(1);
    await shot(page, `${name}-cluster-zoomed`);

    // a marker click: its card is highlighted and scrolled into view, the map centres on it.
    // The marker whose card is furthest down the list, so the card has to come into view.
    const order = await cardIds(page);
    const markers = (await visibleIcons(page)).markers;
    const picked = markers.sort((a, b) => order.indexOf(b.id) - order.indexOf(a.id))[0]!;
    const pickedEvent = events.find((e) => e.id === picked.id)!;
    await page.mouse.click(picked.x, picked.y);
    await expect.poll(() => card(page, picked.id).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => cardInView(page, picked.id), { timeout: 60_000 }).toBe(true);
    expect(await page.locator(`${CARDS}[aria-current="true"]`).count()).toBe(1);
    await expect
      .poll(async () => {
        const s = await mapState(page);
        return near(s.lat, pickedEvent.lat) && near(s.lng, pickedEvent.lng);
      })
      .toBe(true);
    await expect
      .poll(() =>
        page.locator(`${MARKERS}[data-meetup-id="${picked.id}"]`).getAttribute('data-selected'),
      )
      .toBe('true');
    await expect.poll(() => markerOffCentre(page, picked.id)).toBeLessThan(3);
    // the artist name shows on hover
    const marker = page.locator(`.leaflet-marker-icon:has([data-meetup-id="${picked.id}"])`);
    await marker.hover();
    await expect.poll(() => page.locator('.leaflet-tooltip').count()).toBeGreaterThan(0);
    await shot(page, `${name}-marker-picked`);

    // a marker from the keyboard: focus shows the artist's name, Enter selects it
    const keyed = (await visibleIcons(page)).markers.find((m) => m.id !== picked.id)!;
    expect(keyed).toBeTruthy();
    const keyedIcon = page.locator(`.leaflet-marker-icon:has([data-meetup-id="${keyed.id}"])`);
    expect(await keyedIcon.getAttribute('role')).toBe('button');
    await page.mouse.move(0, 0);
    await keyedIcon.focus();
    await expect
      .poll(() => page.locator('.leaflet-tooltip').allTextContents())
      .toContain(
        await page.locator(`${MARKERS}[data-meetup-id="${keyed.id}"] img`).getAttribute('alt'),
      );
    await page.keyboard.press('Enter');
    await expect.poll(() => card(page, keyed.id).getAttribute('aria-current')).toBe('true');

    // a card click recentres the map on its cafe (the located event furthest from here)
    const here = await mapState(page);
    const far = located
      .filter((e) => e.id !== picked.id && e.id !== keyed.id)
      .sort(
        (a, b) =>
          Math.hypot(b.lat - here.lat, b.lng - here.lng) -
          Math.hypot(a.lat - here.lat, a.lng - here.lng),
      )[0]!;
    await card(page, far.id).locator('dd').first().click();
    await expect.poll(() => card(page, far.id).getAttribute('aria-current')).toBe('true');
    expect(await card(page, picked.id).getAttribute('aria-current')).toBeNull();
    await expect
      .poll(
        async () => {
          const s = await mapState(page);
          return near(s.lat, far.lat) && near(s.lng, far.lng) && s.zoom >= 13;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await expect
      .poll(() =>
        page.locator(`${MARKERS}[data-meetup-id="${far.id}"]`).getAttribute('data-selected'),
      )
      .toBe('true');
    await expect.poll(() => markerOffCentre(page, far.id)).toBeLessThan(3);
    await shot(page, `${name}-card-picked`);

    // from the keyboard: the card's map button does the same
    const other = located.find((e) => ![far.id, picked.id, keyed.id].includes(e.id))!;
    const button = card(page, other.id).locator('button');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => {
        const s = await mapState(page);
        return near(s.lat, other.lat) && near(s.lng, other.lng);
      })
      .toBe(true);

    // the title links to the event's detail
    expect(await card(page, other.id).getByRole('link').getAttribute('href')).toBe(
      `/meetupDetail/${other.id}`,
    );

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // behaviour, not layout: once, at phone size
  it.runIf(name === 'phone')('narrows list and markers by the search', async () => {
    const { context, page, errors, events } = await openMap(browser, viewport, 'serve', {
      serviceWorker: false,
    });
    const search = page.getByRole('searchbox', { name: t.searchLabel });
    const expectedFor = (q: string) =>
      events.filter((e) => e.text.some((s) => s.toLowerCase().includes(q.toLowerCase())));

    // a cluster from the keyboard: Enter zooms in 3 levels like a click
    const cluster = (await visibleIcons(page)).clusters[0]!;
    expect(cluster).toBeTruthy();
    const clusterIcon = page.locator('.leaflet-marker-icon:has([data-count])').filter({
      has: page.locator(`[data-count="${cluster.count}"]`),
    });
    await clusterIcon.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mapState(page)).zoom).toBe(15);

    // '성수': the cafes in Seongsu, by name or address; the map shows all of them and no other
    const seongsu = expectedFor('성수');
    expect(seongsu.length).toBeGreaterThan(2);
    expect(seongsu.length).toBeLessThan(events.length);
    await search.fill('성수');
    await expect
      .poll(async () => (await cardIds(page)).sort())
      .toEqual(seongsu.map((e) => e.id).sort());
    await expect
      .poll(() => markerIds(page), { timeout: 60_000 })
      .toEqual(
        seongsu
          .filter((e) => e.located)
          .map((e) => e.id)
          .sort(),
      );
    await expect.poll(() => clusterCounts(page)).toEqual([]);
    expect(await page.getByTestId('meetup-count').textContent()).toBe(t.count(seongsu.length));
    await shot(page, `${name}-search`);

    // any field, any case: an artist's Latin name in the hashtags
    const tagged = events.find((e) => e.text[9]!.startsWith('#'))!;
    const tag = tagged.text[9]!.slice(1, 6).toLowerCase();
    await search.fill(tag);
    await expect
      .poll(async () => (await cardIds(page)).sort())
      .toEqual(
        expectedFor(tag)
          .map((e) => e.id)
          .sort(),
      );

    // nothing found: the empty state, no markers
    await search.fill('존재하지않는카페이름');
    await expect.poll(() => page.getByText(t.noResults).isVisible()).toBe(true);
    expect(await page.locator(CARDS).count()).toBe(0);
    await expect.poll(() => page.locator(`${MARKERS}, ${CLUSTERS}`).count()).toBe(0);

    // cleared: everything is back
    await search.fill('');
    await expect.poll(() => page.locator(CARDS).count()).toBe(events.length);
    await expect.poll(() => page.locator(`${MARKERS}, ${CLUSTERS}`).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  // behaviour, not layout: once, at phone size
  it.runIf(name === 'phone')(
    'works offline after a visit: list, markers, and the tiles seen before',
    async () => {
      // with the service worker: its tile cache draws the map offline
      const { context, page, events, tileServer } = await openMap(browser, viewport, 'serve');
      // the first visit may have drawn its tiles before the worker took control: come back once
      await page.reload();
      await expect.poll(() => page.locator('.leaflet-tile-loaded').count()).toBeGreaterThan(0);
      // the worker fetched the tiles through the context route and kept them
      await expect
        .poll(
          () =>
            page.evaluate(
              (name) => caches.open(name).then(async (c) => (await c.keys()).length),
              TILES_CACHE,
            ),
          { timeout: 60_000 },
        )
        .toBeGreaterThan(0);
      const cached = await page.evaluate(
        (name) => caches.open(name).then(async (c) => (await c.keys()).map((r) => r.url)),
        TILES_CACHE,
      );
      expect(cached.every((u) => u.startsWith('https://tile.openstreetmap.org/'))).toBe(true);
      expect(cached.every((u) => tileServer.requests.includes(u))).toBe(true);
      // Chromium sends the worker's own fetches through context routes (what filled that cache)
      expect(tileServer.fromWorker.length).toBeGreaterThan(0);

      await tileServer.stop();
      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.locator(CARDS).count(), { timeout: 60_000 }).toBe(events.length);
      await expect
        .poll(() => page.locator(`${MARKERS}, ${CLUSTERS}`).count(), { timeout: 60_000 })
        .toBeGreaterThan(0);
      // at least one real tile painted, from the worker's cache (the generated 256 px PNG; a tile
      // never seen gets a 1 px blank instead)
      await expect
        .poll(
          () =>
            page.$$eval(
              'img.leaflet-tile',
              (imgs, size) =>
                imgs.filter(
                  (i) =>
                    (i as HTMLImageElement).complete &&
                    (i as HTMLImageElement).naturalWidth === size,
                ).length,
              TILE_SIZE,
            ),
          { timeout: 60_000 },
        )
        .toBeGreaterThan(0);
      await shot(page, `${name}-offline`);
      await context.setOffline(false);
      await context.close();
    },
  );

  // behaviour, not layout: once, at phone size
  it.runIf(name === 'phone')('still shows markers and the list when no tile loads', async () => {
    const { context, page, events, tileServer } = await openMap(browser, viewport, 'block', {
      serviceWorker: false,
    });
    expect(tileServer.requests.length).toBeGreaterThan(0);
    expect(await page.locator('img.leaflet-tile').count()).toBeGreaterThan(0);
    const { clusters } = await visibleIcons(page);
    expect(clusters.length).toBeGreaterThan(0);
    expect(await page.locator(CARDS).count()).toBe(events.length);
    await context.close();
  });
});

describe('meetup map loader (phone)', () => {
  it('retries a failed map load 3 times, then offers a retry; the list works meanwhile', async () => {
    // no service worker here, so the map's chunk comes from the network and can be made to fail
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      baseURL: baseUrl(),
      locale: 'ko-KR',
      serviceWorkers: 'block',
    });
    await serveTiles(context);
    let failing = true;
    let attempts = 0;
    await context.route(/\/assets\/map-view-[^/]*\.js$/, async (route) => {
      attempts++;
      if (failing) await route.abort('internetdisconnected');
      else await route.continue();
    });
    const page = await context.newPage();
    await page.goto('/meetup');
    await expect.poll(() => page.getByTestId('map-loading').isVisible()).toBe(true);
    await expect.poll(() => page.locator(CARDS).count()).toBeGreaterThan(0);

    // first try plus 3 retries (500, 1000, 2000 ms), then the error with a retry button
    const error = page.getByTestId('map-error');
    await expect.poll(() => error.isVisible(), { timeout: 60_000 }).toBe(true);
    // (the first try also sends Vite's modulepreload of the chunk: one request more)
    expect(attempts).toBeGreaterThanOrEqual(4);
    const settled = attempts;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(attempts).toBe(settled); // no more tries of its own after the error
    expect(await error.textContent()).toContain(t.mapFailed);
    // the list and the search still work
    await page.getByRole('searchbox', { name: t.searchLabel }).fill('성수');
    await expect
      .poll(async () =>
        (await page.locator(CARDS).allTextContents()).every((c) => c.includes('성수')),
      )
      .toBe(true);
    await shot(page, 'phone-map-error');

    // the network is back: the fan's retry loads the map
    failing = false;
    await error.getByRole('button', { name: t.retry }).click();
    await expect
      .poll(() => page.locator(`${MARKERS}, ${CLUSTERS}`).count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    expect(await error.count()).toBe(0);
    await context.close();
  });
});
