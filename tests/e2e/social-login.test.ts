/**
 * Social login journeys in Chromium against a local mock provider (tests/helpers/mock-oauth):
 * '카카오 로그인' and '네이버 로그인' on /login go to the provider, which approves at once and
 * sends the browser back; the app logs the user in (session in IndexedDB) and lands on /.
 * A second login from another device is the same user. A return the app did not start shows
 * '오류입니다'. Instagram has no credentials here, so its button is disabled and says why.
 *
 * The shared e2e server has no provider credentials, so this file starts its own PocketBase
 * serving the same build, with the mock's endpoints in its environment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DIST_DIR } from '../../server/pocketbase.ts';
import { ko } from '../../src/i18n/ko-features.ts';
import { waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { VIEWPORTS, launchBrowser, newContext, trackedPage } from '../helpers/browser.ts';
import { startMockOAuth, type MockFlavor, type MockOAuth } from '../helpers/mock-oauth.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';

let browser: Browser;
let mock: MockOAuth;
let server: TestServer;

beforeAll(async () => {
  mock = await startMockOAuth();
  server = await startTestServer({
    publicDir: DIST_DIR,
    env: { ...mock.env('kakao'), ...mock.env('naver') },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mock?.close();
});

/** A new device, without the service worker: nothing here goes offline (ContextOptions). */
async function openDevice(viewport: { width: number; height: number }) {
  const context = await newContext(browser, viewport, server.url, { serviceWorker: false });
  // the test handle (window.__pocamarket) to read the local session
  await context.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('pocamarket:test-api', '1');
  });
  const { page, errors } = await trackedPage(context);
  // the return screen logs why a login failed (console.warn): kept to say so when a login stalls
  page.on('console', (msg) => {
    if (msg.type() === 'warning' && !/service worker|\[sw\]/i.test(msg.text()))
      warnings.set(page, [...(warnings.get(page) ?? []), msg.text()]);
  });
  return { context, page, errors };
}

const warnings = new WeakMap<Page, string[]>();

/** What the server logged for the Naver code exchange, newest first (for a stalled login). */
async function naverExchanges(): Promise<string> {
  // PocketBase writes its logs in batches, every few seconds
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const admin = await server.admin();
  const logs = await admin.logs.getList(1, 10, {
    // the route's answers, and what naver.pb.js logged when a request to the provider failed
    filter: 'data.url ~ "/api/pocamarket/naver" || message ~ "Naver"',
    sort: '-created',
  });
  return (
    logs.items
      .map((l) => `${l.message} ${String(l.data['status'] ?? '')} ${String(l.data['error'] ?? '')}`)
      .join('; ') || 'none logged'
  );
}

/** The user id of the session stored in IndexedDB ('' when there is none). */
async function storedUserId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const p = window.__pocamarket as
      | { db: { auth: { get(k: string): Promise<{ record?: { id?: string } } | undefined> } } }
      | undefined;
    const row = await p?.db.auth.get('session');
    return row?.record?.id ?? '';
  });
}

const NO_BUTTONS =
  'an enabled social login button on /login (login-screen.tsx renders <SocialLoginButtons />)';

const LABEL: Record<MockFlavor, string> = {
  kakao: '카카오 로그인',
  naver: '네이버 로그인',
  instagram: '인스타그램 로그인',
};

/**
 * From /login through the provider and back; returns the logged-in user's id. A first login lands
 * on the 최애 step (docs/accounts.md, First login), which the fan skips; a later one goes home.
 */
async function socialLogin(page: Page, flavor: MockFlavor, first = false): Promise<string> {
  await page.goto('/login');
  const button = page.getByRole('button', { name: LABEL[flavor] });
  // /login renders <SocialLoginButtons />; enabled once the server said the provider is set up
  await expect
    .poll(() => button.isEnabled().catch(() => false), { timeout: 60_000, message: NO_BUTTONS })
    .toBe(true);
  await button.click();
  // The way there and back is three navigations and a code exchange between two servers: on a
  // busy machine it took more than a minute. Wait for where the page is, bounded by the test.
  // A stalled login says where the page is, what it shows, what it logged and what the server
  // answered to the code exchange.
  const reaches = async (path: string) => {
    try {
      await expect
        .poll(() => new URL(page.url()).pathname, { timeout: 150_000, message: `to reach ${path}` })
        .toBe(path);
    } catch (err) {
      const shown = await page
        .locator('main')
        .innerText({ timeout: 5_000 })
        .catch(() => '(no main)');
      throw new Error(
        `${String(err)}\nthe page shows: ${shown.replace(/\s+/g, ' ')}` +
          `\nthe page warned: ${(warnings.get(page) ?? []).join(' | ') || 'nothing'}` +
          `\nthe Naver exchanges: ${await naverExchanges().catch((e: unknown) => String(e))}`,
        { cause: err },
      );
    }
  };
  if (first) {
    await reaches('/welcomeBias');
    await page.getByRole('button', { name: ko.welcomeBias.later }).click();
    // the skip is kept on the server, so the next device goes straight home
    await waitForOutboxEmpty(page);
  }
  await reaches('/');
  await expect.poll(() => storedUserId(page), { timeout: 60_000 }).not.toBe('');
  return storedUserId(page);
}

async function usersWithEmail(email: string) {
  const admin = await server.admin();
  return admin
    .collection('users')
    .getFullList({ filter: admin.filter('email = {:email}', { email }) });
}

let closeLater: BrowserContext[] = [];
afterAll(async () => {
  for (const c of closeLater) await c.close();
  closeLater = [];
});

let attempt = 0;

// each provider once, and each size once: the flow is the providers', the layout the size's
describe('social login', () => {
  it.each([
    ['kakao', 'phone'],
    ['naver', 'desktop'],
  ] as const)(
    '%s at %s size: creates the user, logs in, and logs the same user in again',
    async (flavor, name) => {
      const viewport = VIEWPORTS[name];
      // a fresh provider account each attempt: a retry must not find the first attempt's user
      attempt += 1;
      const email = `${flavor}-${name}-${attempt}@example.com`;
      mock.setProfile(flavor, {
        id: flavor === 'kakao' ? `91000${attempt}` : `nv-${name}-${attempt}`,
        email,
        nickname: flavor === 'kakao' ? '카카오팬' : 'naverfan',
        name: '김네버',
      });

      const first = await openDevice(viewport);
      closeLater.push(first.context);
      const userId = await socialLogin(first.page, flavor, true);
      const created = await usersWithEmail(email);
      expect(created.map((u) => u.id)).toEqual([userId]);
      expect(first.errors).toEqual([]);

      const second = await openDevice(viewport);
      closeLater.push(second.context);
      expect(await socialLogin(second.page, flavor)).toBe(userId);
      expect((await usersWithEmail(email)).length).toBe(1);
      expect(second.errors).toEqual([]);
    },
    // two devices' round trips through the provider: their own bound
    480_000,
  );
});

describe('failures and unconfigured providers', () => {
  it('shows 오류입니다 for a return this tab did not start, with a way back to /login', async () => {
    const { context, page } = await openDevice(VIEWPORTS.phone);
    for (const path of ['/oauth2-redirect?code=abc&state=pm_forged', '/authNaver?code=a&state=b']) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('alert').first().textContent(), { timeout: 60_000 })
        .toBe('오류입니다');
      expect(await storedUserId(page)).toBe('');
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.getByRole('link', { name: '로그인 화면으로 돌아가기' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('fails when the provider refuses the code (state matched, code forged)', async () => {
    const { context, page } = await openDevice(VIEWPORTS.desktop);
    await page.goto('/login');
    const button = page.getByRole('button', { name: LABEL.kakao });
    await expect
      .poll(() => button.isEnabled().catch(() => false), { timeout: 60_000, message: NO_BUTTONS })
      .toBe(true);
    // start for real, but come back with a code the provider never issued
    await page.route(`${mock.url}/kakao/authorize**`, async (route) => {
      const url = new URL(route.request().url());
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'forged');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      await route.fulfill({ status: 302, headers: { Location: back.toString() } });
    });
    await button.click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 60_000 })
      .toBe('오류입니다');
    expect(await storedUserId(page)).toBe('');
    await context.close();
  });

  it('disables Instagram (no credentials), says why, and passes the accessibility audit', async () => {
    const { context, page } = await openDevice(VIEWPORTS.phone);
    await page.goto('/login');
    const kakao = page.getByRole('button', { name: LABEL.kakao });
    await expect.poll(() => kakao.isEnabled().catch(() => false), { timeout: 60_000 }).toBe(true);
    const instagram = page.getByRole('button', { name: LABEL.instagram });
    expect(await instagram.isDisabled()).toBe(true);
    expect(await page.getByText('아직 설정되지 않은 로그인 방법이에요').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
