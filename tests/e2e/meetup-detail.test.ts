/**
 * The event detail (/meetupDetail/{id}) in Chromium against the real PocketBase, at a phone and a
 * desktop size: every section of the page, comments arriving live on another device, and a
 * comment written offline reaching the server exactly once. What the server holds is read with a
 * superuser client, never through the app; every comment a test writes is deleted afterwards so
 * the shared demo data stays as seeded.
 *
 * Nothing may reach the internet: map tiles (OpenStreetMap by default) are answered here with a
 * one-pixel PNG, so the map draws without them and no request leaves 127.0.0.1.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE } from '../helpers/browser.ts';
import { installClock, pageIdle, runClock, swiperTurning } from '../helpers/clock.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const t = ko.meetupDetail;

// A transparent 1x1 PNG for every map tile.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let browser: Browser;
let admin: PocketBase;
/** Events with a place and more than one image, so every section (and the rotation) shows. */
let events: RecordModel[];
/** An event without coordinates. */
let placeless: RecordModel | undefined;
/** Comment texts written by the tests, deleted in afterAll. */
const written: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const all = await admin.collection('meetUps').getFullList({ sort: 'created,id' });
  // running or coming events only: an ended one takes no comments (docs/product-rules.md,
  // Comments); a last day after today in UTC is not past in Korea either
  const utcToday = new Date().toISOString().slice(0, 10);
  const open = (m: RecordModel) => !m['endDate'] || String(m['endDate']).slice(0, 10) > utcToday;
  events = all.filter(
    (m) => m['lat'] && m['lng'] && (m['eventImg'] as string[]).length > 1 && open(m),
  );
  placeless = all.find((m) => !m['lat'] || !m['lng']);
  expect(events.length).toBeGreaterThanOrEqual(6);
});

afterAll(async () => {
  for (const text of written) {
    for (const c of await serverComments(text)) await admin.collection('comments').delete(c.id);
  }
  await browser?.close();
});

let serial = 0;
const uniqueText = (what: string) => {
  const text = `${what} 댓글 ${Date.now()}${++serial}`;
  written.push(text);
  return text;
};

function serverComments(ment: string) {
  return admin
    .collection('comments')
    .getFullList({ filter: admin.filter('ment = {:m}', { m: ment }) });
}

/** The server holds exactly one comment with this text, on `meetUp`, by `author`. */
async function expectOneComment(ment: string, meetUp: string, author: string) {
  const saved = await serverComments(ment);
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ meetUp, name: author, ment });
}

/**
 * A device: a context whose map tiles are answered locally, on the event's detail. Without the
 * service worker unless `worker` (tests/helpers/browser.ts, ContextOptions).
 */
async function openDetail(
  viewport: typeof PHONE | typeof DESKTOP,
  id: string,
  login?: string,
  opts: { clock?: boolean; worker?: boolean } = {},
) {
  const serviceWorker = opts.worker ?? false;
  const context = await newContext(browser, viewport, baseUrl(), { serviceWorker });
  if (opts.clock) await installClock(context);
  await routeTiles(context);
  const app = await openApp(browser, viewport, {
    path: `/meetupDetail/${id}`,
    login,
    context,
    serviceWorker,
  });
  await app.page.getByTestId('meetup-detail').waitFor();
  return app;
}

async function routeTiles(context: BrowserContext) {
  await context.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      headers: { 'access-control-allow-origin': '*' },
      body: TILE,
    }),
  );
}

const comment = (p: Page, text: string) =>
  p.getByTestId('meetup-comment').filter({ hasText: text });
const dialog = (p: Page) => p.locator('dialog[open]');
const text = async (p: Page, testId: string) =>
  (await p.getByTestId(testId).first().textContent())?.trim();

/** Writes a comment through the form; it is at the top of the list at once. */
async function writeComment(p: Page, ment: string) {
  await p.getByTestId('comment-textarea').fill(ment);
  await p.getByTestId('comment-submit').click();
  await expect
    .poll(() => p.getByTestId('meetup-comment').first().getByTestId('comment-text').textContent())
    .toBe(ment);
  expect(await p.getByTestId('comment-textarea').inputValue()).toBe('');
}

/** Every image of the carousel has loaded (so the service worker keeps it for offline). */
async function imagesLoaded(p: Page) {
  await p.waitForFunction(() => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid=meetup-slide] img')];
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  });
}

/** Waits for the carousel to stand still: in loop mode Swiper ignores a slide asked for mid-move. */
const CAROUSEL_SWIPER = 'meetup-carousel';

async function settled(p: Page) {
  await p.waitForFunction(() => {
    const el = document.querySelector('[data-testid=meetup-carousel] .swiper');
    const swiper = (el as (Element & { swiper?: { animating: boolean } }) | null)?.swiper;
    return !!swiper && !swiper.animating;
  });
}

/** Checks every section of the page against the server's record of the event. */
async function expectEverySection(p: Page, event: RecordModel) {
  // carousel: one slide per image, each with its alt text, and pagination plus arrows
  const images = event['eventImg'] as string[];
  await expect.poll(() => p.getByTestId('meetup-slide').count()).toBe(images.length);
  for (let i = 0; i < images.length; i++) {
    expect(await p.getByAltText(t.imageAlt(event['eventTitle'], i + 1)).count()).toBe(1);
  }
  const carousel = p.getByTestId('meetup-carousel');
  expect(await carousel.locator('.swiper-pagination-bullet').count()).toBe(images.length);
  expect(await carousel.getByRole('button', { name: t.nextSlide }).count()).toBe(1);
  expect(await carousel.getByRole('button', { name: t.previousSlide }).count()).toBe(1);

  // the card
  expect(await text(p, 'meetup-title')).toBe(event['eventTitle']);
  expect(await p.getByTestId('meetup-cafe').locator('dd').textContent()).toBe(event['cafeName']);
  expect(await p.getByTestId('meetup-address').locator('dd').textContent()).toBe(event['address']);
  expect(await p.getByTestId('meetup-period').locator('dd').textContent()).toBe(event['date']);
  const source = p.getByTestId('meetup-source').getByRole('link');
  expect(await source.getAttribute('href')).toBe(event['source']);
  expect(await source.getAttribute('target')).toBe('_blank');
  expect(await source.getAttribute('rel')).toContain('noopener');

  // GIFT and EVENT
  const gift = p.getByTestId('meetup-gift');
  expect(await gift.getByRole('heading').textContent()).toBe(t.giftTitle);
  expect(await p.getByTestId('meetup-basic-gift').locator('dd').textContent()).toBe(
    event['basicGift'],
  );
  expect(await p.getByTestId('meetup-priority-gift').locator('dd').textContent()).toBe(
    event['priorityGift'],
  );
  expect(await p.getByTestId('meetup-desert-gift').locator('dd').textContent()).toBe(
    event['desertGift'],
  );
  expect(await p.getByTestId('meetup-event').getByRole('heading').textContent()).toBe(t.eventTitle);
  expect(await p.getByTestId('meetup-hashtag').allTextContents()).toEqual([
    event['firstHashtag'],
    event['secondHashtag'],
  ]);

  // the map (it loads as the fan scrolls to it): 450 px high, at the place, one marker with the
  // artist's image
  await p.getByTestId('meetup-map').scrollIntoViewIfNeeded();
  const map = p.getByTestId('meetup-map-canvas');
  await map.locator('.leaflet-container').waitFor();
  expect((await map.boundingBox())!.height).toBe(450);
  await expect.poll(() => map.locator('.leaflet-marker-icon').count()).toBe(1);
  expect(await map.locator('.leaflet-marker-icon img').getAttribute('alt')).toBe(
    event['artistName'],
  );

  // comments: as many as the server has, newest first, each with its author and time
  const filter = admin.filter('meetUp = {:m}', { m: event.id });
  const onServer = await admin.collection('comments').getFullList({ filter, sort: '-created' });
  await expect.poll(() => text(p, 'comment-count')).toBe(t.commentCount(onServer.length));
  const shown = p.getByTestId('meetup-comment');
  await expect.poll(() => shown.count()).toBe(onServer.length);
  expect(await shown.getByTestId('comment-text').allTextContents()).toEqual(
    onServer.map((c) => c['ment']),
  );
  await expect
    .poll(() => shown.getByTestId('comment-author').allTextContents())
    .not.toContain(ko.common.loadingWriter);
  expect(await shown.getByTestId('comment-time').count()).toBe(onServer.length);
}

/** Ends a test: no console errors on the page, then the device is closed. */
async function closeClean(context: BrowserContext, errors: string[]) {
  expect(errors).toEqual([]);
  await context.close();
}

const ignoreOffline = (errors: string[]) =>
  errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e));

describe.each([
  ['phone', PHONE, 0],
  ['desktop', DESKTOP, 1],
] as const)('event detail at %s size', (_name, viewport, slot) => {
  it('shows every section; the images rotate; a logged-out fan is asked to log in', async () => {
    const event = events[slot]!;
    // With the service worker: the reload (for reduced motion) is its shell, drawn by the client
    // with the system's setting at once; the server's page is drawn rotating, for nobody.
    const {
      context,
      page: p,
      errors,
    } = await openDetail(viewport, event.id, undefined, {
      clock: true,
      worker: true,
    });
    if (viewport === PHONE) {
      // below the fold on a phone, the map waits until the fan scrolls towards it: once the page
      // has nothing left to do on its own, it has still not started
      await pageIdle(p);
      const frame = p.getByTestId('meetup-map').locator('[data-map-status]');
      expect(await frame.getAttribute('data-map-status')).toBe('initialized');
      expect(await p.locator('.leaflet-container').count()).toBe(0);
    }
    await expectEverySection(p, event);

    // the images rotate every 3 s
    const carousel = p.getByTestId('meetup-carousel');
    expect(await carousel.getAttribute('data-rotating')).toBe('true');
    const active = () =>
      carousel.locator('.swiper-slide-active img').getAttribute('alt', { timeout: 1000 });
    const first = await active();
    await expect.poll(() => swiperTurning(p, CAROUSEL_SWIPER)).toBe(true);
    await runClock(p, 3_500);
    await expect.poll(active).not.toBe(first);
    if (viewport === DESKTOP) {
      // a mouse over the images holds them (4 s of the page's time); the pointer goes to the
      // slides' frame, which stays put while a turn moves the image under it
      await carousel.locator('.swiper').first().hover();
      await expect.poll(() => swiperTurning(p, CAROUSEL_SWIPER)).toBe(false);
      const held = await active();
      await runClock(p, 4_000);
      expect(await active()).toBe(held);
      await p.mouse.move(0, 0);
    }
    // the fan can stop it, then move with the arrow keys and the next button
    await p.getByTestId('meetup-carousel-rotation').click();
    expect(await carousel.getAttribute('data-rotating')).toBe('false');
    await settled(p);
    const stopped = await active();
    await p.keyboard.press('ArrowRight');
    await expect.poll(active).not.toBe(stopped);
    await settled(p);
    const afterKey = await active();
    await carousel.getByRole('button', { name: t.nextSlide }).click();
    await expect.poll(active).not.toBe(afterKey);
    // a fan who asks the system for less motion gets still images
    await p.emulateMedia({ reducedMotion: 'reduce' });
    await p.reload();
    await p.getByTestId('meetup-carousel').waitFor();
    expect(await carousel.getAttribute('data-rotating')).toBe('false');
    if (viewport === PHONE) {
      await settled(p);
      await expect.poll(() => swiperTurning(p, CAROUSEL_SWIPER)).toBe(false);
      const still = await active();
      await runClock(p, 4_000);
      expect(await active()).toBe(still);
    }

    await imagesLoaded(p);
    expect(await axeViolations(p)).toEqual([]);

    // logged out: the form asks to log in, confirm goes to /login, nothing is queued
    await p.getByTestId('comment-textarea').click();
    await dialog(p).getByText(ko.messages.loginRequired).waitFor();
    await dialog(p).getByRole('button', { name: ko.dialog.confirm }).click();
    await expect.poll(() => new URL(p.url()).pathname).toBe('/login');
    expect(await p.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(0);
    await closeClean(context, errors);
  });

  // behaviour, not layout: once, at phone size
  it.runIf(viewport === PHONE)(
    'posts a comment that another fan sees live, then deletes it; refuses empty and over-long ones',
    async () => {
      const event = events[2 + slot]!;
      const fan1 = await openDetail(viewport, event.id, 'fan1@example.com');
      const fan2 = await openDetail(viewport, event.id, 'fan2@example.com');
      const p = fan1.page;

      // refused before anything is queued
      await p.getByTestId('comment-textarea').fill('   ');
      await p.getByTestId('comment-submit').click();
      await expect.poll(() => text(p, 'comment-error')).toBe(ko.sync.commentEmpty);
      await p.getByTestId('comment-textarea').fill('가'.repeat(501));
      expect(await text(p, 'comment-counter')).toContain('501/500');
      expect(await text(p, 'comment-error')).toBe(ko.sync.commentTooLong);
      expect(await p.getByTestId('comment-submit').isDisabled()).toBe(true);
      expect(await p.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(0);

      const before = await p.getByTestId('meetup-comment').count();
      const ment = uniqueText('소희 생일 축하해요');
      await writeComment(p, ment);
      const mine = comment(p, ment);
      expect(await mine.getByTestId('comment-time').textContent()).toBe(ko.relativeTime.justNow);
      await expect.poll(() => mine.getByTestId('comment-author').textContent()).toBe('별빛포카');
      await expect.poll(() => text(p, 'comment-count')).toBe(t.commentCount(before + 1));
      await waitForOutboxEmpty(p);
      await mine.locator('[data-pending-mark]').waitFor({ state: 'detached' });
      await expectOneComment(ment, event.id, fan1.userId!);

      // fan2's open page shows it without a reload, at the top, by fan1
      const theirs = comment(fan2.page, ment);
      await theirs.waitFor({ timeout: 60_000 });
      expect(
        await fan2.page
          .getByTestId('meetup-comment')
          .first()
          .getByTestId('comment-text')
          .textContent(),
      ).toBe(ment);
      await expect.poll(() => theirs.getByTestId('comment-author').textContent()).toBe('별빛포카');
      expect(await text(fan2.page, 'comment-count')).toBe(t.commentCount(before + 1));
      expect(await axeViolations(p)).toEqual([]);

      // only the writer may delete it: fan2 has no button on it, fan1 has, by keyboard too
      expect(await theirs.getByTestId('comment-delete').count()).toBe(0);
      const del = mine.getByTestId('comment-delete');
      expect(await del.getAttribute('aria-label')).toBe(t.commentDeleteLabel);
      await del.focus();
      await p.keyboard.press('Enter');
      await dialog(p).getByText(t.commentDeleteConfirm).waitFor();
      await dialog(p).getByRole('button', { name: t.commentDelete }).click();
      await p.getByText(t.commentDeleted).waitFor();
      await mine.waitFor({ state: 'detached' });
      await expect.poll(() => text(p, 'comment-count')).toBe(t.commentCount(before));
      await waitForOutboxEmpty(p);
      expect(await serverComments(ment)).toHaveLength(0);
      // and fan2's open page loses it without a reload
      await theirs.waitFor({ state: 'detached', timeout: 60_000 });
      await expect.poll(() => text(fan2.page, 'comment-count')).toBe(t.commentCount(before));

      await closeClean(fan1.context, fan1.errors);
      await closeClean(fan2.context, fan2.errors);
      expect(await serverComments(ment)).toHaveLength(0);
    },
  );

  // behaviour, not layout: once, at phone size
  it.runIf(viewport === PHONE)(
    'opens a visited event offline and sends a comment written there exactly once',
    async () => {
      const event = events[4 + slot]!;
      // with the service worker: the page is reloaded offline
      const {
        context,
        page: p,
        errors,
        userId,
      } = await openDetail(viewport, event.id, 'fan1@example.com', { worker: true });
      await expectEverySection(p, event);
      await imagesLoaded(p);
      await p
        .getByTestId('meetup-map-canvas')
        .locator('.leaflet-marker-icon img')
        .evaluate((i: HTMLImageElement) => i.decode());

      await context.setOffline(true);
      await p.reload();
      await p.getByTestId('meetup-detail').waitFor();
      await expectEverySection(p, event);
      await imagesLoaded(p);

      const ment = uniqueText('오프라인');
      await writeComment(p, ment);
      const mine = comment(p, ment);
      await mine.locator('[data-pending-mark=pending]').waitFor();
      await expect
        .poll(() => p.getByTestId('pending-count').textContent())
        .toBe(ko.sync.pendingCount(1));
      expect(await serverComments(ment)).toHaveLength(0);

      await context.setOffline(false);
      await waitForOutboxEmpty(p);
      await mine.locator('[data-pending-mark]').waitFor({ state: 'detached' });
      await expectOneComment(ment, event.id, userId!);
      await closeClean(context, ignoreOffline(errors));
    },
  );
});

describe('event detail edge cases', () => {
  it('shows a note instead of the map when the event has no place', async () => {
    if (!placeless) return; // the demo data always has one; a trimmed seed may not
    const { context, page: p, errors } = await openDetail(PHONE, placeless.id);
    await p.getByTestId('meetup-no-location').waitFor();
    expect(await text(p, 'meetup-no-location')).toBe(t.noLocation);
    expect(await p.locator('.leaflet-container').count()).toBe(0);
    expect(await text(p, 'meetup-title')).toBe(placeless['eventTitle']);
    await closeClean(context, errors);
  });

  it('says so when the event does not exist', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, DESKTOP, {
      path: '/meetupDetail/doesnotexist123',
      serviceWorker: false,
    });
    await p.getByTestId('meetup-missing').waitFor();
    expect(await p.getByTestId('meetup-missing').textContent()).toContain(t.notFound);
    expect(await p.getByRole('link', { name: t.backToMap }).getAttribute('href')).toBe('/meetup');
    // The page itself is answered 404 (a real not-found, docs/first-visit.md); Chromium logs that.
    const documentNotFound = (e: string) => /status of 404/.test(e);
    expect(errors.filter(documentNotFound).length).toBeLessThanOrEqual(1);
    await closeClean(
      context,
      errors.filter((e) => !documentNotFound(e)),
    );
  });
});
