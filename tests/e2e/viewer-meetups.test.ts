/**
 * The fan's own space, the viewer and meetup part, in Chromium against the real PocketBase: the
 * full-screen image viewer (tap, keyboard, double tap, pinch, swipe to the next, Esc and swipe
 * down), on a card's page and on an event's page; the meetup list's 진행 중 · 예정 · 종료 filter
 * with an ended event created through the API, that event's closed comment form, markers at one
 * spot spread apart, the notice when map tiles fail and the Korean map credit; the group picker's
 * long names shown whole; the pending button's number found in its sheet.
 *
 * One context at 390×844 (touch), resized to 1280×800 for the desktop checks. Test data comes
 * straight from the API and is deleted afterwards. Tiles never load here: every tile request is
 * refused (tests/helpers/tiles.ts), which is what the tile notice needs and the rest ignores.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { koViewer } from '../../src/i18n/ko-viewer.ts';
import { login, openApp, PASSWORD, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';
import { blockTiles } from '../helpers/tiles.ts';

let browser: Browser;
let admin: PocketBase;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;

const stamp = Date.now().toString(36);
let fan: RecordModel;
let book: RecordModel;
let ended: RecordModel;
let upcoming: RecordModel;
/** A seeded event with a place and several images that has not ended (its page takes comments). */
let pictured: RecordModel;

/** `YYYY-MM-DD 00:00:00.000Z`, `offset` days from today in Korea (the server's rule, UTC+9). */
function koreaDay(offset: number): string {
  const d = new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000);
  return `${d.toISOString().slice(0, 10)} 00:00:00.000Z`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const riize = await admin.collection('groups').getFirstListItem('groupName = "RIIZE"');
  fan = await admin.collection('users').create({
    email: `viewer${stamp}@test.local`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: `viewer${stamp}`.slice(0, 20),
    name: '뷰어 테스트',
  });
  book = await admin
    .collection('collectBook')
    .create({ users: fan.id, title: '뷰어 테스트 북', group: riize.id, cardInfo: [] });
  // two events at one spot: one ended two days ago, one still to come
  const spot = { lat: 37.55611, lng: 126.92361, cafeName: '테스트 카페', address: '서울 마포구' };
  ended = await admin.collection('meetUps').create({
    eventTitle: `끝난 테스트 카페 ${stamp}`,
    startDate: koreaDay(-5),
    endDate: koreaDay(-2),
    artistName: '테스트',
    ...spot,
  });
  upcoming = await admin.collection('meetUps').create({
    eventTitle: `다가올 테스트 카페 ${stamp}`,
    startDate: koreaDay(3),
    endDate: koreaDay(6),
    artistName: '테스트',
    ...spot,
  });
  const events = await admin.collection('meetUps').getFullList({
    filter: 'lat != 0 && endDate > @now',
    sort: 'startDate,id',
  });
  pictured = events.find((m) => (m['eventImg'] as string[]).length > 1)!;
  expect(pictured).toBeDefined();
});

/** The one device of this file, opened by the first test that runs (openApp polls: in a test). */
async function device(): Promise<void> {
  if (page) return;
  ({ context, page } = await openApp(browser, PHONE, { serviceWorker: false, path: '/exchange' }));
  await blockTiles(context);
  cdp = await context.newCDPSession(page);
}

afterAll(async () => {
  for (const id of [ended?.id, upcoming?.id]) {
    if (id)
      await admin
        .collection('meetUps')
        .delete(id)
        .catch(() => undefined);
  }
  if (book)
    await admin
      .collection('collectBook')
      .delete(book.id)
      .catch(() => undefined);
  if (fan)
    await admin
      .collection('users')
      .delete(fan.id)
      .catch(() => undefined);
  await browser?.close();
});

// ---------------------------------------------------------------- helpers

const viewer = () => page.getByTestId('image-viewer');
const viewerIndex = async () => Number(await viewer().getAttribute('data-index'));
const zoomed = () => viewer().getAttribute('data-zoomed');

async function stageCentre(): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('image-viewer-stage').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** One finger from `from` to `to` in a few steps, as the touch screen sends it. */
async function swipe(from: { x: number; y: number }, to: { x: number; y: number }) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 6; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two fingers moving apart around `c`. */
async function pinchOut(c: { x: number; y: number }) {
  const pts = (d: number) => [
    { x: c.x - d, y: c.y, id: 1 },
    { x: c.x + d, y: c.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pts(30) });
  for (const d of [50, 70, 90, 110]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pts(d) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * Two taps (or clicks) 80 ms apart by the events' own clock: each event carries its timestamp, so
 * a busy machine that delivers them late still gives the page a double tap's interval (the page
 * reads `event.timeStamp`), as a phone's touch screen stamps them when the finger lands.
 */
async function doubleTap(at: { x: number; y: number }, input: 'touch' | 'mouse' = 'touch') {
  const cdp = await page.context().newCDPSession(page);
  const t0 = Date.now() / 1000;
  const steps = [0, 0.03, 0.08, 0.11];
  for (const [i, dt] of steps.entries()) {
    const down = i % 2 === 0;
    if (input === 'touch')
      await cdp.send('Input.dispatchTouchEvent', {
        type: down ? 'touchStart' : 'touchEnd',
        touchPoints: down ? [{ x: at.x, y: at.y }] : [],
        timestamp: t0 + dt,
      });
    else
      await cdp.send('Input.dispatchMouseEvent', {
        type: down ? 'mousePressed' : 'mouseReleased',
        x: at.x,
        y: at.y,
        button: 'left',
        buttons: down ? 1 : 0,
        clickCount: i < 2 ? 1 : 2,
        timestamp: t0 + dt,
      });
  }
  await cdp.detach();
}

/** The viewer moves to the neighbour a swipe or an arrow asks for (forward unless at the end). */
async function nextIndexFrom(start: number, count: number): Promise<number> {
  return start < count - 1 ? start + 1 : start - 1;
}

/** Waits until React has hydrated the server-rendered element (a tap before that does nothing). */
async function hydrated(el: Locator) {
  await el.waitFor();
  await expect
    .poll(() => el.evaluate((e) => Object.keys(e).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true);
}

/** Presses a toggle until it reads pressed (a click before hydration does nothing). */
async function press(button: Locator) {
  await expect
    .poll(async () => {
      await button.click();
      return button.getAttribute('aria-pressed');
    })
    .toBe('true');
}

async function expectClosedWithFocusOn(opener: Locator) {
  await expect.poll(() => viewer().count()).toBe(0);
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
}

// ---------------------------------------------------------------- tests

describe('group picker', () => {
  it('shows long group names whole, on a phone and a desktop', async () => {
    await device();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const name of ['BOYNEXTDOOR', 'LE SSERAFIM']) {
        const caption = page
          .getByTestId('group-button')
          .filter({ hasText: name })
          .locator('span')
          .last();
        await expect.poll(() => caption.textContent()).toBe(name);
        const fits = await caption.evaluate((el) => {
          const style = getComputedStyle(el);
          return (
            style.textOverflow !== 'ellipsis' &&
            el.scrollWidth <= el.clientWidth + 1 &&
            el.scrollHeight <= el.clientHeight + 1
          );
        });
        expect(fits).toBe(true);
      }
    }
    await page.setViewportSize(PHONE);
  });
});

describe('image viewer on a card page', () => {
  it('opens by tap, zooms by double tap and pinch, swipes, closes by Esc and swipe down', async () => {
    await device();
    const riize = await admin.collection('groups').getFirstListItem('groupName = "RIIZE"');
    const groupCards = await admin
      .collection('photoCards')
      .getList(1, 1, { filter: admin.filter('group = {:g}', { g: riize.id }) });
    const card = groupCards.items[0]!;
    const count = groupCards.totalItems;
    await page.goto(`/exchangeDetail/${card.id}`);
    const opener = page.getByTestId('card-image-open');
    await hydrated(opener);

    // tap: the viewer opens at this card, within the group's cards
    await opener.tap();
    await viewer().waitFor();
    const start = await viewerIndex();
    await expect
      .poll(() => page.getByTestId('image-viewer-position').textContent())
      .toContain(`${start + 1} / ${count}`);
    expect(await page.getByTestId('image-viewer-image').getAttribute('alt')).toContain(
      card['memberName'] as string,
    );
    expect(await axeViolations(page)).toEqual([]);

    // double tap zooms in, again zooms out; a pinch zooms in
    await doubleTap(await stageCentre());
    await expect.poll(zoomed).toBe('true');
    await doubleTap(await stageCentre());
    await expect.poll(zoomed).toBe('false');
    await pinchOut(await stageCentre());
    await expect.poll(zoomed).toBe('true');
    await doubleTap(await stageCentre());
    await expect.poll(zoomed).toBe('false');

    // a sideways swipe goes to the neighbour card
    const c = await stageCentre();
    const next = await nextIndexFrom(start, count);
    const dx = next > start ? -150 : 150;
    await swipe(c, { x: c.x + dx, y: c.y });
    await expect.poll(viewerIndex).toBe(next);

    // Esc closes, focus back on the image
    await page.keyboard.press('Escape');
    await expectClosedWithFocusOn(opener);

    // keyboard: Enter opens, → and ← switch, Tab stays inside
    await opener.focus();
    await page.keyboard.press('Enter');
    await viewer().waitFor();
    const again = await viewerIndex();
    await page.keyboard.press(next > start ? 'ArrowRight' : 'ArrowLeft');
    await expect.poll(viewerIndex).toBe(next > start ? again + 1 : again - 1);
    await page.keyboard.press(next > start ? 'ArrowLeft' : 'ArrowRight');
    await expect.poll(viewerIndex).toBe(again);
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await viewer().evaluate((d) => d.contains(document.activeElement))).toBe(true);

    // a swipe down closes
    const d = await stageCentre();
    await swipe(d, { x: d.x, y: d.y + 220 });
    await expectClosedWithFocusOn(opener);

    // desktop: click, arrow, a mouse drag to the side, Esc
    await page.setViewportSize(DESKTOP);
    await opener.click();
    await viewer().waitFor();
    const desk = await viewerIndex();
    const deskNext = await nextIndexFrom(desk, count);
    await page.keyboard.press(deskNext > desk ? 'ArrowRight' : 'ArrowLeft');
    await expect.poll(viewerIndex).toBe(deskNext);
    const m = await stageCentre();
    await page.mouse.move(m.x, m.y);
    await page.mouse.down();
    await page.mouse.move(m.x + (deskNext > desk ? 200 : -200), m.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(viewerIndex).toBe(desk);
    await doubleTap(m, 'mouse');
    await expect.poll(zoomed).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expectClosedWithFocusOn(opener);
    await page.setViewportSize(PHONE);
  });
});

describe('meetups', () => {
  it("opens an event's images in the viewer", async () => {
    await device();
    await page.goto(`/meetupDetail/${pictured.id}`);
    // at once: a tap on the first image's plain markup, before the carousel takes over, opens it
    const first = page.getByTestId('meetup-image-open').first();
    await hydrated(first);
    await first.tap();
    await viewer().waitFor();
    expect(await viewerIndex()).toBe(0);
    expect(await viewer().getAttribute('aria-label')).toBe(
      koViewer.viewer.dialogLabel(pictured['eventTitle'] as string),
    );
    const c = await stageCentre();
    await swipe(c, { x: c.x - 150, y: c.y });
    await expect.poll(viewerIndex).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer().count()).toBe(0);
    // a running event keeps its form
    await expect.poll(() => page.getByTestId('comment-form').count()).toBe(1);
  });

  it('lists ended events under 종료, with the chip, and spreads markers at one spot', async () => {
    await device();
    await page.goto('/meetup');
    const card = (m: RecordModel) => page.locator(`[data-testid="meetup-card"][data-id="${m.id}"]`);
    await press(page.getByTestId('meetup-filter-ended'));
    await card(ended).waitFor();
    expect(await card(ended).getByTestId('meetup-status').textContent()).toBe(
      koViewer.meetupSections.chipEnded,
    );
    expect(await card(upcoming).count()).toBe(0);
    const statuses = await page
      .getByTestId('meetup-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(new Set(statuses)).toEqual(new Set(['ended']));

    await press(page.getByTestId('meetup-filter-upcoming'));
    await card(upcoming).waitFor();
    expect(await card(ended).count()).toBe(0);
    expect(await card(upcoming).getByTestId('meetup-status').textContent()).toBe(
      koViewer.meetupSections.chipUpcoming,
    );

    // 전체: both, and once the map stands at their spot their markers do not overlap
    await press(page.getByTestId('meetup-filter-all'));
    await page.getByPlaceholder(ko.meetupMap.searchPlaceholder).fill(stamp);
    await expect.poll(() => page.getByTestId('meetup-card').count()).toBe(2);
    await card(upcoming)
      .getByRole('button', { name: ko.meetupMap.showOnMapLabel(upcoming['eventTitle'] as string) })
      .click();
    const marker = (m: RecordModel) => page.locator(`[data-meetup-id="${m.id}"]`);
    await marker(ended).waitFor();
    await marker(upcoming).waitFor();
    const a = (await marker(ended).boundingBox())!;
    const b = (await marker(upcoming).boundingBox())!;
    const apart =
      a.x + a.width <= b.x + 1 ||
      b.x + b.width <= a.x + 1 ||
      a.y + a.height <= b.y + 1 ||
      b.y + b.height <= a.y + 1;
    expect(apart).toBe(true);
    expect(await marker(ended).getAttribute('data-spread')).toBe('true');

    // tiles that fail: a Korean notice over the map; the credit is Korean
    const notice = page.getByTestId('map-tile-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(koViewer.mapTiles.failed);
    const credit = await page.locator('.leaflet-control-attribution').textContent();
    expect(credit).toContain(koViewer.mapTiles.credit);
    expect(credit).toContain(koViewer.mapTiles.contributors);
    expect(credit).not.toContain('contributors');
    expect(await axeViolations(page)).toEqual([]);

    // desktop: the filter and the list side by side
    await page.setViewportSize(DESKTOP);
    await press(page.getByTestId('meetup-filter-ended'));
    await card(ended).waitFor();
    expect(await page.getByTestId('meetup-filter-ended').getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
  });

  it('closes the comment form of an ended event', async () => {
    await device();
    await page.goto(`/meetupDetail/${ended.id}`);
    const closed = page.getByTestId('comment-ended');
    await closed.waitFor();
    expect(await closed.textContent()).toBe(koViewer.endedComments.notice);
    expect(await page.getByTestId('comment-form').count()).toBe(0);
    expect(await page.getByTestId('meetup-status').first().textContent()).toBe(
      koViewer.meetupSections.chipEnded,
    );
  });
});

describe('pending changes', () => {
  it("the sheet opens with the button's number, and its rows add up to it", async () => {
    await device();
    await page.waitForFunction(() => !!window.__pocamarket);
    await login(page, fan['email'] as string);
    const cards = await admin.collection('photoCards').getList(1, 4, {
      filter: admin.filter('group = {:g}', { g: book['group'] }),
      sort: 'id',
    });
    const ids = cards.items.map((c) => c.id);
    // the sync status code arrives as its own chunk: loaded before the network goes (no worker)
    const pill = page.getByTestId('pending-count');
    await pill.waitFor({ state: 'attached' });
    await context.setOffline(true);
    await page.evaluate(
      async ({ like, ticks, bookId }) => {
        const { repos } = window.__pocamarket;
        await repos.setLike(like, true);
        await repos.saveCollectBookCards(bookId, { add: ticks });
      },
      { like: ids[0]!, ticks: ids.slice(1, 4), bookId: book.id },
    );
    await expect.poll(() => pill.textContent()).toBe(ko.sync.pendingCount(4));
    await pill.click();
    const sheet = page.getByTestId('pending-sheet');
    await expect.poll(() => sheet.getByTestId('pending-item').count()).toBe(2);
    const summary = sheet.getByTestId('pending-summary');
    expect(await summary.getAttribute('data-changes')).toBe('4');
    expect(await summary.textContent()).toContain(koViewer.syncSheet.summary(4, 2));
    expect(await summary.textContent()).toContain(koViewer.syncSheet.summaryWhy);
    const perRow = await sheet
      .getByTestId('pending-item')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-changes'))));
    expect(perRow.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await context.setOffline(false);
    await waitForOutboxEmpty(page);
  });
});
