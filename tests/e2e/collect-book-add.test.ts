/**
 * /collectBook/collectBookAdd in Chromium against the real PocketBase: on desktop the split view
 * with its live preview and the '정말 저장하시겠습니까?' confirm; on a phone the 3-step slider with
 * every enable/disable rule (docs/product-rules.md, Add a collect book), a refused image that queues nothing, and a book made with
 * no network that shows on the shelf at once with its own cover and reaches the server exactly
 * once when the connection returns. What the server holds is read with a superuser client.
 */
import type PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, superuserClient, until, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';

const PATH = '/collectBook/collectBookAdd';
const FAN = 'fan2@example.com';

let browser: Browser;
let admin: PocketBase;
let groups: { id: string; groupName: string }[];
const made: string[] = [];

/** A small coloured PNG (a 40×54 cover). */
function coverPng(): Buffer {
  const png = new PNG({ width: 40, height: 54 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 230;
    png.data[i + 1] = 90 + ((i / 4) % 40) * 3;
    png.data[i + 2] = 160;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

const cover = () => ({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  groups = (await admin.collection('groups').getFullList({ sort: 'created' })).map((g) => ({
    id: g.id,
    groupName: g['groupName'] as string,
  }));
});

afterAll(async () => {
  // the books these tests made go, so other files see fan2's seeded shelf
  for (const title of made) {
    const rows = await admin
      .collection('collectBook')
      .getFullList({ filter: admin.filter('title = {:t}', { t: title }) });
    for (const r of rows) await admin.collection('collectBook').delete(r.id);
  }
  await browser?.close();
});

const serverBooks = (title: string) =>
  admin
    .collection('collectBook')
    .getFullList({ filter: admin.filter('title = {:t}', { t: title }) });

const path = (p: Page) => decodeURIComponent(new URL(p.url()).pathname);
const dialog = (p: Page) => p.locator('dialog[open]');
const groupTile = (p: Page, name: string) => p.getByTestId('book-group').filter({ hasText: name });
const outboxCount = (p: Page) => p.evaluate(() => window.__pocamarket.db.outbox.count());

/** Console errors the browser logs for what we expect: requests refused while offline. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/.test(e));

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(unexpected(errors)).toEqual([]);
  await context.close();
}

describe('add a collect book', () => {
  it('logged out: a prompt to log in', async () => {
    const { context, page, errors } = await openApp(browser, PHONE, {
      path: PATH,
      serviceWorker: false,
    });
    const prompt = page.getByTestId('book-add-logged-out');
    await prompt.getByText(ko.messages.loginRequired).waitFor();
    expect(await prompt.getByRole('link').getAttribute('href')).toBe('/login');
    await closeClean(context, errors);
  });

  it('desktop: the split view, the confirm, then /profile with the book on the server', async () => {
    const title = uniqueTitle('데스크톱 콜북');
    made.push(title);
    const { context, page, errors } = await openApp(browser, DESKTOP, {
      path: PATH,
      login: FAN,
      serviceWorker: false,
    });
    await page.getByTestId('book-add-desktop').waitFor();
    await page.getByTestId('book-group').first().waitFor();
    const save = page.getByTestId('book-save');
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByLabel(ko.collectBook.titleLabel).count()).toBe(1);

    // nothing is preselected: the fan must choose (docs/product-rules.md, Add a collect book)
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    // the logos are a radio group: arrow keys move the choice
    const order = (await page.getByTestId('book-group').allTextContents()).map((t) => t.trim());
    const group = groups.find((g) => g.groupName === order[2])!;
    await groupTile(page, order[1]!).click();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: group.groupName, exact: true }).isChecked()).toBe(
      true,
    );
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('book-preview').getByText(group.groupName).count())
      .toBe(1);
    await page.getByTestId('book-title').fill(title);
    expect(await page.getByTestId('book-preview-title').textContent()).toBe(title);
    expect(await save.isDisabled()).toBe(true);

    await page.getByTestId('book-thumb-input').setInputFiles(cover());
    const previewImg = page.getByTestId('book-preview').locator('img').first();
    await expect.poll(() => previewImg.getAttribute('src')).toMatch(/^blob:/);
    expect(await save.isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // cancel keeps everything and queues nothing
    await save.click();
    await dialog(page).getByText(ko.confirm.saveCollectBook, { exact: true }).waitFor();
    await dialog(page).getByRole('button', { name: ko.dialog.cancel, exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await outboxCount(page)).toBe(0);
    expect(path(page)).toBe(PATH);

    await save.click();
    await dialog(page).getByText(ko.confirm.saveCollectBook, { exact: true }).waitFor();
    await dialog(page).getByRole('button', { name: ko.dialog.confirm, exact: true }).click();
    await page.getByText(ko.collectBookAdd.saved).waitFor();
    await page.waitForURL((u) => u.pathname === '/profile');
    const book = page.getByTestId('shelf-book').filter({ hasText: title });
    await book.waitFor();

    await waitForOutboxEmpty(page);
    const rows = await serverBooks(title);
    expect(rows).toHaveLength(1);
    expect(rows[0]!['group']).toBe(group.id);
    expect(rows[0]!['thumbNail']).toMatch(/\.png$/);
    const owner = await admin.collection('users').getOne(rows[0]!['users'] as string);
    expect(owner['email']).toBe(FAN);
    expect(owner['collectBook']).toContain(rows[0]!.id);
    // once sent, the shelf shows the server's cover
    await expect
      .poll(() => book.getByTestId('shelf-cover').getAttribute('src'))
      .toContain(`/api/files/collectBook/${rows[0]!.id}/`);
    await closeClean(context, errors);
  });

  it('phone: the step rules, a refused image, and a book made offline synced once', async () => {
    const group = groups[2]!;
    const title = uniqueTitle('오프라인 새 콜북');
    made.push(title);
    // With the service worker: after saving offline the app moves on to /profile, whose code
    // comes from the worker's precache when there is no network.
    const { context, page, errors } = await openApp(browser, PHONE, { path: PATH, login: FAN });
    await page.getByTestId('book-add-mobile').waitFor();
    await waitForOutboxEmpty(page);
    const step = page.getByTestId('book-step');
    const next = page.getByTestId('book-next');
    const titleInput = page.getByTestId('book-title');
    const confirmTitle = page.getByTestId('book-title-confirm');
    const thumb = page.getByTestId('book-thumb-input');
    const save = page.getByTestId('book-save');

    // step 1: Next and the title wait for a group
    expect(await step.textContent()).toBe(ko.collectBookAdd.step(1, 3));
    expect(await axeViolations(page)).toEqual([]);
    expect(await next.isDisabled()).toBe(true);
    expect(await titleInput.isDisabled()).toBe(true);
    await groupTile(page, group.groupName).click();
    expect(await next.isEnabled()).toBe(true);
    expect(await titleInput.isEnabled()).toBe(true);
    await next.click();
    expect(await step.textContent()).toBe(ko.collectBookAdd.step(2, 3));

    // step 2: '확인' waits for a title, the image for '확인', save for an image
    expect(await page.getByLabel(ko.collectBook.titleLabel).count()).toBe(1);
    expect(await confirmTitle.isDisabled()).toBe(true);
    expect(await thumb.isDisabled()).toBe(true);
    await titleInput.fill('   ');
    expect(await confirmTitle.isDisabled()).toBe(true);
    await titleInput.fill('지울 제목');
    expect(await confirmTitle.isEnabled()).toBe(true);
    expect(await thumb.isDisabled()).toBe(true);
    await confirmTitle.click();
    expect(await thumb.isEnabled()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await thumb.setInputFiles(cover());
    await page.getByTestId('book-thumb-preview').waitFor();
    expect(await save.isEnabled()).toBe(true);

    // Previous resets step 2; the group stays chosen
    await page.getByTestId('book-previous').click();
    expect(await step.textContent()).toBe(ko.collectBookAdd.step(1, 3));
    expect(await page.getByRole('radio', { name: group.groupName, exact: true }).isChecked()).toBe(
      true,
    );
    expect(await titleInput.inputValue()).toBe('');
    expect(await page.getByTestId('book-thumb-preview').count()).toBe(0);
    await next.click();
    expect(await confirmTitle.isDisabled()).toBe(true);
    expect(await thumb.isDisabled()).toBe(true);
    expect(await save.isDisabled()).toBe(true);

    // wrong files: told at once, nothing chosen, nothing queued
    await titleInput.fill(title);
    await titleInput.press('Enter'); // Enter confirms like '확인'
    expect(await thumb.isEnabled()).toBe(true);
    const error = page.getByTestId('book-thumb-error');
    await thumb.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    expect(await error.textContent()).toBe(ko.sync.imageInvalid);
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await save.isDisabled()).toBe(true);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    coverPng().copy(big);
    await thumb.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    expect(await error.textContent()).toBe(ko.sync.imageInvalid);
    expect(await save.isDisabled()).toBe(true);
    expect(await outboxCount(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // no signal: saved on the device, shown on the shelf with its own cover and a pending mark
    await context.setOffline(true);
    await page.getByText(ko.sync.offline).waitFor();
    await thumb.setInputFiles(cover());
    expect(await error.count()).toBe(0);
    await save.click();
    // the done step and its counter, read together in the page: the screen moves on to /profile
    // a moment later, sooner than a loaded machine's next round trip from the test
    // (the done slide is always in the page; its title is written once the book is saved)
    const done = await page.waitForFunction((title) => {
      const shown = document.querySelector('[data-testid="book-done"]');
      const counter = document.querySelector('[data-testid="book-step"]');
      return shown?.textContent?.includes(title) && counter
        ? [shown.textContent, counter.textContent ?? '']
        : null;
    }, ko.collectBookAdd.doneTitle);
    const [doneText, stepText] = (await done.jsonValue()) as [string, string];
    expect(doneText).toContain(ko.collectBookAdd.doneTitle);
    expect(stepText).toBe(ko.collectBookAdd.step(3, 3));
    await page.getByText(ko.collectBookAdd.savedOffline).waitFor();
    await page.waitForURL((u) => u.pathname === '/profile');
    const book = page.getByTestId('shelf-book').filter({ hasText: title });
    await book.waitFor();
    await expect.poll(() => book.getByTestId('shelf-cover').getAttribute('src')).toMatch(/^blob:/);
    await until(
      page,
      () => {
        const img = document.querySelector<HTMLImageElement>(
          '[data-testid="shelf-cover"][src^="blob:"]',
        );
        return !!img && img.complete && img.naturalWidth === 40;
      },
      null,
    );
    expect(await book.locator('[data-pending-mark="pending"]').count()).toBe(1);
    expect(await outboxCount(page)).toBe(1);
    expect(await serverBooks(title)).toHaveLength(0);

    // back online: sent exactly once, with its image
    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    const rows = await serverBooks(title);
    expect(rows).toHaveLength(1);
    expect(rows[0]!['group']).toBe(group.id);
    expect(rows[0]!['thumbNail']).toMatch(/\.png$/);
    await expect.poll(() => book.locator('[data-pending-mark]').count()).toBe(0);
    await closeClean(context, errors);
  });
});
