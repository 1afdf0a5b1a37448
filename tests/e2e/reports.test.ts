/**
 * The report pages (/informUs, photoCardSubmit, meetUpSubmit and its spelling meetupSubmit) in
 * Chromium against the real PocketBase, at a phone size and a desktop size: the hub's links, the
 * login prompt, each form revealing its questions in order and keeping submit hidden until all
 * required answers are in, refused files and links, a photo card report sent online (success
 * modal, OK → /informUs) and a meetup report made offline (saved modal, sent once when back
 * online). The Daum postcode script cannot load here (nothing leaves 127.0.0.1), so the address
 * is the plain field. What the server holds is read with a superuser client; the reports made
 * here are deleted afterwards.
 *
 * Then, at a phone size, a fan's own report in the hub's list: its image (a protected file,
 * fetched with a file token) shown online and after a reload offline, and deleted from the list
 * online and offline (sent once when back online, its file gone from the server).
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import PocketBaseClient from 'pocketbase';
import { openApp, PASSWORD, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const FAN = 'fan1@example.com';
const OTHER_FAN = 'fan2@example.com';
const ADMIN = 'admin@example.com';

let browser: Browser;
let admin: PocketBase;
const made: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
});

afterAll(async () => {
  for (const id of made)
    await admin
      .collection('informUs')
      .delete(id)
      .catch(() => undefined);
  await browser?.close();
});

function imagePng(): Buffer {
  const png = new PNG({ width: 30, height: 40 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 120;
    png.data[i + 1] = 60 + ((i / 4) % 30) * 5;
    png.data[i + 2] = 200;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

const image = () => ({ name: 'report.png', mimeType: 'image/png', buffer: imagePng() });
const textFile = () => ({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

const path = (p: Page) => decodeURIComponent(new URL(p.url()).pathname);
const dialog = (p: Page) => p.locator('dialog[open]');
const q = (p: Page, name: string) => p.getByTestId(`report-${name}`);
const input = (p: Page, name: string) => p.getByTestId(`report-${name}-input`);
const outboxCount = (p: Page) => p.evaluate(() => window.__pocamarket.db.outbox.count());

const serverReports = (filter: string, params: Record<string, string>) =>
  admin.collection('informUs').getFullList({ filter: admin.filter(filter, params) });

/**
 * Console errors we expect: requests refused while offline, and the Daum postcode script that
 * cannot be fetched in this sandbox.
 */
const unexpected = (errors: string[]) =>
  errors.filter(
    (e) => !/ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|ERR_FAILED|Failed to fetch/.test(e),
  );

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(unexpected(errors)).toEqual([]);
  await context.close();
}

/** Only the first `n` of `names` are on screen. */
async function expectShown(page: Page, names: readonly string[], n: number) {
  for (const [i, name] of names.entries()) {
    expect(await q(page, name).count(), `${name} shown?`).toBe(i < n ? 1 : 0);
  }
}

const submitButton = (p: Page): Locator => p.getByTestId('report-submit');

const PHOCA_ORDER = ['image', 'group', 'artistName', 'phocaType', 'phocaTitle'] as const;
const MEETUP_ORDER = [
  'image',
  'artistName',
  'group',
  'cafeName',
  'address',
  'duration',
  'source',
] as const;

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('reports at %s size', (size, viewport) => {
  it('the hub links to both forms; both spellings of the meetup form; logged out, a login prompt', async () => {
    const { context, page, errors } = await openApp(browser, viewport, {
      path: '/informUs',
      serviceWorker: false,
    });
    await page.getByRole('heading', { level: 1, name: ko.screens.informUs }).waitFor();
    const phoca = page.getByTestId('report-link-phoca');
    const meetup = page.getByTestId('report-link-meetup');
    expect(await phoca.getAttribute('href')).toBe('/informUs/photoCardSubmit');
    expect(await meetup.getAttribute('href')).toBe('/informUs/meetUpSubmit');
    expect(await axeViolations(page)).toEqual([]);

    await phoca.click();
    await page.waitForURL((u) => u.pathname === '/informUs/photoCardSubmit');
    await page.getByRole('heading', { level: 1, name: ko.screens.photoCardSubmit }).waitFor();
    const prompt = page.getByTestId('report-logged-out');
    await prompt.getByText(ko.messages.loginRequired).waitFor();
    expect(await prompt.getByRole('link').getAttribute('href')).toBe('/login');
    expect(await page.getByTestId('report-form-phoca').count()).toBe(0);

    for (const spelling of ['/informUs/meetUpSubmit', '/informUs/meetupSubmit']) {
      await page.goto(spelling);
      await page.getByRole('heading', { level: 1, name: ko.screens.meetUpSubmit }).waitFor();
      await page.getByTestId('report-logged-out').waitFor();
      expect(await page.getByTestId('report-form-meetup').count()).toBe(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await closeClean(context, errors);
  });

  // behaviour, not layout: once, at phone size
  it.runIf(viewport === PHONE)(
    'photo card report: questions in order, a refused image, sent online → success → /informUs',
    async () => {
      const title = unique(`${size} 앨범 포카`);
      const { context, page, errors } = await openApp(browser, viewport, {
        path: '/informUs/photoCardSubmit',
        login: FAN,
        serviceWorker: false,
      });
      await page.getByTestId('report-form-phoca').waitFor();
      await waitForOutboxEmpty(page);
      await expectShown(page, PHOCA_ORDER, 1);
      expect(await submitButton(page).count()).toBe(0);

      // a wrong file: told at once, nothing chosen, the next question stays hidden
      await page.getByTestId('report-image-input').setInputFiles(textFile());
      const imageError = page.getByTestId('report-image-error');
      expect(await imageError.textContent()).toBe(ko.sync.imageInvalid);
      expect(await imageError.getAttribute('role')).toBe('alert');
      await expectShown(page, PHOCA_ORDER, 1);
      const big = Buffer.alloc(5 * 1024 * 1024 + 1);
      imagePng().copy(big);
      await page
        .getByTestId('report-image-input')
        .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
      expect(await imageError.textContent()).toBe(ko.sync.imageInvalid);
      await expectShown(page, PHOCA_ORDER, 1);

      await page.getByTestId('report-image-input').setInputFiles(image());
      await expect
        .poll(() => page.getByTestId('report-image-preview').getAttribute('src'))
        .toMatch(/^blob:/);
      expect(await imageError.count()).toBe(0);
      await expectShown(page, PHOCA_ORDER, 2);
      // focus moved on to the next question
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('report-group-input');
      // blanks do not answer a question
      await input(page, 'group').fill('   ');
      await expectShown(page, PHOCA_ORDER, 2);
      await input(page, 'group').fill('RIIZE');
      await expectShown(page, PHOCA_ORDER, 3);
      expect(await page.locator('datalist option[value="RIIZE"]').count()).toBe(1);
      await input(page, 'artistName').fill('원빈');
      await expectShown(page, PHOCA_ORDER, 4);
      const types = q(page, 'phocaType').getByRole('radio');
      expect((await q(page, 'phocaType').textContent())?.replace(/\s/g, '')).toContain(
        ko.photoCardTypes.join(''),
      );
      expect(await types.count()).toBe(5);
      expect(await submitButton(page).count()).toBe(0);
      await q(page, 'phocaType').getByText('팬싸', { exact: true }).click();
      await expectShown(page, PHOCA_ORDER, 5);
      expect(await submitButton(page).count()).toBe(0);
      await input(page, 'phocaTitle').fill(title);
      await submitButton(page).waitFor();

      // clearing an earlier answer hides submit again (the later questions stay)
      await input(page, 'artistName').fill('');
      expect(await submitButton(page).count()).toBe(0);
      await expectShown(page, PHOCA_ORDER, 5);
      await input(page, 'artistName').fill('원빈');
      await submitButton(page).waitFor();
      expect(await outboxCount(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      await submitButton(page).click();
      const modal = dialog(page);
      await modal.getByText(ko.messages.photoCardReportDone, { exact: true }).waitFor();
      expect(await page.getByTestId('report-result-message').textContent()).toBe(
        ko.messages.photoCardReportDone,
      );
      expect(await axeViolations(page)).toEqual([]);
      await modal.getByRole('button', { name: ko.reports.ok }).click();
      await page.waitForURL((u) => u.pathname === '/informUs');
      expect(path(page)).toBe('/informUs');

      const rows = await serverReports('phocaTitle = {:t}', { t: title });
      made.push(...rows.map((r) => r.id));
      expect(rows).toHaveLength(1);
      const row = rows[0] as RecordModel;
      expect(row['type']).toBe('phoca');
      expect(row['group']).toBe('RIIZE');
      expect(row['artistName']).toBe('원빈');
      expect(row['phocaType']).toBe('팬싸');
      expect(row['phocaImg']).toMatch(/\.png$/);
      const owner = await admin.collection('users').getOne(row['user'] as string);
      expect(owner['email']).toBe(FAN);

      // the hub lists it under the fan's own reports, with its image
      const mine = page.locator(`[data-testid="report-item"][data-id="${row.id}"]`);
      await mine.waitFor();
      expect(await mine.textContent()).toContain(title);
      await expect
        .poll(() => mine.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await closeClean(context, errors);

      // an admin's hub lists every report received, this one included; fan2's lists none of fan1's
      const adminApp = await openApp(browser, viewport, {
        path: '/informUs',
        login: ADMIN,
        serviceWorker: false,
      });
      await adminApp.page.locator(`[data-testid="report-item"][data-id="${row.id}"]`).waitFor();
      expect(await adminApp.page.locator('#report-list-title').textContent()).toContain(
        '받은 제보',
      );
      await adminApp.context.close();
      const other = await openApp(browser, viewport, {
        path: '/informUs',
        login: OTHER_FAN,
        serviceWorker: false,
      });
      await other.page.getByTestId('report-link-phoca').waitFor();
      await waitForOutboxEmpty(other.page);
      expect(
        await other.page.locator(`[data-testid="report-item"][data-id="${row.id}"]`).count(),
      ).toBe(0);
      await other.context.close();
    },
  );

  // the server's refusal is handled the same at both sizes: once, on a phone
  it.runIf(viewport === PHONE)(
    'a report the server refuses: the failure modal, OK only closes, the answers stay',
    async () => {
      const title = unique(`${size} 거절될 포카`);
      const { context, page, errors, userId } = await openApp(browser, viewport, {
        path: '/informUs/photoCardSubmit',
        login: FAN,
        serviceWorker: false,
      });
      await page.getByTestId('report-form-phoca').waitFor();
      // The app checks everything the server's rules do (a page renamed .png included: it is
      // refused when picked), so a refusal here has to come from the server itself: its create
      // rule is closed to this fan until the test ends.
      await page.getByTestId('report-image-input').setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a png'),
      });
      expect(await page.getByTestId('report-image-error').textContent()).toBe(ko.sync.imageInvalid);
      await page.getByTestId('report-image-input').setInputFiles(image());
      await page.getByTestId('report-image-preview').waitFor();
      await input(page, 'group').fill('RIIZE');
      await input(page, 'artistName').fill('원빈');
      await q(page, 'phocaType').getByText('기타', { exact: true }).click();
      await input(page, 'phocaTitle').fill(title);

      const rule = (await admin.collections.getOne('informUs')).createRule;
      await admin.collections.update('informUs', {
        createRule: `@request.auth.id != "${userId}" && (${rule})`,
      });
      try {
        await submitButton(page).click();
        const modal = dialog(page);
        await modal.getByText(ko.messages.photoCardReportFailed, { exact: true }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await modal.getByRole('button', { name: ko.reports.ok }).click();
        await modal.waitFor({ state: 'detached' });
      } finally {
        await admin.collections.update('informUs', { createRule: rule });
      }
      expect(path(page)).toBe('/informUs/photoCardSubmit');
      expect(await input(page, 'phocaTitle').inputValue()).toBe(title);
      expect(await submitButton(page).isEnabled()).toBe(true);
      expect(await serverReports('phocaTitle = {:t}', { t: title })).toHaveLength(0);
      // the modal said it: the app-wide toast for refused changes stays quiet for this one
      await page.waitForTimeout(500);
      expect(await page.getByText(ko.messages.photoCardReportFailed).count()).toBe(0);
      // expected here: the refusal itself, and the 404 of the rollback reading the server's copy
      await closeClean(
        context,
        errors.filter((e) => !/status of (400 \(Bad Request\)|404 \(Not Found\))/.test(e)),
      );
    },
  );

  // behaviour, not layout: once, at phone size
  it.runIf(viewport === PHONE)(
    'meetup report: questions in order, a refused link, made offline → saved → sent once online',
    async () => {
      const cafe = unique(`${size} 카페`);
      // With the service worker: after saving offline the app moves on to /informUs, whose code
      // comes from the worker's precache when there is no network.
      const { context, page, errors } = await openApp(browser, viewport, {
        path: '/informUs/meetUpSubmit',
        login: FAN,
      });
      await page.getByTestId('report-form-meetup').waitFor();
      await waitForOutboxEmpty(page);
      await expectShown(page, MEETUP_ORDER, 1);

      // no signal from here on: the postcode panel cannot load, the plain address field is used
      await context.setOffline(true);
      await page.getByText(ko.sync.offline).first().waitFor();

      await page.getByTestId('report-image-input').setInputFiles(textFile());
      expect(await page.getByTestId('report-image-error').textContent()).toBe(ko.sync.imageInvalid);
      await expectShown(page, MEETUP_ORDER, 1);
      await page.getByTestId('report-image-input').setInputFiles(image());
      await page.getByTestId('report-image-preview').waitFor();
      await expectShown(page, MEETUP_ORDER, 2);
      await input(page, 'artistName').fill('원빈');
      await expectShown(page, MEETUP_ORDER, 3);
      await input(page, 'group').fill('RIIZE');
      await expectShown(page, MEETUP_ORDER, 4);
      await input(page, 'cafeName').fill(cafe);
      await expectShown(page, MEETUP_ORDER, 5);
      expect(await page.getByTestId('report-address-search').count()).toBe(0);
      expect(await input(page, 'address').getAttribute('readonly')).toBeNull();
      // the detail alone does not answer the address
      await page.getByTestId('report-address-detail').fill('  2층  ');
      await expectShown(page, MEETUP_ORDER, 5);
      await input(page, 'address').fill(' 서울 마포구 양화로 45 ');
      await expectShown(page, MEETUP_ORDER, 6);
      await input(page, 'duration').fill('2026.12.01 - 2026.12.03');
      await expectShown(page, MEETUP_ORDER, 7);
      expect(await input(page, 'source').getAttribute('type')).toBe('url');

      // a link that is not http(s): refused with a Korean message, submit stays hidden
      for (const bad of ['x.com/pocamarket', 'ftp://files.example.com/a']) {
        await input(page, 'source').fill(bad);
        await input(page, 'source').blur();
        expect(await page.getByTestId('report-source-error').textContent()).toBe(
          ko.reports.sourceInvalid,
        );
        expect(await input(page, 'source').getAttribute('aria-invalid')).toBe('true');
        expect(await submitButton(page).count()).toBe(0);
      }
      await input(page, 'source').fill('https://x.com/pocamarket/status/1');
      expect(await page.getByTestId('report-source-error').count()).toBe(0);
      await submitButton(page).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await submitButton(page).click();
      const modal = dialog(page);
      await modal.getByText(ko.reports.savedOffline, { exact: true }).waitFor();
      expect(await outboxCount(page)).toBe(1);
      expect(await serverReports('cafeName = {:c}', { c: cafe })).toHaveLength(0);
      // Esc answers like '확인'
      await page.keyboard.press('Escape');
      await page.waitForURL((u) => u.pathname === '/informUs');

      // back online: sent exactly once, with its image and the joined address
      await context.setOffline(false);
      await waitForOutboxEmpty(page);
      const rows = await serverReports('cafeName = {:c}', { c: cafe });
      made.push(...rows.map((r) => r.id));
      expect(rows).toHaveLength(1);
      const row = rows[0] as RecordModel;
      expect(row['type']).toBe('meetup');
      expect(row['cafeAddress']).toBe('서울 마포구 양화로 45 2층');
      expect(row['artistName']).toBe('원빈');
      expect(row['group']).toBe('RIIZE');
      expect(row['meetUpDuration']).toBe('2026.12.01 - 2026.12.03');
      expect(row['SourceURL_']).toBe('https://x.com/pocamarket/status/1');
      expect(row['meetUpImg']).toMatch(/\.png$/);
      expect(await page.evaluate(() => window.__pocamarket.db.deadLetters.count())).toBe(0);
      await closeClean(context, errors);
    },
  );
});

describe('a fan’s own reports in the list: images and delete', () => {
  /** A report made by the fan themselves (their own client), as the server stores it. */
  async function reportAs(email: string, title: string): Promise<RecordModel> {
    const pb = new PocketBaseClient(baseUrl());
    pb.autoCancellation(false);
    await pb.collection('users').authWithPassword(email, PASSWORD);
    const body = new FormData();
    body.set('user', pb.authStore.record!.id);
    body.set('type', 'phoca');
    body.set('group', 'RIIZE');
    body.set('artistName', '원빈');
    body.set('phocaType', '앨범');
    body.set('phocaTitle', title);
    body.set('phocaImg', new Blob([new Uint8Array(imagePng())], { type: 'image/png' }), 'r.png');
    const record = await pb.collection('informUs').create(body);
    made.push(record.id);
    return record;
  }

  const row = (p: Page, id: string) => p.locator(`[data-testid="report-item"][data-id="${id}"]`);
  const painted = (p: Page, id: string) =>
    row(p, id)
      .locator('img')
      .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
  const onServer = (id: string) =>
    admin
      .collection('informUs')
      .getOne(id)
      .then(
        () => true,
        (err: { status?: number }) => (err.status === 404 ? false : Promise.reject(err)),
      );

  async function confirmDelete(page: Page, id: string) {
    await row(page, id).getByTestId('report-delete').click();
    await dialog(page).getByText(ko.reports.deleteConfirm).waitFor();
    await dialog(page).getByRole('button', { name: ko.reports.delete }).click();
    await dialog(page).waitFor({ state: 'detached' });
  }

  it('the image shows with a file token online, and after a reload offline', async () => {
    const title = unique('토큰 포카');
    const report = await reportAs(FAN, title);
    // the file is protected: nobody gets it by its URL alone
    const plain = `/api/files/informUs/${report.id}/${report['phocaImg'] as string}`;
    expect([403, 404]).toContain((await fetch(new URL(plain, baseUrl()))).status);

    // with the service worker: the page is reloaded offline, the image from its cache
    const { context, page, errors } = await openApp(browser, PHONE, {
      path: '/informUs',
      login: FAN,
    });
    await row(page, report.id).waitFor();
    await expect.poll(() => painted(page, report.id)).toBe(30);
    const src = await row(page, report.id).locator('img').getAttribute('src');
    expect(src).toContain(`${plain}?token=`);
    expect(await axeViolations(page)).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => !!window.__pocamarket);
    await row(page, report.id).waitFor();
    // no token can be had offline: the worker's copy answers the token-less URL
    await expect.poll(() => row(page, report.id).locator('img').getAttribute('src')).toBe(plain);
    // the report's own 30×40 image, not the worker's 300 px offline placeholder
    await expect.poll(() => painted(page, report.id)).toBe(30);
    await context.setOffline(false);
    await closeClean(context, errors);
  });

  it('deleted from the list online: gone here and on the server', async () => {
    const report = await reportAs(FAN, unique('지울 포카'));
    const { context, page, errors } = await openApp(browser, PHONE, {
      path: '/informUs',
      login: FAN,
      serviceWorker: false,
    });
    await row(page, report.id).waitFor();
    // cancelling keeps it
    await row(page, report.id).getByTestId('report-delete').click();
    await dialog(page).getByRole('button', { name: ko.dialog.cancel }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await row(page, report.id).count()).toBe(1);

    await confirmDelete(page, report.id);
    await row(page, report.id).waitFor({ state: 'detached' });
    await page.getByText(ko.reports.deleted).first().waitFor();
    await waitForOutboxEmpty(page);
    expect(await onServer(report.id)).toBe(false);
    expect(await page.evaluate(() => window.__pocamarket.db.deadLetters.count())).toBe(0);
    await closeClean(context, errors);
  });

  it('deleted offline: gone at once, sent once when back online', async () => {
    const report = await reportAs(FAN, unique('오프라인 삭제'));
    // no service worker: the page stays open offline, and sends the delete itself once online
    const { context, page, errors } = await openApp(browser, PHONE, {
      path: '/informUs',
      login: FAN,
      serviceWorker: false,
    });
    await row(page, report.id).waitFor();
    await waitForOutboxEmpty(page);
    await context.setOffline(true);
    await page.getByText(ko.sync.offline).first().waitFor();

    await confirmDelete(page, report.id);
    await row(page, report.id).waitFor({ state: 'detached' });
    expect(await outboxCount(page)).toBe(1);
    expect(await onServer(report.id)).toBe(true);

    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    expect(await onServer(report.id)).toBe(false);
    expect(await page.evaluate(() => window.__pocamarket.db.deadLetters.count())).toBe(0);
    expect(await row(page, report.id).count()).toBe(0);
    await closeClean(context, errors);
  });
});
