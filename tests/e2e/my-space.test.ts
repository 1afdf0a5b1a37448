/**
 * The fan's own space in Chromium (docs/product-rules.md, My posts, Collect book: manage, Public
 * collect book, Share): one logged-in context at 390×844 walks 교환 현황 → 내가 쓴 글 by status →
 * a card (where the writer sees one status and the share button copies the card's link), moves a
 * book on the shelf with the keyboard, renames a book offline (shown at once with its pending
 * mark, landing on the server once when back online), picks its cover, makes it public and copies
 * its link, which a logged-out visitor opens; a private book's link shows the Korean not-found
 * card; the book is deleted after its confirm; the home row's 더보기 opens /exchange by likes;
 * the collect book's tick sits clear of the card image. The list screens are also audited at
 * 1280×800 by resizing the same page.
 *
 * The fan and their rows are made through the API for this file and deleted at the end.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koMySpace } from '../../src/i18n/ko-my-space.ts';
import { PASSWORD, openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, PHONE, launchBrowser, newContext, trackedPage } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const STAMP = Date.now().toString(36);
const SHOTS = process.env['SHOTS_DIR'];

let browser: Browser;
let admin: PocketBase;
let fan: RecordModel;
let cards: RecordModel[];
let bookA: RecordModel;
let bookB: RecordModel;
let hidden: RecordModel;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const riize = await admin.collection('groups').getFirstListItem('groupName = "RIIZE"');
  cards = (
    await admin
      .collection('photoCards')
      .getList(1, 3, { filter: `group = "${riize.id}"`, sort: 'id' })
  ).items;
  fan = await admin.collection('users').create({
    email: `space-${STAMP}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    name: '내공간팬',
    username: `space${STAMP}`.slice(0, 20),
  });
  const post = (card: RecordModel, status: string, description: string) =>
    admin
      .collection('exchangeList')
      .create({ writer: fan.id, photoCard: card.id, status, description });
  await post(cards[0]!, '교환대기중', `대기 글 하나 ${STAMP}`);
  await post(cards[1]!, '교환대기중', `대기 글 둘 ${STAMP}`);
  await post(cards[2]!, '교환중', `교환 중인 글 ${STAMP}`);
  const book = (title: string, body: Record<string, unknown> = {}) =>
    admin.collection('collectBook').create({ users: fan.id, title, group: riize.id, ...body });
  bookA = await book('첫째 책', { cardInfo: [cards[0]!.id, cards[1]!.id] });
  bookB = await book('둘째 책');
  hidden = await book('비밀 책');
});

afterAll(async () => {
  if (fan)
    await admin
      .collection('users')
      .delete(fan.id)
      .catch(() => {});
  await browser?.close();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The audit at phone size, and for list screens also at desktop size (the same page resized). */
async function audit(page: Page, name: string, list = true) {
  await page.setViewportSize(PHONE);
  expect(await axeViolations(page), `${name} at phone size`).toEqual([]);
  await shot(page, `${name}-phone`);
  if (!list) return;
  await page.setViewportSize(DESKTOP);
  expect(await axeViolations(page), `${name} at desktop size`).toEqual([]);
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
}

describe('my space at phone size', () => {
  let context: BrowserContext;
  let page: Page;

  afterAll(async () => {
    await context?.close();
  });

  it('opens 내가 쓴 글 from 교환 현황 on that status, and each post opens its card', async () => {
    // the one logged-in context of the file (openApp polls, so it runs inside a test)
    // no service worker: nothing here needs it (the offline rename is the page's own outbox)
    const app = await openApp(browser, PHONE, {
      login: `space-${STAMP}@example.com`,
      serviceWorker: false,
    });
    ({ context, page } = app);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto('/profile');
    const panel = page.getByTestId('exchange-status');
    await expect
      .poll(() => panel.getByTestId('exchange-status-count').allTextContents())
      .toEqual(['2', '1', '0']);
    await panel.locator('[data-status="교환중"]').getByTestId('exchange-status-link').click();
    await page.waitForURL(/\/myPosts\?status=/);
    expect(decodeURIComponent(page.url())).toContain('status=교환중');
    await expect
      .poll(() => page.getByTestId('my-post-description').allTextContents())
      .toEqual([`교환 중인 글 ${STAMP}`]);
    await page.locator('[data-testid="my-posts-tab"][data-status="교환대기중"]').click();
    await expect.poll(() => page.getByTestId('my-post').count()).toBe(2);
    await page.locator('[data-testid="my-posts-tab"][data-status="교환완료"]').click();
    await page.getByTestId('my-posts-empty').waitFor();
    await page.locator('[data-testid="my-posts-tab"][data-status="교환대기중"]').click();
    await expect.poll(() => page.getByTestId('my-post').count()).toBe(2);
    await audit(page, 'my-posts');

    await page.getByTestId('my-post').first().getByRole('link').click();
    await page.waitForURL(/\/exchangeDetail\//);
    const mine = page.locator('[data-testid="exchange-post"]', { hasText: STAMP }).first();
    await mine.waitFor();
    // the writer sees the status once: the select, no chip
    expect(await mine.getByTestId('post-status-select').count()).toBe(1);
    expect(await mine.getByTestId('post-status').count()).toBe(0);

    // no share sheet in desktop Chromium: the link goes to the clipboard with a toast
    const cardId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByTestId('share-button').click();
    await page.getByText(koMySpace.share.copied).waitFor();
    expect(await clipboard(page)).toBe(`${baseUrl()}/exchangeDetail/${cardId}`);
  });

  it('moves a book on the shelf with the keyboard', async () => {
    await page.goto('/profile');
    const titles = () =>
      page.getByTestId('shelf-book').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    await expect.poll(async () => (await titles()).length).toBe(3);
    const first = page.getByTestId('shelf-item').first();
    expect(await first.getByTestId('shelf-move-up').isDisabled()).toBe(true);
    await first.getByTestId('shelf-move-down').focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await titles())[0]).toContain('둘째 책');
    await waitForOutboxEmpty(page);
    const [a, b] = await Promise.all([
      admin.collection('collectBook').getOne(bookA.id),
      admin.collection('collectBook').getOne(bookB.id),
    ]);
    expect([b['shelfOrder'], a['shelfOrder']]).toEqual([0, 1]);
    await audit(page, 'profile-shelf');
  });

  it('renames a book offline (at once, pending), and the rename lands once', async () => {
    await page.goto(`/collectBook/RIIZE/${bookA.id}/x`);
    const manage = page.getByTestId('book-manage');
    await manage.locator('summary').click();
    // the tick is under the image, clear of the card's corner tag
    const toggle = page.getByTestId('book-card-toggle').first();
    const image = await toggle.locator('img').boundingBox();
    const tick = await toggle.locator('[aria-hidden="true"]').last().boundingBox();
    expect(tick!.y).toBeGreaterThanOrEqual(image!.y + image!.height - 1);

    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes(`/collectBook/records/${bookA.id}`))
        patches.push(r.postData() ?? '');
    });
    await context.setOffline(true);
    await manage.getByTestId('book-rename-input').fill('새 이름 책');
    await manage.getByTestId('book-rename-save').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('새 이름 책');
    await manage.locator('[data-pending-mark]').waitFor();
    await shot(page, 'book-manage-offline');
    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    await expect
      .poll(async () => (await admin.collection('collectBook').getOne(bookA.id))['title'])
      .toBe('새 이름 책');
    expect(patches.filter((p) => p.includes('새 이름 책'))).toHaveLength(1);
    // the screen follows the emptied outbox on its next render
    await expect.poll(() => manage.locator('[data-pending-mark]').count()).toBe(0);
  });

  it('picks a cover, makes the book public and shares it; a visitor opens it, not a private one', async () => {
    const manage = page.getByTestId('book-manage');
    await manage
      .locator(`[data-testid="book-cover-option"][data-card-id="${cards[1]!.id}"]`)
      .click();
    await waitForOutboxEmpty(page);
    expect((await admin.collection('collectBook').getOne(bookA.id))['cover']).toBe(cards[1]!.id);

    await page.getByTestId('book-privacy-show').click();
    await waitForOutboxEmpty(page);
    await manage.getByTestId('book-share').click();
    await page.getByText(koMySpace.share.copied).first().waitFor();
    const link = await clipboard(page);
    expect(link).toBe(`${baseUrl()}/publicBook/${bookA.id}`);
    await audit(page, 'book-manage', false);

    const visitor = await newContext(browser, PHONE, baseUrl(), { serviceWorker: false });
    try {
      const { page: v, errors } = await trackedPage(visitor);
      await v.goto(link);
      await v.getByTestId('public-book').waitFor();
      expect(await v.locator('h1').textContent()).toBe('새 이름 책');
      expect(await v.getByTestId('public-book-owner').textContent()).toBe(
        koMySpace.publicBook.byOwner(fan['username'] as string),
      );
      await expect.poll(() => v.getByTestId('public-book-card').count()).toBe(2);
      await audit(v, 'public-book');
      await v.goto(`/publicBook/${hidden.id}`);
      await v.getByTestId('public-book-missing').waitFor();
      expect(await v.getByTestId('public-book-missing').textContent()).toContain(
        koMySpace.publicBook.notFoundTitle,
      );
      expect(await axeViolations(v)).toEqual([]);
      await shot(v, 'public-book-missing');
      // a missing book is an answer, not a failed load: nothing in the console
      expect(errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('deletes a book after its confirm', async () => {
    const manage = page.getByTestId('book-manage');
    await manage.getByTestId('book-delete').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(koMySpace.bookManage.deleteTitle).waitFor();
    await dialog.getByRole('button', { name: koMySpace.bookManage.deleteConfirm }).click();
    await page.waitForURL(/\/profile$/);
    await waitForOutboxEmpty(page);
    const left = await admin
      .collection('collectBook')
      .getFullList({ filter: admin.filter('users = {:u}', { u: fan.id }) });
    expect(left.map((b) => b.id).sort()).toEqual([bookB.id, hidden.id].sort());
    await expect.poll(() => page.getByTestId('shelf-book').count()).toBe(2);
  });

  it("opens /exchange by likes from the home row's 더보기", async () => {
    await page.goto('/');
    const row = page.getByTestId('home-row-popular');
    await row.getByRole('link', { name: /더보기/ }).click();
    await page.waitForURL((u) => u.pathname === '/exchange' && !u.search.includes('sort'));
    await expect.poll(() => page.getByTestId('sort-button').textContent()).toContain('찜높은순');
  });
});
