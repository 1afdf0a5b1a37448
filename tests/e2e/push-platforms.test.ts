/**
 * Push on each platform, in Chromium against the real PocketBase serving the built app: the
 * iPhone guide in a Safari tab (docs/push.md, iPhone and iPad) and the subscription checked again
 * at each start (docs/push.md, The check at start).
 *
 * An iPhone's Safari tab is played by a context with its user agent and no PushManager (as iOS
 * has none outside a Home Screen app); Notification.requestPermission is replaced by a counter.
 *
 * Headless Chromium has no push service (pushManager.subscribe fails), so the page's PushManager
 * is replaced before the app loads by one that keeps its "subscription" (a real P-256 key and auth
 * secret, an FCM-like endpoint) in localStorage, where the test can drop it as a browser would
 * (tests/helpers/push-subscription.ts).
 * Everything else is the app's own: the settings screen's opt-in, the check at start after a
 * reload, and the server's `pushSubscriptions` records, read as a superuser.
 */
import { randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { openApp, PASSWORD, superuserClient, waitForFirstPull } from '../helpers/app.ts';
import { launchFullBrowser, newContext, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';
import {
  dropFakeSubscription,
  fakeSubscriptionEndpoint,
  installFakePushManager,
  p256PublicKey,
} from '../helpers/push-subscription.ts';

let browser: Browser;
let admin: PocketBase;
let fan: RecordModel | undefined;

const VAPID_PUBLIC = p256PublicKey();
const DEVICE = { p256dh: p256PublicKey(), auth: randomBytes(16).toString('base64url') };

beforeAll(async () => {
  browser = await launchFullBrowser();
  admin = await superuserClient();
  const tag = Math.random().toString(36).slice(2, 10);
  fan = await admin.collection('users').create({
    email: `push-recheck-${tag}@test.local`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: `pr${tag}`,
    name: '알림팬',
  });
});

afterAll(async () => {
  if (fan)
    await admin
      .collection('users')
      .delete(fan.id)
      .catch(() => {});
  await browser?.close();
});

/** The server's records of the fan's devices. */
const records = () =>
  admin.collection('pushSubscriptions').getFullList({ filter: `user = "${fan!.id}"` });

const endpoints = async () => (await records()).map((r) => r['endpoint'] as string);

/** Reloads the app: the data layer starts again, and with it the check. */
async function restart(page: Page) {
  await page.reload();
  await page.waitForFunction(() => !!window.__pocamarket, null, { timeout: 90_000 });
  await waitForFirstPull(page);
}

async function shot(page: Page, name: string) {
  const dir = process.env.ALERTS_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1';

describe('the push opt-in on an iPhone in Safari', () => {
  it('shows how to add the app to the Home Screen, and never asks for permission', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl(),
      locale: 'ko-KR',
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_SAFARI,
    });
    await context.addInitScript(() => {
      // iOS gives a browser tab no Push API
      delete (window as unknown as Record<string, unknown>)['PushManager'];
      (window as unknown as { __asked: number }).__asked = 0;
      Notification.requestPermission = () => {
        (window as unknown as { __asked: number }).__asked++;
        return Promise.resolve('denied');
      };
    });
    const { page, errors } = await openApp(browser, PHONE, {
      context,
      login: fan!['email'] as string,
      path: '/settings/notifications',
    });
    await page.goto('/settings/notifications');
    const guide = page.getByTestId('push-ios-guide');
    await guide.waitFor({ timeout: 60_000 });
    expect(await guide.getByRole('heading', { level: 2 }).textContent()).toBe(
      'iPhone에서 알림을 받으려면',
    );
    const steps = await guide.getByRole('listitem').allTextContents();
    expect(steps).toHaveLength(3);
    expect(steps[1]).toContain("'홈 화면에 추가'");
    // the share button drawn inline, named for screen readers
    expect(await guide.getByRole('img', { name: /^공유 버튼/ }).count()).toBe(1);
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
    await shot(page, 'push-ios-guide-phone');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the push subscription checked at start', () => {
  it('is made again when dropped or pruned, and its record deleted once notifications are blocked', async () => {
    const context = await newContext(browser, PHONE, baseUrl(), { serviceWorker: true });
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    // the shared test server has no VAPID keys (503): answer with a real P-256 key
    await context.route('**/api/push/public-key', (route) =>
      route.fulfill({ json: { publicKey: VAPID_PUBLIC } }),
    );
    await installFakePushManager(context, { keys: DEVICE });
    const { page, errors } = await openApp(browser, PHONE, {
      context,
      login: fan!['email'] as string,
    });

    // 1. the fan turns comment alerts on: the device's record, as the settings screen saves it
    await page.goto('/settings/notifications');
    const comment = page.getByRole('switch', { name: '내가 댓글 단 밋업의 새 댓글' });
    await expect.poll(() => comment.isEnabled(), { timeout: 60_000 }).toBe(true);
    await comment.click();
    await expect.poll(() => comment.isChecked(), { timeout: 60_000 }).toBe(true);
    const first = await fakeSubscriptionEndpoint(page);
    expect(first).toMatch(/^https:\/\/fcm\.googleapis\.com\//);
    expect(await records()).toEqual([
      expect.objectContaining({ endpoint: first, topics: ['comment'], keys: DEVICE }),
    ]);
    // the restarts below are on the home screen: what puts things right is the check at start
    // (the settings screen runs the same check before it reads)
    await page.goto('/');

    // 2. the push service said 410 and the dispatcher pruned the record; a day later the check
    //    finds it gone: a new subscription, saved with the fan's topics
    await admin.collection('pushSubscriptions').delete((await records())[0]!.id);
    await page.evaluate((userId) => {
      const key = `pocamarket:push-device:${userId}`;
      const mem = JSON.parse(localStorage.getItem(key)!) as { checkedAt: number };
      localStorage.setItem(key, JSON.stringify({ ...mem, checkedAt: Date.now() - 25 * 3600_000 }));
    }, fan!.id);
    await restart(page);
    await expect.poll(endpoints, { timeout: 60_000 }).toHaveLength(1);
    const second = await fakeSubscriptionEndpoint(page);
    expect(second).not.toBe(first);
    expect(await records()).toEqual([
      expect.objectContaining({ endpoint: second, topics: ['comment'] }),
    ]);

    // 3. the browser dropped its subscription: subscribed again, the old record replaced
    await dropFakeSubscription(page);
    await restart(page);
    await expect
      .poll(async () => (await endpoints()).some((e) => e !== second), { timeout: 60_000 })
      .toBe(true);
    const third = await fakeSubscriptionEndpoint(page);
    expect(third).not.toBeNull();
    await expect.poll(endpoints, { timeout: 60_000 }).toEqual([third]);
    expect((await records())[0]!['topics']).toEqual(['comment']);

    // 4. notifications blocked in the browser: the server's record goes, nothing is asked
    await context.clearPermissions();
    await restart(page);
    await expect.poll(endpoints, { timeout: 60_000 }).toEqual([]);
    expect(await fakeSubscriptionEndpoint(page)).toBeNull();

    // the settings screen agrees: nothing on for this device
    await page.goto('/settings/notifications');
    await page.getByRole('heading', { name: '알림 설정' }).waitFor();
    await expect.poll(() => comment.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
