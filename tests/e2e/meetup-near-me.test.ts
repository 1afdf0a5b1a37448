/**
 * 내 주변 on the meetup map (/meetup; docs/product-rules.md, Meetup map) in Chromium against the
 * real PocketBase serving the built app: the 내 위치 button with Playwright's emulated
 * geolocation. The list runs nearest first from the emulated point with each card's distance,
 * the map centres on the fan's dot, a new position reorders, '기본 순' brings the usual order
 * back; a refused permission, no position and no answer in time each say so and change nothing
 * (the last two through Chromium's own geolocation: an override without coordinates, and none
 * at all); a kept position stands in when the device cannot say; offline after one use the kept
 * position is used and labelled with its age. Tiles are generated locally (tests/helpers/tiles.ts).
 *
 * The expected orders come from the seeded events as the local store holds them, measured with
 * src/lib/geo.ts (tests/unit/geo.test.ts checks it against independent figures), applied to the
 * order the list showed before: equal distances keep that order.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { koMeetupNear } from '../../src/i18n/ko-meetup-near.ts';
import { koViewer } from '../../src/i18n/ko-viewer.ts';
import { distanceMeters, sortByDistance, type LatLng } from '../../src/lib/geo.ts';
import { formatDistance } from '../../src/lib/geo-format.ts';
import { LAST_POSITION_KEY } from '../../src/features/meetups/near/last-position.ts';
import { axeViolations } from '../helpers/axe.ts';
import { openApp } from '../helpers/app.ts';
import { launchBrowser, newContext, VIEWPORTS } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';
import { serveTiles } from '../helpers/tiles.ts';
import {
  CARDS,
  card,
  cardIds,
  mapState,
  openMap,
  storedEvents,
  type Event,
} from '../helpers/meetup-map.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const t = koMeetupNear.meetupNear;
const HERE = '[data-near-me]';
/** The map pans to a new position with an animation: room for it on a busy machine. */
const MAP_WAIT = { timeout: 60_000 };

async function shot(page: Page, name: string) {
  const dir = process.env.MAP_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/near-${name}.png` });
}

/** Emulates the device's position (metres of uncertainty: `accuracy`). */
async function stand(context: BrowserContext, at: LatLng, accuracy = 30) {
  await context.setGeolocation({ latitude: at.lat, longitude: at.lng, accuracy });
}

/**
 * The list's ids nearest `from` first, from the order the list had before (`usual`): the events
 * still on or to come, then the ended ones (`ended`), each part by distance.
 */
function nearestFirst(
  usual: readonly string[],
  events: readonly Event[],
  from: LatLng,
  ended: ReadonlySet<string>,
): string[] {
  const byId = new Map(events.map((e) => [e.id, e]));
  const place = (id: string) => {
    const e = byId.get(id)!;
    return e.located ? e : null;
  };
  return [
    ...sortByDistance(
      usual.filter((id) => !ended.has(id)),
      from,
      place,
    ),
    ...sortByDistance(
      usual.filter((id) => ended.has(id)),
      from,
      place,
    ),
  ];
}

/** The ids of the cards marked '종료' (their status chip), as the list shows them. */
const endedIds = async (page: Page) =>
  new Set(
    await page.$$eval(CARDS, (els) =>
      els
        .filter((e) => (e as HTMLElement).dataset.status === 'ended')
        .map((e) => (e as HTMLElement).dataset.id!),
    ),
  );

/** Each card's distance label, by id ('' where the card shows none). */
const distanceLabels = (page: Page) =>
  page.$$eval(CARDS, (els) =>
    Object.fromEntries(
      els.map((e) => [
        (e as HTMLElement).dataset.id!,
        // the label's visible text (without its hidden '거리' prefix)
        e.querySelector('[data-testid="meetup-distance"]')?.lastChild?.textContent ?? '',
      ]),
    ),
  );

/** A point about 220 m north of an event's cafe: that cafe is the nearest. */
const northOf = (e: LatLng): LatLng => ({ lat: e.lat + 0.002, lng: e.lng });

/** How far (px) the fan's dot sits from the middle of the map's box, as drawn. */
const hereOffCentre = (page: Page) =>
  page.evaluate((here) => {
    const dot = document.querySelector(here);
    const map = document.querySelector('[data-testid="meetup-map"]');
    if (!dot || !map) return Infinity;
    const d = dot.getBoundingClientRect();
    const m = map.getBoundingClientRect();
    return Math.hypot(
      d.left + d.width / 2 - (m.left + m.width / 2),
      d.top + d.height / 2 - (m.top + m.height / 2),
    );
  }, HERE);

const locateButton = (page: Page) => page.getByRole('button', { name: t.locate, exact: true });

describe('내 주변 (phone)', () => {
  const viewport = VIEWPORTS.phone;

  it('orders by distance from the fan, shows distances, follows a move, and goes back', async () => {
    const { context, page, errors, events } = await openMap(browser, viewport, 'serve', {
      serviceWorker: false,
    });
    const usual = await cardIds(page);
    expect(usual.length).toBe(events.length);
    // the cafes the fan walks to are of events still on or to come (ended ones list last)
    const ended = await endedIds(page);
    const located = events.filter((e) => e.located && !ended.has(e.id));
    // before the press: no position, no distances, no order switch
    expect(await page.locator(HERE).count()).toBe(0);
    expect(await page.getByTestId('meetup-distance').count()).toBe(0);
    expect(await page.getByTestId('near-source').count()).toBe(0);

    await context.grantPermissions(['geolocation'], { origin: baseUrl() });
    // a cafe with no other within 600 m (another event at the very same spot aside), so the
    // point 220 m north of it has that cafe nearest
    const first = located.find((e) =>
      located.every((o) => (o.lat === e.lat && o.lng === e.lng) || distanceMeters(e, o) > 600),
    )!;
    expect(first).toBeTruthy();
    const a = northOf(first);
    await stand(context, a, 40);

    // from the keyboard: the button has its name and Enter presses it
    await locateButton(page).focus();
    await page.keyboard.press('Enter');
    const fromA = nearestFirst(usual, events, a, await endedIds(page));
    expect(fromA).not.toEqual(usual);
    await expect.poll(() => cardIds(page), { timeout: 60_000 }).toEqual(fromA);
    // that cafe (or one at the very same spot) is first
    expect(
      distanceMeters(
        first,
        events.find((e) => e.id === fromA[0])!,
      ),
    ).toBe(0);
    expect(
      await page.getByRole('button', { name: t.byDistance }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByTestId('near-source').textContent()).toBe(t.fromHere);
    // the count (a polite live region) says the order
    expect(await page.getByTestId('meetup-count').textContent()).toBe(
      ko.meetupMap.countNearest(events.length),
    );

    // every located card says how far it is; the others say nothing
    const labels = await distanceLabels(page);
    for (const e of events) {
      expect(labels[e.id]).toBe(e.located ? formatDistance(distanceMeters(a, e)) : '');
    }
    expect(labels[fromA[0]!]).toBe('220m');
    // ended events come last, each with its '종료' chip, however near (docs/product-rules.md, 내 주변)
    expect(ended.size).toBeGreaterThan(0);
    expect(new Set(fromA.slice(-ended.size))).toEqual(ended);
    for (const id of ended) {
      expect(await card(page, id).getByTestId('meetup-status').textContent()).toBe(
        koViewer.meetupSections.chipEnded,
      );
    }
    // the nearest card is the one in view at the strip's start
    await expect.poll(() => card(page, fromA[0]!).isVisible()).toBe(true);
    const listBox = (await page.getByTestId('meetup-list').boundingBox())!;
    const firstBox = (await card(page, fromA[0]!).boundingBox())!;
    expect(firstBox.x).toBeGreaterThanOrEqual(listBox.x);
    expect(firstBox.x).toBeLessThan(listBox.x + 40);

    // the map: centred on the fan at level 7 or closer, the dot named with its accuracy
    await expect
      .poll(async () => {
        const s = await mapState(page);
        // within a pixel or two (the map's box may change by a fraction as the list redraws)
        return distanceMeters({ lat: s.lat, lng: s.lng }, a) < 50 && s.level <= 7;
      }, MAP_WAIT)
      .toBe(true);
    await expect.poll(() => hereOffCentre(page), MAP_WAIT).toBeLessThan(3);
    const here = page.locator(HERE);
    await expect.poll(() => here.count()).toBe(1);
    expect(await here.getAttribute('data-near-me')).toBe('fresh');
    expect(await here.getAttribute('role')).toBe('img');
    expect(await here.getAttribute('aria-label')).toBe(t.here('40m'));
    // the accuracy circle
    expect(await page.locator('.leaflet-overlay-pane path').count()).toBe(1);
    await shot(page, 'phone-nearest');

    // the fan moves across town (next to the cafe furthest from the first point): a new press
    // reorders and recentres
    const far = located.slice().sort((x, y) => distanceMeters(a, y) - distanceMeters(a, x))[0]!;
    const b = northOf(far);
    await stand(context, b);
    await locateButton(page).click();
    const fromB = nearestFirst(usual, events, b, await endedIds(page));
    expect(fromB).not.toEqual(fromA);
    await expect.poll(() => cardIds(page), { timeout: 60_000 }).toEqual(fromB);
    await expect
      .poll(async () => {
        const s = await mapState(page);
        return distanceMeters({ lat: s.lat, lng: s.lng }, b) < 50 && s.level <= 7;
      }, MAP_WAIT)
      .toBe(true);
    await expect.poll(() => hereOffCentre(page), MAP_WAIT).toBeLessThan(3);
    expect((await distanceLabels(page))[far.id]).toBe('220m');

    // back to the usual order, distances kept; and nearest first again without asking anew
    await page.getByRole('button', { name: t.byDate }).click();
    await expect.poll(() => cardIds(page)).toEqual(usual);
    expect(await page.getByRole('button', { name: t.byDate }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByTestId('meetup-count').textContent()).toBe(
      ko.meetupMap.count(events.length),
    );
    expect((await distanceLabels(page))[far.id]).toBe('220m');
    await page.getByRole('button', { name: t.byDistance }).click();
    await expect.poll(() => cardIds(page)).toEqual(fromB);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks only on the press; refused permission: the message, list and map as they were', async () => {
    // a context without the geolocation grant: headless Chromium answers the prompt with a no.
    // Every request for a position is counted (and passed on): the page asks only on the press.
    const context = await newContext(browser, viewport, baseUrl(), { serviceWorker: false });
    await context.addInitScript(() => {
      const geo = navigator.geolocation;
      const counted = window as unknown as { geoAsks: number };
      counted.geoAsks = 0;
      const ask = geo.getCurrentPosition.bind(geo);
      const watch = geo.watchPosition.bind(geo);
      geo.getCurrentPosition = (...args) => {
        counted.geoAsks++;
        ask(...args);
      };
      geo.watchPosition = (...args) => {
        counted.geoAsks++;
        return watch(...args);
      };
    });
    await serveTiles(context);
    const { page, errors } = await openApp(browser, viewport, {
      path: '/meetup',
      context,
      serviceWorker: false,
    });
    const events = await storedEvents(page);
    await expect.poll(() => page.locator(CARDS).count(), { timeout: 60_000 }).toBe(events.length);
    await expect.poll(() => locateButton(page).isVisible(), { timeout: 60_000 }).toBe(true);
    const asks = () => page.evaluate(() => (window as unknown as { geoAsks: number }).geoAsks);
    expect(await asks()).toBe(0);
    await stand(context, { lat: 37.5445, lng: 127.056 });
    const usual = await cardIds(page);
    const before = await mapState(page);

    await locateButton(page).click();
    await expect.poll(() => page.getByText(t.denied).isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await asks()).toBe(1);
    await shot(page, 'phone-denied');
    expect(await cardIds(page)).toEqual(usual);
    expect(await page.getByTestId('meetup-distance').count()).toBe(0);
    expect(await page.getByTestId('near-source').count()).toBe(0);
    expect(await page.locator(HERE).count()).toBe(0);
    expect(await mapState(page)).toEqual(before);
    // nothing was kept for later
    expect(await page.evaluate((key) => localStorage.getItem(key), LAST_POSITION_KEY)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('no position, and no answer in time: the messages; a kept position then stands in', async () => {
    const { context, page, errors, events } = await openMap(browser, viewport, 'serve', {
      serviceWorker: false,
    });
    await context.grantPermissions(['geolocation'], { origin: baseUrl() });
    const usual = await cardIds(page);
    const before = await mapState(page);
    const unchanged = async () => {
      expect(await cardIds(page)).toEqual(usual);
      expect(await page.getByTestId('meetup-distance').count()).toBe(0);
      expect(await page.getByTestId('near-source').count()).toBe(0);
      expect(await page.locator(HERE).count()).toBe(0);
      expect(await mapState(page)).toEqual(before);
    };
    // Chromium's own "position unavailable": an override without coordinates (DevTools protocol)
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setGeolocationOverride', {});
    await locateButton(page).click();
    await expect.poll(() => page.getByText(t.unavailable).isVisible(), MAP_WAIT).toBe(true);
    await unchanged();

    // no override at all: this Chromium has no location source, so no answer comes and the
    // request runs into its limit. The page asks with its 10 s; the test passes 1 s on to
    // Chromium (the same timeout error, 9 s sooner) and keeps what the page asked for.
    await cdp.send('Emulation.clearGeolocationOverride');
    await page.evaluate(() => {
      const geo = navigator.geolocation;
      const ask = geo.getCurrentPosition.bind(geo);
      const asked = window as unknown as { askedTimeouts: Array<number | undefined> };
      asked.askedTimeouts = [];
      geo.getCurrentPosition = (ok, fail, options) => {
        asked.askedTimeouts.push(options?.timeout);
        ask(ok, fail, { ...options, timeout: 1_000 });
      };
    });
    await locateButton(page).click();
    await expect.poll(() => page.getByTestId('locate-me').getAttribute('aria-busy')).toBe('true');
    expect(await page.getByTestId('locate-me').getAttribute('title')).toBe(t.locating);
    await expect.poll(() => page.getByText(t.timeout).isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('locate-me').getAttribute('aria-busy')).toBeNull();
    expect(
      await page.evaluate(() => (window as unknown as { askedTimeouts: number[] }).askedTimeouts),
    ).toEqual([10_000]);
    await unchanged();

    // one position found, then none: the kept one stands in, and says so
    const located = events.filter((e) => e.located);
    const a = northOf(located[2]!);
    await stand(context, a);
    await locateButton(page).click();
    const fromA = nearestFirst(usual, events, a, await endedIds(page));
    await expect.poll(() => cardIds(page), { timeout: 60_000 }).toEqual(fromA);
    expect(await page.getByTestId('near-source').textContent()).toBe(t.fromHere);
    await page.getByRole('button', { name: t.byDate }).click();
    await expect.poll(() => cardIds(page)).toEqual(usual);
    await cdp.send('Emulation.setGeolocationOverride', {});
    await locateButton(page).click();
    await expect.poll(() => page.getByText(t.usingLast).isVisible(), MAP_WAIT).toBe(true);
    await expect.poll(() => cardIds(page)).toEqual(fromA);
    expect(await page.getByTestId('near-source').textContent()).toBe(t.fromLast('방금 전'));
    await expect.poll(() => page.locator(HERE).getAttribute('data-near-me')).toBe('last');
    await shot(page, 'phone-kept-stands-in');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offline after one use: the kept position is used and labelled with its age', async () => {
    // with the service worker: the page reloads offline from its precache
    const { context, page, events } = await openMap(browser, viewport, 'serve');
    await context.grantPermissions(['geolocation'], { origin: baseUrl() });
    const usual = await cardIds(page);
    const located = events.filter((e) => e.located);
    const a = northOf(located[located.length - 1]!);
    await stand(context, a);
    await locateButton(page).click();
    const fromA = nearestFirst(usual, events, a, await endedIds(page));
    await expect.poll(() => cardIds(page), { timeout: 60_000 }).toEqual(fromA);

    // five minutes pass (the kept record's time moved back), the fan is elsewhere, the network
    // is gone
    await page.evaluate((key) => {
      const kept = JSON.parse(localStorage.getItem(key)!) as { at: number };
      localStorage.setItem(key, JSON.stringify({ ...kept, at: Date.now() - 5 * 60_000 - 5_000 }));
    }, LAST_POSITION_KEY);
    await stand(context, northOf(located[0]!));
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator(CARDS).count(), { timeout: 60_000 }).toBe(events.length);
    // a fresh visit starts in the usual order
    expect(await cardIds(page)).toEqual(usual);
    await expect.poll(() => locateButton(page).isVisible(), { timeout: 60_000 }).toBe(true);

    await locateButton(page).click();
    await expect.poll(() => cardIds(page), { timeout: 60_000 }).toEqual(fromA);
    const source = page.getByTestId('near-source');
    expect(await source.textContent()).toBe(t.fromLast('5분 전'));
    expect(await source.getAttribute('data-last')).toBe('true');
    const here = page.locator(HERE);
    await expect.poll(() => here.getAttribute('data-near-me')).toBe('last');
    expect(await here.getAttribute('aria-label')).toBe(t.hereLast('5분 전'));
    await expect
      .poll(async () => {
        const s = await mapState(page);
        return distanceMeters({ lat: s.lat, lng: s.lng }, a) < 50 && s.level <= 7;
      }, MAP_WAIT)
      .toBe(true);
    await expect.poll(() => hereOffCentre(page), MAP_WAIT).toBeLessThan(3);
    await shot(page, 'phone-offline-last');
    await context.setOffline(false);
    await context.close();
  });
});

describe('내 주변 (desktop)', () => {
  it('orders the list column by distance with the distances shown', async () => {
    const { context, page, errors, events } = await openMap(browser, VIEWPORTS.desktop, 'serve', {
      serviceWorker: false,
    });
    await context.grantPermissions(['geolocation'], { origin: baseUrl() });
    const usual = await cardIds(page);
    const located = events.filter((e) => e.located);
    const a = northOf(located[1]!);
    await stand(context, a);
    // the button sits over the map, inside its box
    const button = (await locateButton(page).boundingBox())!;
    const map = (await page.getByTestId('meetup-map').boundingBox())!;
    expect(button.x).toBeGreaterThan(map.x);
    expect(button.x + button.width).toBeLessThanOrEqual(map.x + map.width);
    expect(button.y + button.height).toBeLessThanOrEqual(map.y + map.height);

    await locateButton(page).click();
    const fromA = nearestFirst(usual, events, a, await endedIds(page));
    await expect.poll(() => cardIds(page), { timeout: 60_000 }).toEqual(fromA);
    const top = card(page, fromA[0]!);
    await expect.poll(() => top.getByTestId('meetup-distance').isVisible()).toBe(true);
    const nearest = events.find((e) => e.id === fromA[0])!;
    expect(await top.getByTestId('meetup-distance').textContent()).toContain(
      formatDistance(distanceMeters(a, nearest)),
    );
    await shot(page, 'desktop-nearest');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
