/**
 * The photo card grid as a fan uses it, in Chromium against the real PocketBase with the demo
 * data (RIIZE: 7 members × 9 = 63 cards): /exchange pages with 더 보기 and its toasts, searches
 * across the debounce, sorts through the bottom sheet (closed once by dragging it down), opens a
 * card with Enter; hearts count at once and reach another device after sync; logged out they stay
 * on the device; the wishlist lists and searches liked cards; and the grid works offline.
 */
import type PocketBase from 'pocketbase';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, superuserClient, waitForNoFlush, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE } from '../helpers/browser.ts';
import { baseUrl, renderedPage } from '../helpers/e2e-server.ts';
import { serveTiles } from '../helpers/tiles.ts';
import { pageIdle } from '../helpers/clock.ts';
import { batchCreate, recordId } from '../../bench/lib/seed.ts';

let browser: Browser;
let admin: PocketBase;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const tiles = (page: Page) => page.getByTestId('photo-card');
const total = (page: Page) => page.getByTestId('card-total').textContent();
const toast = (page: Page, text: string) =>
  page.locator('[role="status"]').filter({ hasText: text });
const moreButton = (page: Page) => page.getByTestId('load-more');
const tileOf = (page: Page, id: string) => page.locator(`[data-card-id="${id}"]`);
const countOf = async (tile: Locator) => Number(await tile.getByTestId('like-count').textContent());

/** The like counts of the tiles on screen, in order. */
const shownCounts = (page: Page) =>
  page
    .getByTestId('like-count')
    .allTextContents()
    .then((t) => t.map(Number));

/** Waits for the RIIZE grid (the default bias) to show its first page. */
async function waitForRiize(page: Page) {
  await expect.poll(() => total(page)).toBe(ko.common.totalCards(63));
  await expect.poll(() => tiles(page).count()).toBe(18);
}

/**
 * The first card on screen that `userId` has not liked (by the local store), once the hearts on
 * screen show the user's likes: its id, count and tile.
 */
async function firstUnliked(
  page: Page,
  userId: string | null,
): Promise<{ id: string; count: number; tile: Locator }> {
  const liked: string[] = await page.evaluate(
    async (me) =>
      me
        ? (await window.__pocamarket.db.likes.where('user').equals(me).toArray()).map(
            (l: { photoCard: string }) => l.photoCard,
          )
        : [],
    userId,
  );
  const ids = await tiles(page).evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-card-id')!),
  );
  const pressed = page.locator('[data-testid="like-button"][aria-pressed="true"]');
  await expect.poll(() => pressed.count()).toBe(ids.filter((i) => liked.includes(i)).length);
  const id = ids.find((i) => !liked.includes(i))!;
  const tile = tileOf(page, id);
  return { id, count: await countOf(tile), tile };
}

const serverLikeCount = async (id: string) =>
  (await admin.collection('photoCards').getOne(id)).likeCount as number;

describe.each(SIZES)('/exchange at %s size', (_name, viewport) => {
  // at phone size; at desktop size a group outside the scope pages (below)
  it.runIf(viewport === PHONE)(
    'pages 18 → 30 → … with 더 보기 until 더 이상 없습니다 hides the button',
    async () => {
      const { context, page, errors } = await openApp(browser, viewport, {
        path: '/exchange',
        serviceWorker: false,
      });
      await waitForRiize(page);
      await expect.poll(() => page.locator('h2', { hasText: 'RIIZE' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('bias-link').isVisible()).toBe(true);

      const scrollBefore = await page.evaluate(() => window.scrollY);
      await moreButton(page).click();
      await expect.poll(() => tiles(page).count()).toBe(30);
      await expect.poll(() => toast(page, ko.messages.more).isVisible()).toBe(true);
      // the list scrolls 320 px, 700 ms after the click
      await expect
        .poll(() => page.evaluate(() => window.scrollY), { timeout: 60_000 })
        .toBeGreaterThan(scrollBefore + 200);

      for (const expected of [42, 54, 63]) {
        await moreButton(page).click();
        await expect.poll(() => tiles(page).count()).toBe(expected);
      }
      await expect.poll(() => moreButton(page).isVisible()).toBe(true);
      await moreButton(page).click();
      await expect.poll(() => toast(page, ko.messages.noMore).isVisible()).toBe(true);
      await expect.poll(() => moreButton(page).count()).toBe(0);
      expect(await tiles(page).count()).toBe(63);

      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  // behaviour, not layout: once, at phone size
  it.runIf(viewport === PHONE)(
    'searches every group across the debounce, and forgets the search on leaving',
    async () => {
      // /meetup, on the way, draws its map: tiles from tests/helpers/tiles.ts (no internet, and
      // no service worker to answer a tile it cannot fetch)
      const context = await newContext(browser, viewport, baseUrl(), { serviceWorker: false });
      await serveTiles(context);
      const { page, errors } = await openApp(browser, viewport, {
        path: '/exchange',
        context,
        serviceWorker: false,
      });
      await waitForRiize(page);
      const box = page.getByRole('searchbox', { name: ko.exchangeScreen.searchLabel });
      expect(await box.getAttribute('placeholder')).toBe(ko.exchangeScreen.searchPlaceholder);

      await box.fill('wonbin');
      // debounced: nothing changes at once
      expect(await page.getByTestId('search-results').count()).toBe(0);
      await expect.poll(() => page.getByTestId('search-results').count()).toBe(1);
      await expect.poll(() => total(page)).toBe(ko.common.totalCards(9));
      const members = await page.locator('[data-testid="photo-card"] a').allTextContents();
      expect(members).toHaveLength(9);
      for (const text of members) expect(text).toContain('원빈');

      await box.fill('검색될리없는말');
      await expect.poll(() => page.getByText(ko.cardGrid.noResults).isVisible()).toBe(true);

      // away and back through the menu: the box is empty again and the group grid is back
      const nav = viewport === PHONE ? '하단 탭' : '주요 메뉴';
      await page.getByRole('navigation', { name: nav }).getByRole('link', { name: '밋업' }).click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('밋업');
      await page.getByRole('navigation', { name: nav }).getByRole('link', { name: '교환' }).click();
      await waitForRiize(page);
      expect(await box.inputValue()).toBe('');

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  // a keyboard path: once, at desktop size
  it.runIf(viewport === DESKTOP)('sorts by 찜높은순 and opens a card with Enter', async () => {
    const { context, page, errors } = await openApp(browser, viewport, {
      path: '/exchange',
      serviceWorker: false,
    });
    await waitForRiize(page);

    if (viewport === PHONE) {
      const sheet = page.getByTestId('sort-sheet');
      // dragging the sheet down more than 10 px closes it
      await page.getByTestId('sort-button').click();
      await expect.poll(() => sheet.isVisible()).toBe(true);
      const box = (await page.getByTestId('sheet-drag-handle').boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 8, { steps: 2 });
      await expect.poll(() => sheet.isVisible()).toBe(true);
      await page.mouse.move(x, y + 30, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => sheet.isVisible()).toBe(false);

      // choosing an option applies it and closes the sheet
      await page.getByTestId('sort-button').click();
      await expect.poll(() => sheet.isVisible()).toBe(true);
      await sheet.getByText(ko.sort.mostLiked).click();
      await expect.poll(() => sheet.isVisible()).toBe(false);
      expect(await page.getByTestId('sort-button').textContent()).toContain(ko.sort.mostLiked);
    } else {
      const segmented = page.getByTestId('sort-segmented');
      await segmented.getByRole('radio', { name: ko.sort.mostLiked }).check();
    }

    await expect
      .poll(async () => {
        const counts = await shownCounts(page);
        return counts.length === 18 && counts.every((c, i) => i === 0 || counts[i - 1]! >= c);
      })
      .toBe(true);
    const counts = await shownCounts(page);
    expect(counts[0]).toBeGreaterThan(counts[17]!);

    const first = tiles(page).first();
    const id = await first.getAttribute('data-card-id');
    await first.locator('a').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/exchangeDetail/${id}`);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a group outside the device’s scope', () => {
  const CARDS = 45;
  let groupId = '';
  let cardIds: string[] = [];
  beforeAll(async () => {
    groupId = recordId();
    const name = `페이지그룹${Date.now().toString(36)}`;
    await admin.collection('groups').create({ id: groupId, groupName: name });
    cardIds = Array.from({ length: CARDS }, () => recordId());
    await batchCreate(
      admin,
      'photoCards',
      cardIds.map((id, i) => ({
        id,
        group: groupId,
        groupName: name,
        memberName: '페이지',
        title: `페이지 카드 ${i + 1}`,
      })),
    );
  }, 120_000);
  afterAll(async () => {
    // other files of this worker see no trace of it (the newest cards, the groups list)
    const batch = admin.createBatch();
    for (const id of cardIds) batch.collection('photoCards').delete(id);
    await batch.send({ requestKey: null }).catch(() => {});
    await admin
      .collection('groups')
      .delete(groupId)
      .catch(() => {});
  });

  it('its first screen holds one page ahead, and 더 보기 reads the rest page by page', async () => {
    // the server's page: the group's count, and its first 30 cards (the grid's 18 and one 더 보기)
    const html = await renderedPage(`/exchange?group=${groupId}`);
    expect(html).toContain(ko.common.totalCards(CARDS));
    expect(html.match(/페이지 카드 \d+/g)?.length ?? 0).toBeGreaterThan(0);
    const embedded = cardIds.filter((id) => html.includes(id));
    expect(embedded.length).toBe(30);

    const { context, page, errors } = await openApp(browser, DESKTOP, {
      path: `/exchange?group=${groupId}`,
      serviceWorker: false,
    });
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(CARDS));
    await expect.poll(() => tiles(page).count()).toBe(18);
    const held = () =>
      page.evaluate(
        (g) => window.__pocamarket.db.photoCards.where('group').equals(g).count(),
        groupId,
      );
    expect(await held()).toBeLessThanOrEqual(30);
    for (const expected of [30, 42, 45]) {
      await moreButton(page).click();
      await expect.poll(() => tiles(page).count()).toBe(expected);
    }
    expect(await held()).toBe(CARDS);
    await moreButton(page).click();
    await expect.poll(() => toast(page, ko.messages.noMore).isVisible()).toBe(true);
    expect(await tiles(page).count()).toBe(CARDS);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('likes on the grid', () => {
  it('counts a like at once and shows it on another device after sync', async () => {
    // B is fan1, whose favourite group is stored as RIIZE's id: the grid opens on RIIZE too
    const b = await openApp(browser, DESKTOP, {
      path: '/exchange',
      login: 'fan1@example.com',
      serviceWorker: false,
    });
    await waitForRiize(b.page);
    const a = await openApp(browser, PHONE, {
      path: '/exchange',
      login: 'fan2@example.com',
      serviceWorker: false,
    });
    await waitForRiize(a.page);

    const card = await firstUnliked(a.page, a.userId);
    const before = await serverLikeCount(card.id);
    await card.tile.getByTestId('like-button').click();
    await expect.poll(() => countOf(card.tile)).toBe(card.count + 1);
    expect(await card.tile.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');

    await waitForOutboxEmpty(a.page);
    await expect.poll(() => serverLikeCount(card.id)).toBe(before + 1);
    // counts are not broadcast per like (docs/scaling.md, Like storms): device B gets the new one
    // with its next pull, here the network coming back (as at an event), without a reload
    await b.context.setOffline(true);
    await b.context.setOffline(false);
    await expect.poll(() => countOf(tileOf(b.page, card.id)), { timeout: 60_000 }).toBe(before + 1);
    // and device A, whose flush read the card back, shows the server's count with nothing queued
    expect(await countOf(card.tile)).toBe(before + 1);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('keeps logged-out hearts on the device, and the wishlist lists and searches them', async () => {
    const { context, page, errors } = await openApp(browser, PHONE, {
      path: '/exchange',
      serviceWorker: false,
    });
    await waitForRiize(page);

    const wonbin = tiles(page).filter({ hasText: '원빈' }).first();
    const others = tiles(page).filter({ hasNotText: '원빈' });
    const picks = [wonbin, others.nth(0), others.nth(1)];
    const ids: string[] = [];
    for (const tile of picks) ids.push((await tile.getAttribute('data-card-id')) as string);
    const serverBefore = await Promise.all(ids.map(serverLikeCount));

    const firstTile = tileOf(page, ids[0]!);
    const shownBefore = await countOf(firstTile);
    for (const id of ids) await tileOf(page, id).getByTestId('like-button').click();
    await expect.poll(() => countOf(firstTile)).toBe(shownBefore + 1);
    // nothing queued or sent: the server counts stay, no pending count appears
    expect(await page.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(0);
    expect(await page.getByTestId('pending-count').isVisible()).toBe(false);
    await pageIdle(page);
    expect(await Promise.all(ids.map(serverLikeCount))).toEqual(serverBefore);

    await page.goto('/LikeDetail');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(ko.screens.likeDetail);
    await expect.poll(() => page.getByTestId('guest-likes-note').isVisible()).toBe(true);
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(3));
    expect(
      (
        await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id')))
      ).sort(),
    ).toEqual([...ids].sort());

    const search = page.getByRole('searchbox', { name: ko.likeDetail.searchLabel });
    await search.fill('WonBin');
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(1));
    expect(await tiles(page).first().getAttribute('data-card-id')).toBe(ids[0]);

    // unliking in the wishlist drops the card at once
    await search.fill('');
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(3));
    await tileOf(page, ids[1]!).getByTestId('like-button').click();
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(2));

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works offline: the grid renders, a like waits with a mark and is sent once', async () => {
    // with the service worker: the page is reloaded offline
    const { context, page, userId } = await openApp(browser, PHONE, {
      path: '/exchange',
      login: 'fan2@example.com',
    });
    await waitForRiize(page);

    await context.setOffline(true);
    await page.reload();
    await waitForRiize(page);
    await page.waitForFunction(() => !!window.__pocamarket);

    const card = await firstUnliked(page, userId);
    await card.tile.getByTestId('like-button').click();
    await expect.poll(() => countOf(card.tile)).toBe(card.count + 1);
    await expect.poll(() => card.tile.locator('[data-pending-mark]').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('pending-count').textContent())
      .toBe(ko.sync.pendingCount(1));
    const likesOf = () =>
      admin.collection('likes').getFullList({
        filter: admin.filter('user = {:user} && photoCard = {:card}', {
          user: userId,
          card: card.id,
        }),
      });
    expect(await likesOf()).toHaveLength(0);

    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    await expect.poll(async () => (await likesOf()).length).toBe(1);
    await expect.poll(() => card.tile.locator('[data-pending-mark]').count()).toBe(0);
    // and only once: with nothing sending any more (no flush holds or waits for the outbox
    // lock, in the page or the service worker) there is still exactly one
    await waitForNoFlush(page);
    expect(await likesOf()).toHaveLength(1);
    await context.close();
  });
});
