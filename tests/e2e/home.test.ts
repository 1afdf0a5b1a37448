/**
 * The home screen in Chromium against the real PocketBase serving the built app, at a phone and a
 * desktop size: the two card rows (20 each, from the local store, the most liked in descending
 * order), the banner carousel (4 banners, turns by itself, holds still under the mouse and under
 * keyboard focus), the meetup strip (upcoming events, links to their details, a pause button),
 * the floating avatar button (login / wishlist), a tile opening its card, and an offline reload.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, login } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchBrowser, newContext, VIEWPORTS } from '../helpers/browser.ts';
import { installClock, runClock, swiperTurning } from '../helpers/clock.ts';
import { baseUrl } from '../helpers/e2e-server.ts';
import { serveTiles } from '../helpers/tiles.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LATEST = '[data-testid="home-row-latest"] [data-testid="photo-card"]';
const POPULAR = '[data-testid="home-row-popular"] [data-testid="photo-card"]';
const ACTIVE_SLIDE = '[data-testid="home-banner"][data-active="true"]';
const FAB = '[data-testid="home-fab"]';

const pathname = (page: Page) => new URL(page.url()).pathname;
const activeSlide = (page: Page) =>
  page.locator(ACTIVE_SLIDE).getAttribute('data-index', { timeout: 5_000 });
const cardIds = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((e) => (e as HTMLElement).dataset.cardId ?? ''));

/**
 * A context whose pages run on Playwright's clock (see tests/helpers/clock.ts), without the
 * service worker: only the offline test needs it (tests/helpers/browser.ts, ContextOptions). Map
 * tiles come from tests/helpers/tiles.ts (an event's page may draw its map; no internet, and no
 * worker to answer a tile it cannot fetch).
 */
async function clockContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await newContext(browser, viewport, baseUrl(), { serviceWorker: false });
  await serveTiles(context);
  await installClock(context);
  return context;
}

/** Whether the banners turn by themselves (null before Swiper has started). */
const bannersTurning = (page: Page) => swiperTurning(page, 'home-carousel');

/** Waits until the banners turn by themselves: Swiper has started and its delay has passed. */
async function expectBannerTurn(page: Page, from: string | null) {
  await expect.poll(() => bannersTurning(page)).toBe(true);
  await runClock(page, 3_500);
  await expect.poll(() => activeSlide(page)).not.toBe(from);
}

async function waitForRows(page: Page) {
  await expect.poll(() => page.locator(LATEST).count(), { timeout: 60_000 }).toBe(20);
  await expect.poll(() => page.locator(POPULAR).count(), { timeout: 60_000 }).toBe(20);
}

/** The ids the rows should show, read from the local store: newest 20 and most liked 20. */
async function expectedRowIds(page: Page) {
  return page.evaluate(async () => {
    const cards: Array<{ id: string; created: string; likeCount: number }> =
      await window.__pocamarket.db.photoCards.toArray();
    const newest = (a: (typeof cards)[number], b: (typeof cards)[number]) =>
      b.created.localeCompare(a.created) || b.id.localeCompare(a.id);
    return {
      latest: [...cards]
        .sort(newest)
        .slice(0, 20)
        .map((c) => c.id),
      popular: [...cards]
        .sort((a, b) => b.likeCount - a.likeCount || newest(a, b))
        .slice(0, 20)
        .map((c) => c.id),
    };
  });
}

describe.each(Object.entries(VIEWPORTS))('home at %s size', (name, viewport) => {
  const desktop = name === 'desktop';

  it('shows the rows, turns the banners, rotates the meetups and leads to login', async () => {
    const { context, page, errors } = await openApp(browser, viewport, {
      context: await clockContext(viewport),
      serviceWorker: false,
    });
    await waitForRows(page);

    // --- rows: 20 tiles each, the same cards the local store sorts, most liked descending
    const expected = await expectedRowIds(page);
    expect(await cardIds(page, LATEST)).toEqual(expected.latest);
    expect(await cardIds(page, POPULAR)).toEqual(expected.popular);
    const counts = (
      await page.locator(`${POPULAR} [data-testid="like-count"]`).allTextContents()
    ).map(Number);
    expect(counts).toHaveLength(20);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await expect
      .poll(() => page.getByRole('heading', { name: ko.home.latestTitle }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { name: ko.home.popularTitle }).isVisible())
      .toBe(true);
    // 더보기: the latest row to /exchange, the popular row to /exchange sorted by likes
    const more = (row: string, href: string) =>
      page.locator(`[data-testid="home-row-${row}"] a[href="${href}"]`).count();
    expect(await more('latest', '/exchange')).toBe(1);
    expect(await more('popular', '/exchange?sort=likesDesc')).toBe(1);
    expect(
      await page.locator('[data-testid="home-collect-book-banner"]').getAttribute('href'),
    ).toBe('/profile');
    expect(await page.locator('[data-testid="home-faq-banner"]').getAttribute('href')).toBe(
      '/profileSetting',
    );

    // --- carousel: 4 banners, only the one in view reachable, turning by itself
    // the first banner is plain markup until Swiper starts, when the first turn is due
    await expect.poll(() => page.locator('[data-testid="home-banner"]').count()).toBe(4);
    expect(await page.locator('[data-testid="home-banner"]:not([inert])').count()).toBe(1);
    const first = await activeSlide(page);
    await expectBannerTurn(page, first);

    if (desktop) {
      // holds still under the mouse (4 s of the page's time), turns again when it leaves
      await page.hover('[data-testid="home-carousel"] .swiper');
      await expect.poll(() => bannersTurning(page)).toBe(false);
      const hovered = await activeSlide(page);
      await runClock(page, 4_000);
      expect(await activeSlide(page)).toBe(hovered);
      await page.mouse.move(5, viewport.height - 5);
      await expectBannerTurn(page, hovered);
    }

    // keyboard: rotation button, four dots, then the banner in view; focus holds it still
    await page.focus('[data-testid="home-carousel-rotation"]');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const slide = el?.closest<HTMLElement>('[data-testid="home-banner"]');
      return slide ? { index: slide.dataset.index, href: el?.getAttribute('href') } : null;
    });
    expect(focused).not.toBeNull();
    expect(focused?.index).toBe(await activeSlide(page));
    await expect
      .poll(() => page.locator('[data-testid="home-carousel"]').getAttribute('data-rotating'))
      .toBe('false');
    await runClock(page, 4_000);
    expect(await activeSlide(page)).toBe(focused?.index);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathname(page)).toBe(focused?.href);
    await page.goBack();
    await waitForRows(page);

    // a dot shows its banner
    await page.click(`[aria-label="${ko.home.showSlide(3)}"]`);
    await expect.poll(() => activeSlide(page)).toBe('2');

    // --- meetup strip: upcoming events soonest first, one line shown, each a detail link
    const ticker = page.locator('[data-testid="meetup-ticker"]');
    expect(await ticker.getAttribute('aria-labelledby')).toBeTruthy();
    const lineIds = await page.$$eval('[data-testid="meetup-line"]', (els) =>
      els.map((e) => e.getAttribute('href')?.replace('/meetupDetail/', '') ?? ''),
    );
    const upcoming = await page.evaluate(async () => {
      // the strip goes by Korea's date on every device, as the server does (docs/first-visit.md)
      const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
      const events: Array<{ id: string; startDate: string; endDate: string }> =
        await window.__pocamarket.db.meetUps.toArray();
      return events
        .filter((e) => e.endDate.slice(0, 10) >= today)
        .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))
        .slice(0, 10)
        .map((e) => e.id);
    });
    expect(upcoming.length).toBeGreaterThan(1);
    expect(lineIds).toEqual(upcoming);
    const visibleLine = ticker.locator('[data-testid="meetup-line"]:visible');
    expect(await visibleLine.count()).toBe(1);
    expect(await visibleLine.getAttribute('href')).toMatch(/^\/meetupDetail\/[a-z0-9]{15}$/);
    expect(await visibleLine.textContent()).toMatch(/\d{1,2}\.\d{1,2}/);
    const shownFirst = await visibleLine.getAttribute('href');
    await page.mouse.move(5, viewport.height - 5);
    await runClock(page, 3_500);
    await expect.poll(() => visibleLine.getAttribute('href')).not.toBe(shownFirst);
    // the pause button stops it (WCAG 2.2.2): 4 s of the page's time later, the same line
    await page.click('[data-testid="meetup-rotation"]');
    await page.mouse.move(5, viewport.height - 5);
    await expect
      .poll(() => page.locator('[data-testid="meetup-rotation"]').getAttribute('aria-label'))
      .toBe(ko.home.playMeetups);
    const paused = await visibleLine.getAttribute('href');
    await runClock(page, 4_000);
    expect(await visibleLine.getAttribute('href')).toBe(paused);
    await visibleLine.click();
    await expect.poll(() => pathname(page)).toBe(paused);
    await page.goBack();
    await waitForRows(page);

    // --- accessibility audit of the whole screen
    expect(await axeViolations(page)).toEqual([]);

    // --- a tile opens its card
    const tile = page.locator(LATEST).nth(1);
    const cardId = await tile.getAttribute('data-card-id');
    await tile.locator('a').first().click();
    await expect.poll(() => pathname(page)).toBe(`/exchangeDetail/${cardId}`);
    await page.goBack();
    await waitForRows(page);

    // --- logged out, the floating button leads to login
    const fab = page.locator(FAB);
    expect(await fab.getAttribute('aria-label')).toBe(ko.home.login);
    await expect.poll(() => fab.isVisible()).toBe(true);
    await fab.click();
    await expect.poll(() => pathname(page).toLowerCase()).toBe('/login');

    expect(errors).toEqual([]);
    await context.close();
  });

  // behaviour, not layout: once, at phone size
  it.runIf(!desktop)(
    'logged in: the avatar leads to the wishlist; after one visit it works offline',
    async () => {
      // with the service worker: the offline reload is answered by its precached shell
      const { context, page, errors } = await openApp(browser, viewport);
      const userId = await login(page, 'fan1@example.com');
      await waitForRows(page);

      const fab = page.locator(FAB);
      await expect.poll(() => fab.getAttribute('aria-label')).toBe(ko.home.likeList);
      await expect
        .poll(() => fab.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      // the hearts show the fan's own likes
      const liked = await page.evaluate(async (me) => {
        const likes: Array<{ photoCard: string }> = await window.__pocamarket.db.likes
          .where('user')
          .equals(me)
          .toArray();
        return likes.map((l) => l.photoCard);
      }, userId);
      const rowIds = [...(await cardIds(page, LATEST)), ...(await cardIds(page, POPULAR))];
      const pressed = await page.$$eval(
        '[data-testid="photo-card"]:has([data-testid="like-button"][aria-pressed="true"])',
        (els) => els.map((e) => (e as HTMLElement).dataset.cardId ?? ''),
      );
      expect(pressed.sort()).toEqual(rowIds.filter((id) => liked.includes(id)).sort());
      await fab.click();
      await expect.poll(() => pathname(page)).toBe('/LikeDetail');
      await page.goBack();
      await waitForRows(page);
      expect(errors).toEqual([]);

      // --- no network: a reload still shows both rows from the local store
      const before = { latest: await cardIds(page, LATEST), popular: await cardIds(page, POPULAR) };
      await context.setOffline(true);
      await page.reload();
      await waitForRows(page);
      expect(await cardIds(page, LATEST)).toEqual(before.latest);
      expect(await cardIds(page, POPULAR)).toEqual(before.popular);
      // the first banner is plain markup until Swiper starts, when the first turn is due
      await expect.poll(() => page.locator('[data-testid="home-banner"]').count()).toBe(4);
      expect(await page.locator(FAB).getAttribute('aria-label')).toBe(ko.home.likeList);

      // a heart ticked offline waits in the outbox: the pending button appears in the bar at the
      // top (beside chat and alerts), clear of the avatar button's corner. The context closes
      // offline, so the change never reaches the server the other tests share.
      await page.locator(`${LATEST} [data-testid="like-button"]`).first().click();
      const pendingButton = page.locator('header [data-testid="pending-count"]');
      await expect.poll(() => pendingButton.isVisible()).toBe(true);
      const [a, b] = [await fab.boundingBox(), await pendingButton.boundingBox()];
      expect(b!.y + b!.height).toBeLessThan(a!.y);
      await context.close();
    },
  );
});

describe('home with reduced motion (phone)', () => {
  it('does not turn by itself: the banners stay, the meetups are a short static list', async () => {
    const { context, page, errors } = await openApp(browser, VIEWPORTS.phone, {
      context: await clockContext(VIEWPORTS.phone),
      serviceWorker: false,
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await waitForRows(page);

    const carousel = page.locator('[data-testid="home-carousel"]');
    await expect.poll(() => carousel.getAttribute('data-rotating')).toBe('false');
    expect(
      await page.locator('[data-testid="home-carousel-rotation"]').getAttribute('aria-label'),
    ).toBe(ko.home.playSlides);
    const lines = page.locator('[data-testid="meetup-line"]');
    await expect.poll(() => lines.count()).toBe(3);
    expect(await page.locator('[data-testid="meetup-line"]:visible').count()).toBe(3);
    expect(await page.locator('[data-testid="meetup-rotation"]').count()).toBe(0);
    const shown = await activeSlide(page);
    // Swiper's start falls due, it comes up stopped, and 4 s more of the page's time turn nothing
    await runClock(page, 4_000);
    await expect.poll(() => bannersTurning(page)).toBe(false);
    await runClock(page, 4_000);
    expect(await activeSlide(page)).toBe(shown);

    // the fan can still start the banners by hand
    await page.click('[data-testid="home-carousel-rotation"]');
    await expectBannerTurn(page, shown);
    expect(errors).toEqual([]);
    await context.close();
  });
});
