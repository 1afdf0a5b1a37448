/**
 * 오프라인 저장 (docs/offline-pack.md) in Chromium at phone size against the real PocketBase
 * serving the built app: an event's pack saved from its page (what it will keep and about how
 * much, a progress bar, '오프라인 저장됨 · …'), then with the network cut the page, its images, its
 * comments and its map (tiles drawn from the pack, the marker on them); a day's pack of several
 * events from /meetup, drawn offline on the list map; removing a pack frees its space
 * (`navigator.storage.estimate()`); storage full gets the Korean message and leaves no partial
 * pack.
 *
 * Tiles come from the context (tests/helpers/tiles.ts): the worker's own fetches go through it
 * too, so the pack holds those generated 256 px PNGs. Before going offline the browsing caches
 * are emptied and the tile route stopped, so what draws can only come from the pack.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koOfflinePack as t } from '../../src/features/offline-pack/ko.ts';
import { openApp } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchBrowser, newContext, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';
import { serveTiles, TILE_SIZE, type TileServer } from '../helpers/tiles.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  const dir = process.env.PACK_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

const PACK = '[data-testid="offline-pack"]';

interface StoredEvent {
  id: string;
  title: string;
  images: number;
  comments: number;
  start: string;
  last: string;
}

/** The stored events that have a place, images and comments (read from the local store). */
async function richEvents(page: Page): Promise<StoredEvent[]> {
  return page.evaluate(async () => {
    const db = window.__pocamarket.db;
    const events: Array<{
      id: string;
      eventTitle: string;
      lat: number;
      lng: number;
      eventImg: string[];
      startDate: string;
      endDate: string;
    }> = await db.meetUps.toArray();
    const out = [];
    for (const m of events) {
      if (!m.lat || !m.lng || !m.eventImg.length || !m.startDate) continue;
      const comments = await db.comments.where('meetUp').equals(m.id).count();
      out.push({
        id: m.id,
        title: m.eventTitle,
        images: m.eventImg.length,
        comments,
        start: m.startDate.slice(0, 10),
        last: (m.endDate || m.startDate).slice(0, 10),
      });
    }
    return out;
  });
}

async function go(page: Page, path: string) {
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** What Cache Storage takes, by navigator.storage.estimate() (its usageDetails in Chromium). */
const usage = (page: Page) =>
  page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { caches?: number };
    };
    return estimate.usageDetails?.caches ?? estimate.usage ?? 0;
  });

const packKeys = (page: Page, pack: string) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return null;
    return (await (await caches.open(name)).keys()).map((r) => r.url);
  }, `offline-pack:${pack}`);

/** Tiles drawn on the page's map: how many painted the 256 px PNG, how many the 1 px blank. */
const drawnTiles = (page: Page) =>
  page.$$eval(
    'img.leaflet-tile',
    (imgs, size) => {
      const done = (imgs as HTMLImageElement[]).filter((i) => i.complete);
      return {
        real: done.filter((i) => i.naturalWidth === size).length,
        blank: done.filter((i) => i.naturalWidth === 1).length,
        srcs: done.filter((i) => i.naturalWidth === size).map((i) => i.src),
      };
    },
    TILE_SIZE,
  );

/** Empties the browsing caches and stops the tile server: only a pack can answer now. */
async function cutEverythingButPacks(page: Page, context: BrowserContext, tiles: TileServer) {
  await page.evaluate(async () => {
    for (const name of ['map-tiles', 'pb-files', 'pb-files-saved']) await caches.delete(name);
  });
  await tiles.stop();
  await context.setOffline(true);
}

async function savePack(page: Page, box: ReturnType<Page['locator']>) {
  // before saving: what it will keep and about how much space (measured once in view)
  await box.scrollIntoViewIfNeeded();
  await expect
    .poll(() => box.getByTestId('offline-pack-plan').textContent(), { timeout: 60_000 })
    .toMatch(/이벤트 \d+개 · 이미지 \d+장 · 지도 타일 \d+장 · 약 [\d.]+(KB|MB)/);
  await page.evaluate((sel) => {
    const seen: string[] = [];
    (window as unknown as { __bars: string[] }).__bars = seen;
    new MutationObserver(() => {
      const bar = document.querySelector(`${sel} [role="progressbar"]`);
      if (bar) seen.push(bar.getAttribute('aria-valuenow') ?? '');
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, PACK);
  await box.getByRole('button', { name: /오프라인 저장/ }).click();
  await expect.poll(() => box.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved');
  const bars = await page.evaluate(() => (window as unknown as { __bars: string[] }).__bars);
  expect(bars.length).toBeGreaterThan(0);
  const text = await box.getByTestId('offline-pack-saved').textContent();
  expect(text).toMatch(/오프라인 저장됨 · [\d.]+(KB|MB)/);
  return Number(await box.getAttribute('data-bytes'));
}

describe('offline packs', () => {
  it('keeps one event for offline: page, images, comments and its map area', async () => {
    const context = await newContext(browser, PHONE, baseUrl());
    const tiles = await serveTiles(context);
    const { page, errors } = await openApp(browser, PHONE, { path: '/meetup', context });
    const rich = (await richEvents(page)).filter((e) => e.comments > 0);
    expect(rich.length).toBeGreaterThan(0);
    const event = rich[0]!;

    await go(page, `/meetupDetail/${event.id}`);
    await page.getByTestId('meetup-detail').waitFor();
    const box = page.locator(PACK);
    await box.waitFor({ timeout: 60_000 });
    expect(await box.getAttribute('data-pack')).toBe(`event-${event.id}`);
    await shot(page, 'event-before');
    expect(await axeViolations(page)).toEqual([]);

    const bytes = await savePack(page, box);
    expect(bytes).toBeGreaterThan(0);
    await shot(page, 'event-saved');
    const keys = (await packKeys(page, `event-${event.id}`))!;
    // every event image, the artist's two renditions, and 9 + 9 + 25 tiles
    const tileKeys = keys.filter((u) => u.startsWith('https://tile.openstreetmap.org/'));
    expect(tileKeys).toHaveLength(43);
    expect(keys.filter((u) => u.includes('/api/files/meetUps/')).length).toBeGreaterThanOrEqual(
      event.images,
    );
    // the size the screen shows is what the pack's cache holds, every body counted once
    const stored = await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      let sum = 0;
      for (const r of await cache.keys())
        sum += (await (await cache.match(r))!.arrayBuffer()).byteLength;
      return sum;
    }, `offline-pack:event-${event.id}`);
    expect(bytes).toBe(stored);
    expect(await axeViolations(page)).toEqual([]);

    // the network cut, the browsing caches gone: the pack alone answers
    await cutEverythingButPacks(page, context, tiles);
    await page.reload();
    await page.getByTestId('meetup-detail').waitFor({ timeout: 60_000 });
    // the record and its comments from the local store
    await expect
      .poll(() => page.getByTestId('comment-count').textContent(), { timeout: 60_000 })
      .toContain(String(event.comments));
    // the event's images painted (not the worker's grey placeholder for a file it lacks)
    await expect
      .poll(
        () =>
          page.$$eval('[data-testid="meetup-detail"] img[src*="/api/files/meetUps/"]', (imgs) =>
            (imgs as HTMLImageElement[]).some(
              (i) => i.complete && i.naturalWidth > 0 && i.naturalWidth !== 300,
            ),
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    const first = await page
      .locator('[data-testid="meetup-detail"] img[src*="/api/files/meetUps/"]')
      .first()
      .evaluate((i: HTMLImageElement) => i.currentSrc);
    const answer = await page.evaluate(async (u) => {
      const res = await fetch(u);
      return { status: res.status, type: res.headers.get('content-type') };
    }, first);
    expect(answer.status).toBe(200);
    expect(answer.type).not.toContain('svg');

    // the map: tiles drawn from the pack, none blank, and the marker on them
    await page.getByTestId('meetup-map').scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await drawnTiles(page)).real, { timeout: 60_000 })
      .toBeGreaterThan(0);
    const drawn = await drawnTiles(page);
    expect(drawn.blank).toBe(0);
    expect(drawn.srcs.every((s) => tileKeys.includes(s))).toBe(true);
    await expect
      .poll(() =>
        page.$$eval('.leaflet-marker-pane img', (imgs) =>
          (imgs as HTMLImageElement[]).some((i) => i.complete && i.naturalWidth > 0),
        ),
      )
      .toBe(true);
    // the pack is still shown as saved, with its remove button
    await expect.poll(() => box.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved');
    await shot(page, 'event-offline');

    // removing it (offline still: nothing else writes meanwhile) frees its space
    const before = await usage(page);
    await box.getByRole('button', { name: t.removeLabel(event.title) }).click();
    await expect.poll(() => box.getAttribute('data-state')).toBe('idle');
    expect(await packKeys(page, `event-${event.id}`)).toBeNull();
    // the browser's estimate falls in steps as the cache's entries go: wait for most of it
    await expect
      .poll(async () => before - (await usage(page)), { timeout: 60_000 })
      .toBeGreaterThan(bytes / 2);
    await context.setOffline(false);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });

  it('keeps a day of several events, draws them offline on the map, and frees the space', async () => {
    const context = await newContext(browser, PHONE, baseUrl());
    const tiles = await serveTiles(context);
    const { page, errors } = await openApp(browser, PHONE, { path: '/meetup', context });
    const day = page.getByTestId('offline-pack-day');
    await day.waitFor({ timeout: 60_000 });
    // folded on the list screen (the map keeps its room): the keyboard opens it
    await day.locator('summary').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('offline-pack-day-picker').waitFor();
    // the picker offers only days with events; pick one with several
    const options = await page
      .getByTestId('offline-pack-day-picker')
      .locator('option')
      .evaluateAll((os) =>
        (os as HTMLOptionElement[]).map((o) => ({ value: o.value, text: o.textContent ?? '' })),
      );
    expect(options.length).toBeGreaterThan(0);
    const counts = options.map((o) => Number(/이벤트 (\d+)개/.exec(o.text)?.[1] ?? 0));
    expect(counts.every((n) => n > 0)).toBe(true);
    const pick = options[counts.findIndex((n) => n >= 3)]!;
    expect(pick).toBeTruthy();
    await page.getByTestId('offline-pack-day-picker').selectOption(pick.value);
    const box = day.locator(PACK);
    await expect.poll(() => box.getAttribute('data-pack')).toBe(`day-${pick.value}`);
    await shot(page, 'day-before');
    expect(await axeViolations(page)).toEqual([]);

    const bytes = await savePack(page, box);
    expect(bytes).toBeGreaterThan(0);
    await shot(page, 'day-saved');
    const keys = (await packKeys(page, `day-${pick.value}`))!;
    const dayEvents = Math.min(10, counts[options.indexOf(pick)]!);
    const tileKeys = keys.filter((u) => u.startsWith('https://tile.openstreetmap.org/'));
    expect(tileKeys.length).toBeGreaterThan(43);
    expect(tileKeys.length).toBeLessThanOrEqual(43 * dayEvents);

    await cutEverythingButPacks(page, context, tiles);
    await page.reload();
    await page.getByTestId('meetup-list').waitFor({ timeout: 60_000 });
    await expect
      .poll(
        () =>
          page
            .locator('.leaflet-marker-pane [data-meetup-id], .leaflet-marker-pane [data-count]')
            .count(),
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await drawnTiles(page)).real, { timeout: 60_000 })
      .toBeGreaterThan(0);
    const drawn = await drawnTiles(page);
    expect(drawn.srcs.every((s) => tileKeys.includes(s))).toBe(true);
    await shot(page, 'day-offline');

    // the folded heading says which day is kept; opened, that day is the one shown
    await expect
      .poll(() => day.locator('summary').textContent(), { timeout: 60_000 })
      .toMatch(/저장됨 · [\d.]+(KB|MB)/);
    await day.locator('summary').click();
    await expect.poll(() => box.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved');
    expect(await box.getAttribute('data-pack')).toBe(`day-${pick.value}`);
    await shot(page, 'day-offline-open');
    // removing it (offline still: nothing else writes meanwhile) frees its space
    const before = await usage(page);
    await box.getByRole('button', { name: /삭제/ }).click();
    await expect.poll(() => box.getAttribute('data-state')).toBe('idle');
    expect(await packKeys(page, `day-${pick.value}`)).toBeNull();
    // the browser's estimate falls in steps as the cache's entries go: wait for most of it
    await expect
      .poll(async () => before - (await usage(page)), { timeout: 60_000 })
      .toBeGreaterThan(bytes / 2);
    expect(await day.locator('summary').textContent()).not.toContain('저장됨');
    await context.setOffline(false);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });

  it('says so in Korean when storage is full, and keeps no partial pack', async () => {
    const context = await newContext(browser, PHONE, baseUrl());
    await serveTiles(context);
    const { page } = await openApp(browser, PHONE, { path: '/meetup', context });
    const event = (await richEvents(page))[0]!;
    await go(page, `/meetupDetail/${event.id}`);
    const box = page.locator(PACK);
    await box.waitFor({ timeout: 60_000 });
    await box.scrollIntoViewIfNeeded();
    await expect
      .poll(() => box.getByTestId('offline-pack-plan').textContent(), { timeout: 60_000 })
      .toMatch(/약 /);
    // the origin's quota shrunk to what it uses now plus a little (the session stays attached:
    // the override lasts while it does)
    const cdp = await context.newCDPSession(page);
    const origin = new URL(baseUrl()).origin;
    const now = (await cdp.send('Storage.getUsageAndQuota', { origin })) as { usage: number };
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: now.usage + 4096 });
    await box.getByRole('button', { name: /오프라인 저장/ }).click();
    await expect
      .poll(() => page.getByTestId('offline-pack-error').textContent(), { timeout: 60_000 })
      .toBe(t.storageFull);
    expect(await box.getAttribute('data-state')).toBe('idle');
    expect(await packKeys(page, `event-${event.id}`)).toBeNull();
    await shot(page, 'storage-full');
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await context.close();
  });
});
