/**
 * The account screens in Chromium against the real PocketBase: /login, /loginInfo (logout and
 * leaving the service), /profileSetting and its 'coming soon' pages, /myBias and the profile's
 * collect-book shelf. What the server ends up holding is read with a superuser client.
 */
import type PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, PASSWORD, superuserClient, until, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';

type Viewport = typeof PHONE | typeof DESKTOP;

/** A 1×1 PNG, for a thumbnail. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

let browser: Browser;
let admin: PocketBase;
let groups: { id: string; groupName: string }[];
let fan2: { id: string; biasGroup: string };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  groups = (await admin.collection('groups').getFullList({ sort: 'created' })).map((g) => ({
    id: g.id,
    groupName: g['groupName'] as string,
  }));
  const u = await admin
    .collection('users')
    .getFirstListItem(admin.filter('email = {:e}', { e: 'fan2@example.com' }));
  fan2 = { id: u.id, biasGroup: u['biasGroup'] as string };
});

afterAll(async () => {
  // fan2's favourite group goes back to what the seed gave it
  if (fan2) await admin.collection('users').update(fan2.id, { biasGroup: fan2.biasGroup });
  await browser?.close();
});

const path = (p: Page) => decodeURIComponent(new URL(p.url()).pathname);
const h1 = (p: Page) => p.locator('h1').first().textContent();
const dialog = (p: Page) => p.locator('dialog[open]');

/** Waits for the confirm dialog with `message` and presses `button`. */
async function answer(p: Page, message: string, button: string) {
  await dialog(p).getByText(message).waitFor();
  await dialog(p).getByRole('button', { name: button, exact: true }).click();
  await dialog(p).waitFor({ state: 'detached' });
}

/**
 * Console errors the browser itself logs for answers we expect: a refused login, offline, and a
 * realtime subscription sent while the session ends (403: PocketBase refuses a subscription whose
 * authorization differs from the connection's, here opened with the account just deleted or
 * logged out; the client then reconnects as a guest).
 */
const expected = (errors: string[]) =>
  errors.filter(
    (e) =>
      !/status of 400|ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/.test(e) &&
      !/status of 403 .*\/api\/realtime\)$/.test(e),
  );

async function closeClean(context: BrowserContext, errors: string[], allowExpected = false) {
  expect(allowExpected ? expected(errors) : errors).toEqual([]);
  await context.close();
}

async function expectAxeClean(p: Page) {
  expect(await axeViolations(p)).toEqual([]);
}

const hasSession = (p: Page) =>
  p.evaluate(async () => !!(await window.__pocamarket.db.auth.get('session')));

const profileTab = (p: Page, viewport: Viewport) =>
  p
    .getByRole('navigation', { name: viewport === PHONE ? ko.nav.tabsLabel : ko.nav.mainLabel })
    .getByRole('link', { name: viewport === PHONE ? ko.nav.tabs.profile : ko.nav.desktop.profile });

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('accounts at %s size', (_name, viewport) => {
  // the form and its messages are the same at both sizes: checked once, on a phone
  it.runIf(viewport === PHONE)(
    'login: required fields, then the exact failure message for a wrong password',
    async () => {
      const {
        context,
        page: p,
        errors,
      } = await openApp(browser, viewport, {
        path: '/login',
        serviceWorker: false,
      });
      await p.getByTestId('login-form').waitFor();
      await expectAxeClean(p);

      await p.getByTestId('login-submit').click();
      await p.getByText(ko.login.emailRequired).waitFor();
      expect(await p.getByTestId('login-email').getAttribute('aria-invalid')).toBe('true');
      await p.getByTestId('login-email').fill('fan1@example.com');
      await p.getByTestId('login-submit').click();
      await p.getByText(ko.login.passwordRequired).waitFor();

      await p.getByTestId('login-password').fill('wrong-password-1');
      await p.getByTestId('login-submit').click();
      const alert = p.getByRole('alert').filter({ hasText: ko.messages.loginFailed });
      await alert.waitFor();
      expect(await alert.textContent()).toBe(ko.messages.loginFailed);
      expect(path(p)).toBe('/login');
      expect(await hasSession(p)).toBe(false);
      await expectAxeClean(p);
      await closeClean(context, errors, true);
    },
  );

  it('login: success goes home, the profile tab then opens /profile with the shelf', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, viewport, {
      path: '/Login',
      serviceWorker: false,
    });
    await p.getByTestId('login-email').fill('fan1@example.com');
    await p.getByTestId('login-password').fill(PASSWORD);
    await p.getByTestId('login-submit').click();
    await p.waitForURL((u) => u.pathname === '/');
    expect(await hasSession(p)).toBe(true);
    // the collect books came with the login's pull
    await until(p, async () => (await window.__pocamarket.db.collectBook.count()) > 0, null);

    await profileTab(p, viewport).click();
    await p.waitForURL((u) => u.pathname === '/profile');
    const shelf = p.getByTestId('collect-book-shelf');
    const book = shelf.getByTestId('shelf-book').filter({ hasText: 'RIIZE 콜렉트북' });
    await book.waitFor();
    await expect
      .poll(() =>
        book
          .getByTestId('shelf-cover')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await book.getByTestId('shelf-cover').getAttribute('src')).toContain('thumb=100x135');
    expect(decodeURIComponent((await book.getAttribute('href'))!)).toMatch(
      /^\/collectBook\/RIIZE\/[a-z0-9]+\/RIIZE 콜렉트북$/,
    );
    expect(await shelf.getByTestId('shelf-add').getAttribute('href')).toBe(
      '/collectBook/collectBookAdd',
    );
    expect(await p.getByTestId('profile-guide').getAttribute('href')).toBe('/guide');
    expect(await p.getByTestId('profile-report').getAttribute('href')).toBe('/informUs');
    await expectAxeClean(p);

    // /login now says who is signed in and leads to the profile
    await p.goto('/login');
    await p.getByTestId('login-already').getByText('별빛포카').first().waitFor();
    await closeClean(context, errors);
  });

  // the same dialog and session handling at both sizes: checked once, on a phone
  it.runIf(viewport === PHONE)(
    'logout asks first: 아니오 keeps the session, 예 logs out with a toast to /login',
    async () => {
      // without a service worker: logout ends this device's push subscription first and must not
      // wait for a worker that never registered
      const {
        context,
        page: p,
        errors,
      } = await openApp(browser, viewport, {
        path: '/loginInfo',
        login: 'fan2@example.com',
        serviceWorker: false,
      });
      await p.getByTestId('login-info-email').getByText('fan2@example.com').waitFor();
      await p.getByRole('heading', { name: ko.loginInfo.socialTitle }).waitFor();
      await p.getByText(ko.loginInfo.socialNone).waitFor();
      await expectAxeClean(p);

      await p.getByTestId('logout-button').click();
      await answer(p, ko.confirm.logout, ko.common.no);
      expect(path(p)).toBe('/loginInfo');
      expect(await hasSession(p)).toBe(true);

      await p.getByTestId('logout-button').click();
      await answer(p, ko.confirm.logout, ko.common.yes);
      await p.getByText(ko.confirm.logoutDone).waitFor();
      await p.waitForURL((u) => u.pathname === '/login');
      await p.getByTestId('login-form').waitFor();
      expect(await hasSession(p)).toBe(false);
      await until(p, () => window.__pocamarket.engine.getStatus().userId === null, null);
      await closeClean(context, errors);
    },
  );
});

describe('accounts, once', () => {
  it('deletes a throwaway account: offline it refuses, online it is gone', async () => {
    // without a service worker: like logout, deleting ends the device's push subscription first
    // and must not wait for a worker that never registered
    const email = `leaver-${Date.now()}@example.com`;
    const user = await admin.collection('users').create({
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      verified: true,
      name: '탈퇴테스트',
    });
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/loginInfo',
      login: email,
      serviceWorker: false,
    });
    await p.getByTestId('login-info-email').getByText(email).waitFor();

    // 아니오: nothing happens
    await p.getByTestId('delete-account').click();
    await answer(p, ko.confirm.deleteAccount, ko.common.no);
    expect((await admin.collection('users').getOne(user.id)).id).toBe(user.id);

    // offline: a clear message, the account and the session stay
    await context.setOffline(true);
    await p.getByTestId('delete-account').click();
    await answer(p, ko.confirm.deleteAccount, ko.common.yes);
    await p.getByRole('alert').getByText(ko.loginInfo.deleteOffline).waitFor();
    expect((await admin.collection('users').getOne(user.id)).id).toBe(user.id);
    expect(await hasSession(p)).toBe(true);
    await context.setOffline(false);

    await p.getByTestId('delete-account').click();
    await answer(p, ko.confirm.deleteAccount, ko.common.yes);
    await p.getByText(ko.confirm.deleteAccountDone).waitFor();
    await p.waitForURL((u) => u.pathname === '/login');
    await expect(admin.collection('users').getOne(user.id)).rejects.toMatchObject({ status: 404 });
    expect(await hasSession(p)).toBe(false);
    await closeClean(context, errors, true);
  });

  it("the shelf shows a queued book's own cover, and the group logo when it has none", async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/profile',
      login: 'fan2@example.com',
      serviceWorker: false,
    });
    await p.getByTestId('shelf-add').waitFor();
    await context.setOffline(true);
    const riize = groups.find((g) => g.groupName === 'RIIZE')!;
    const other = groups.find((g) => g.groupName !== 'RIIZE')!;
    // made on this device while offline: never sent (the context is closed offline)
    await p.evaluate(
      async ({ riize, other, PNG_1PX }) => {
        const png = Uint8Array.from(atob(PNG_1PX), (c) => c.charCodeAt(0));
        const thumbNail = new Blob([png], { type: 'image/png' });
        const { repos } = window.__pocamarket;
        await repos.createCollectBook({ title: '오프라인 콜북', group: riize, thumbNail });
        await repos.createCollectBook({ title: '표지 없는 콜북', group: other });
      },
      { riize: riize.id, other: other.id, PNG_1PX },
    );
    const queued = p.getByTestId('shelf-book').filter({ hasText: '오프라인 콜북' });
    await expect
      .poll(() =>
        queued
          .getByTestId('shelf-cover')
          .evaluate((img: HTMLImageElement) => img.src.startsWith('blob:') && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await queued.locator('[data-pending-mark]').count()).toBe(1);
    const bare = p.getByTestId('shelf-book').filter({ hasText: '표지 없는 콜북' });
    await bare.getByTestId('shelf-fallback').getByText(other.groupName).waitFor();
    // the add tile stays last
    expect(
      await p
        .getByTestId('collect-book-shelf')
        .locator('li')
        .last()
        .getByTestId('shelf-add')
        .count(),
    ).toBe(1);
    await closeClean(context, errors, true);
  });

  it('logged out, /loginInfo asks to log in', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/loginInfo',
      serviceWorker: false,
    });
    await p.getByTestId('login-info-logged-out').waitFor();
    expect(await p.getByRole('link', { name: ko.loginInfo.loginLink }).getAttribute('href')).toBe(
      '/login',
    );
    await closeClean(context, errors);
  });

  it('find account mails a reset link', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/login',
      serviceWorker: false,
    });
    await p.getByRole('button', { name: ko.login.findAccount }).click();
    const sheet = p.getByTestId('find-account-sheet');
    await sheet.getByTestId('reset-email').fill('fan1@example.com');
    await sheet.getByTestId('reset-submit').click();
    await sheet.getByText(ko.login.resetSent).waitFor();
    await expectAxeClean(p);
    await closeClean(context, errors);
  });

  it('/myBias logged in: saved on the account, also offline, and kept across reloads', async () => {
    const [first, second] = groups.filter((g) => g.id !== fan2.biasGroup);
    // with the service worker: the page is reloaded offline
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/myBias',
      login: 'fan2@example.com',
    });
    const tile = (name: string) => p.getByTestId('bias-group').filter({ hasText: name });
    await tile(first!.groupName).waitFor();
    expect(await p.getByTestId('bias-group').count()).toBe(groups.length);
    await expectAxeClean(p);

    // the search narrows the grid (debounced)
    await p.getByTestId('card-search').fill(first!.groupName.slice(0, 3).toLowerCase());
    await expect.poll(() => p.getByTestId('bias-group').count()).toBeLessThan(groups.length);
    expect(await tile(first!.groupName).count()).toBe(1);

    await tile(first!.groupName).click();
    await answer(p, ko.confirm.chooseBias(first!.groupName), ko.dialog.confirm);
    await p.waitForURL((u) => u.pathname === '/profile');
    await waitForOutboxEmpty(p);
    await expect
      .poll(async () => (await admin.collection('users').getOne(fan2.id))['biasGroup'])
      .toBe(first!.id);

    await p.goto('/myBias');
    await expect.poll(() => tile(first!.groupName).getAttribute('aria-current')).toBe('true');

    // offline: chosen, shown after a reload, sent once the connection is back. The app learns
    // that the connection is back from the browser's 'online' event, so the page must have seen
    // it go first: a page that still believes it is online retries on its backoff timer instead
    // (up to 30 s apart), and the change arrives whenever that timer fires.
    await context.setOffline(true);
    await until(p, () => !window.__pocamarket.engine.getStatus().online, null);
    await p.reload();
    await p.waitForFunction(() => !!window.__pocamarket);
    await until(p, () => !navigator.onLine && !window.__pocamarket.engine.getStatus().online, null);
    await tile(second!.groupName).click();
    await answer(p, ko.confirm.chooseBias(second!.groupName), ko.dialog.confirm);
    await p.waitForURL((u) => u.pathname === '/profile');
    await p.goto('/myBias');
    await expect.poll(() => tile(second!.groupName).getAttribute('aria-current')).toBe('true');
    expect((await admin.collection('users').getOne(fan2.id))['biasGroup']).toBe(first!.id);
    await p.waitForFunction(() => !!window.__pocamarket);
    await until(p, () => !window.__pocamarket.engine.getStatus().online, null);
    await context.setOffline(false);
    await until(p, () => window.__pocamarket.engine.getStatus().online, null);
    await waitForOutboxEmpty(p);
    await expect
      .poll(async () => (await admin.collection('users').getOne(fan2.id))['biasGroup'])
      .toBe(second!.id);
    await closeClean(context, errors, true);
  });

  it('/myBias logged out: kept on this device across reloads (default RIIZE)', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, DESKTOP, {
      path: '/myBias',
      serviceWorker: false,
    });
    const tile = (name: string) => p.getByTestId('bias-group').filter({ hasText: name });
    await expect.poll(() => tile('RIIZE').getAttribute('aria-current')).toBe('true');
    const other = groups.find((g) => g.groupName !== 'RIIZE')!;
    await tile(other.groupName).click();
    await answer(p, ko.confirm.chooseBias(other.groupName), ko.dialog.confirm);
    await p.waitForURL((u) => u.pathname === '/profile');
    await p.getByTestId('profile-logged-out').waitFor();
    await p.goto('/myBias');
    await expect.poll(() => tile(other.groupName).getAttribute('aria-current')).toBe('true');
    expect(await p.evaluate(() => localStorage.getItem('pocamarket:bias'))).toBe(
      JSON.stringify(other.groupName),
    );
    await closeClean(context, errors);
  });

  it('/profileSetting: every entry opens a page of its own, never home; an unknown topic a coming-soon screen', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/profileSetting',
      serviceWorker: false,
    });
    await p.getByTestId('customer-centre-hours').getByText('9:00-16:00').waitFor();
    expect(await p.getByTestId('settings-version').textContent()).toMatch(/v\d+\.\d+\.\d+/);
    await expectAxeClean(p);
    const hrefs = await p
      .getByTestId('settings-link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs).not.toContain('/');
    // 회원정보 수정 (tests/e2e/profile.test.ts) and 내가 쓴 글 (tests/e2e/my-space.test.ts) have
    // screens of their own too
    expect(hrefs).toEqual(
      expect.arrayContaining(['/loginInfo', '/LikeDetail', '/editProfile', '/myPosts']),
    );
    // notification settings has a screen of its own (tests/e2e/alerts.test.ts)
    expect(hrefs).toContain('/settings/notifications');
    const topics = hrefs.filter(
      (h) => h.startsWith('/settings/') && h !== '/settings/notifications',
    );
    // the content pages have pages of their own (tests/e2e/content.test.ts): no entry is left
    // that opens a coming-soon screen
    expect(hrefs).toEqual(expect.arrayContaining(['/terms', '/privacy', '/notices', '/faq']));
    expect(topics).toEqual([]);
    // an unknown topic's address still gets the Korean coming-soon screen, with a way back
    await p.goto('/settings/someday');
    await expect.poll(() => h1(p)).toBe(ko.settings.unknownTopic);
    await p.getByText(ko.placeholder.body).waitFor();
    expect(await p.getByRole('button', { name: ko.common.back }).count()).toBe(1);
    await expectAxeClean(p);
    await closeClean(context, errors);
  });
});
