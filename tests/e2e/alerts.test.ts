/**
 * Push alerts end to end, in Chromium against the real PocketBase serving the built app.
 *
 * Headless Chromium has no push service, so pushes are delivered with CDP
 * `ServiceWorker.deliverPushMessage` (the registration id comes from
 * `ServiceWorker.workerRegistrationUpdated`); the worker's `push` handler shows the notification
 * (read back with `registration.getNotifications()`) and stores it in the local inbox.
 *
 * A system notification can't be clicked from CDP or Playwright, so the click is driven by the
 * worker's 'notification-open' message, which runs the same code as its `notificationclick`
 * handler on a notification it is showing (sw/sw.ts openShownNotification).
 *
 * Screenshots of /alerts and /settings/notifications go to $ALERTS_SHOTS when it is set.
 */
import type PocketBase from 'pocketbase';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { openApp, superuserClient, until, waitForOutboxEmpty } from '../helpers/app.ts';
import { DESKTOP, launchFullBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';
import { p256PublicKey, registrationId } from '../helpers/push-subscription.ts';
import { pushPayload } from '../../server/push/payload.ts';

let browser: Browser;
let admin: PocketBase;
const created: string[] = [];

beforeAll(async () => {
  // push needs the full Chromium (its push service and notifications), not the shared shell
  browser = await launchFullBrowser();
  admin = await superuserClient();
});

afterAll(async () => {
  for (const id of created)
    await admin
      .collection('notifications')
      .delete(id)
      .catch(() => {});
  await browser?.close();
});

async function shot(page: Page, name: string) {
  const dir = process.env.ALERTS_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the page handle is untyped */
interface Push {
  id: string;
  title: string;
  body: string;
  url: string;
  topic: string;
  created: string;
}

async function deliver(cdp: CDPSession, regId: string, data: string): Promise<void> {
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseUrl(),
    registrationId: regId,
    data,
  });
}

type Shown = Awaited<ReturnType<typeof shown>>[number];

/**
 * Delivers `push` (a payload object, or raw text) and waits until the worker shows a notification
 * `seen` picks out (by default the one tagged with the push's id). About one run in six (alone,
 * with the full Chromium as before this helper as with it), a message delivered through DevTools'
 * push emulation never reaches the worker's push handler; the cause is not found yet. Such a
 * delivery is made again, at most twice, and said on the console; what the worker does with a
 * push it gets is still asserted in full after this.
 */
async function deliverUntilShown(
  cdp: CDPSession,
  regId: string,
  push: Push | string,
  page: Page,
  seen: (n: Shown) => boolean = (n) => typeof push !== 'string' && n.tag === push.id,
) {
  const data = typeof push === 'string' ? push : JSON.stringify(push);
  const name = typeof push === 'string' ? JSON.stringify(push) : push.id;
  for (let attempt = 1; ; attempt++) {
    await deliver(cdp, regId, data);
    const until = Date.now() + 6_000;
    while (Date.now() < until) {
      if ((await shown(page)).some(seen)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    if (attempt === 3) throw new Error(`push ${name} was not shown after 3 deliveries`);
    console.warn(`[alerts e2e] push ${name} not shown 6 s after delivery ${attempt}: again`);
  }
}

async function shown(page: Page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: (n as Notification & { badge?: string }).badge,
      lang: n.lang,
      data: n.data as { url: string; id: string },
    }));
  });
}

const localAlert = (page: Page, id: string) =>
  page.evaluate((id) => window.__pocamarket.db.notifications.get(id), id);

/** A server-side alert row for the user (as the fan-out hook would write it) and its push. */
async function serverAlert(userId: string, push: Omit<Push, 'id' | 'created'>): Promise<Push> {
  const rec = await admin.collection('notifications').create({
    user: userId,
    topic: push.topic,
    title: push.title,
    body: push.body,
    url: push.url,
    read: false,
    sentAt: new Date().toISOString(),
  });
  created.push(rec.id);
  return { ...push, id: rec.id, created: rec['created'] as string };
}

/** PATCHes of one notification record, from the page or the service worker. */
function countReads(context: BrowserContext, id: string): () => number {
  let n = 0;
  context.on('request', (req) => {
    if (
      req.method() === 'PATCH' &&
      req.url().includes(`/api/collections/notifications/records/${id}`)
    )
      n++;
  });
  return () => n;
}

const badgeLabel = (page: Page) =>
  page.evaluate(() => {
    const bells = [...document.querySelectorAll<HTMLElement>('a[href="/alerts"]')].filter((a) =>
      a.checkVisibility(),
    );
    return bells.map((a) => ({
      label: a.getAttribute('aria-label'),
      text: a.querySelector('[data-testid="alerts-badge"]')?.textContent ?? null,
    }));
  });

describe('push alerts', () => {
  it('shows a pushed alert, keeps it in /alerts with the badge, opens it and marks it read once', async () => {
    const { context, page, errors, userId } = await openApp(browser, PHONE, {
      login: 'fan1@example.com',
    });
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    const cdp = await context.newCDPSession(page);
    const regId = await registrationId(cdp);
    const cardId = await page.evaluate(
      async () => ((await window.__pocamarket.db.photoCards.toCollection().first()) as any).id,
    );
    // what the user had before (the fan-out hooks may have written some): counts are relative
    const mine = await admin
      .collection('notifications')
      .getFullList({ filter: `user = "${userId}"` });
    const total = mine.length;
    const unread = mine.filter((n) => !n['read']).length;
    const bell = (n: number) => [
      { label: `알림, 읽지 않은 알림 ${n}`, text: n > 99 ? '99+' : String(n) },
    ];

    // 1. a push only (no server row yet): shown, and stored by the worker itself
    const onlyPushed: Push = {
      id: 'pushonly' + Math.random().toString(36).slice(2, 9).padEnd(7, '0'),
      title: '최애 그룹의 새 밋업이 열렸어요',
      body: 'RIIZE 생일카페가 등록되었어요',
      url: '/meetup',
      topic: 'meetup',
      created: new Date().toISOString(),
    };
    await deliverUntilShown(cdp, regId, onlyPushed, page);
    await expect
      .poll(async () => (await shown(page)).find((n) => n.tag === onlyPushed.id), {
        timeout: 60_000,
      })
      .toMatchObject({
        title: onlyPushed.title,
        body: onlyPushed.body,
        lang: 'ko',
        data: { url: '/meetup', id: onlyPushed.id },
      });
    const first = (await shown(page)).find((n) => n.tag === onlyPushed.id)!;
    expect(first.icon).toMatch(/\/icons\/icon-192\.png$/);
    expect(first.badge).toMatch(/\/icons\/badge-96\.png$/);
    await expect
      .poll(() => localAlert(page, onlyPushed.id))
      .toMatchObject({
        user: userId,
        read: false,
        title: onlyPushed.title,
      });

    // the bell counts it (home, mobile top bar)
    await page.goto('/');
    await expect.poll(() => badgeLabel(page), { timeout: 60_000 }).toEqual(bell(unread + 1));

    // 2. a push for a server row: the read mark must reach the server, once
    const alert = await serverAlert(userId!, {
      title: '찜한 카드에 새 교환 글이 올라왔어요',
      body: '교환 글을 확인해 보세요',
      url: `/exchangeDetail/${cardId}`,
      topic: 'exchange',
    });
    const reads = countReads(context, alert.id);
    // as the dispatcher sends it: a declarative push message with our fields beside it
    const declarative = pushPayload(
      { ...alert, topic: 'exchange', user: userId!, at: '', updated: '' },
      baseUrl(),
    );
    await deliverUntilShown(cdp, regId, declarative, page, (n) => n.tag === alert.id);
    await expect
      .poll(async () => (await shown(page)).some((n) => n.tag === alert.id), { timeout: 60_000 })
      .toBe(true);
    await expect.poll(() => badgeLabel(page), { timeout: 60_000 }).toEqual(bell(unread + 2));

    // /alerts, from the bell: newest first, both unread
    await page.getByRole('link', { name: `알림, 읽지 않은 알림 ${unread + 2}` }).click();
    await page.waitForURL('**/alerts');
    const items = page.getByTestId('alert-item');
    await expect.poll(() => items.count()).toBe(total + 2);
    await expect.poll(() => items.first().getAttribute('data-read')).toBe('false');
    expect(await items.first().textContent()).toContain(alert.title);
    expect(await items.nth(1).textContent()).toContain(onlyPushed.title);
    await expect
      .poll(() => page.getByText(`읽지 않은 알림 ${unread + 2}개`).isVisible())
      .toBe(true);
    await shot(page, 'alerts-phone');
    expect(await axeViolations(page)).toEqual([]);

    // opening it: its route, read locally at once, read on the server once
    await items.first().click();
    await page.waitForURL(`**/exchangeDetail/${cardId}`);
    await expect.poll(async () => (await localAlert(page, alert.id))?.read).toBe(true);
    await waitForOutboxEmpty(page);
    await expect
      .poll(async () => (await admin.collection('notifications').getOne(alert.id))['read'])
      .toBe(true);
    // opening it again changes nothing
    await page.goBack();
    await page.waitForURL('**/alerts');
    await expect.poll(() => items.first().getAttribute('data-read')).toBe('true');
    await expect
      .poll(() => page.getByText(`읽지 않은 알림 ${unread + 1}개`).isVisible())
      .toBe(true);
    await items.first().click();
    await page.waitForURL(`**/exchangeDetail/${cardId}`);
    await waitForOutboxEmpty(page);
    expect(reads()).toBe(1);

    // 3. clicking the system notification (see the top of the file): focus or open its route
    const meetupAlert = await serverAlert(userId!, {
      title: '내가 댓글 단 밋업에 새 댓글이 달렸어요',
      body: '“저도 갈게요!”',
      url: '/profile',
      topic: 'comment',
    });
    await deliverUntilShown(cdp, regId, meetupAlert, page);
    await expect
      .poll(async () => (await shown(page)).some((n) => n.tag === meetupAlert.id))
      .toBe(true);
    await page.evaluate(
      (tag) => navigator.serviceWorker.controller!.postMessage({ type: 'notification-open', tag }),
      meetupAlert.id,
    );
    await page.waitForURL('**/profile', { timeout: 60_000 });
    await page.waitForFunction(() => !!window.__pocamarket);
    await until(
      page,
      async (id) => (await window.__pocamarket.db.notifications.get(id))?.read === true,
      meetupAlert.id,
    );
    await expect
      .poll(async () => (await admin.collection('notifications').getOne(meetupAlert.id))['read'], {
        timeout: 60_000,
      })
      .toBe(true);
    // the notification is closed once opened
    expect((await shown(page)).some((n) => n.tag === meetupAlert.id)).toBe(false);

    // a broken payload never throws: a generic notice pointing at the inbox
    await deliverUntilShown(
      cdp,
      regId,
      'not json',
      page,
      (n) => n.data?.url === '/alerts' && !n.tag,
    );

    expect(errors).toEqual([]);

    // offline, the inbox still opens from the local store
    await context.setOffline(true);
    await page.goto('/alerts');
    await expect.poll(() => items.count()).toBe(total + 3);
    await context.setOffline(false);

    await context.close();
  });

  it('settings: six topics, a clear error where this browser cannot subscribe', async () => {
    const { context, page, errors, userId } = await openApp(browser, DESKTOP, {
      login: 'fan1@example.com',
      path: '/settings/notifications',
    });
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    // The shared test server has no VAPID keys (503): answer with a real P-256 key, so the app
    // goes as far as pushManager.subscribe, which headless Chromium refuses (no push service).
    await context.route('**/api/push/public-key', (route) =>
      route.fulfill({ json: { publicKey: p256PublicKey() } }),
    );
    await page.goto('/settings/notifications');
    await page.getByRole('heading', { name: '알림 설정' }).waitFor();
    const switches = page.getByRole('switch');
    await expect.poll(() => switches.count()).toBe(6);
    for (const name of [
      '내가 댓글 단 밋업의 새 댓글',
      '찜하거나 콜렉트북에 담은 카드의 새 교환 글',
      '최애 그룹의 새 밋업',
      '새 메시지',
      '거래 제안/상태 변경/후기',
      '구함 카드 알림',
    ]) {
      expect(await page.getByRole('switch', { name }).isChecked()).toBe(false);
    }
    await shot(page, 'settings-desktop');
    expect(await axeViolations(page)).toEqual([]);

    // no push service in headless Chromium (or no VAPID key on this server): said plainly
    const comment = page.getByRole('switch', { name: '내가 댓글 단 밋업의 새 댓글' });
    await expect
      .poll(
        async () =>
          (await comment.isEnabled()) || (await page.getByTestId('push-unavailable').isVisible()),
      )
      .toBe(true);
    if (await comment.isEnabled()) {
      await comment.click();
      await expect
        .poll(async () => (await page.getByRole('alert').allTextContents()).join(' '), {
          timeout: 60_000,
        })
        .toMatch(
          /푸시 알림 구독을 만들지 못했어요|알림 설정을 저장하지 못했어요|푸시 알림을 쓸 수 없어요/,
        );
      expect(await comment.isChecked()).toBe(false);
    } else {
      await expect.poll(() => page.getByTestId('push-unavailable').isVisible()).toBe(true);
    }
    await shot(page, 'settings-desktop-error');
    // nothing was saved for this device
    const subs = await admin
      .collection('pushSubscriptions')
      .getFullList({ filter: `user = "${userId}"` });
    expect(subs).toHaveLength(0);

    await page.goto('/alerts');
    await page.getByRole('heading', { name: '알림' }).waitFor();
    await shot(page, 'alerts-desktop');
    await page.setViewportSize(PHONE);
    await page.goto('/settings/notifications');
    await expect.poll(() => switches.count()).toBe(6);
    await shot(page, 'settings-phone');
    // Chromium logs its own console error when subscribe is refused in an incognito context
    // (every test context is one); the 503 is the unrouted server's, if the route was not used.
    const expected = /Push API in incognito mode|503 \(Service Unavailable\)/;
    expect(errors.filter((e) => !expected.test(e))).toEqual([]);

    // offline: nothing can change now
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('push-offline').isVisible()).toBe(true);
    expect(await comment.isDisabled()).toBe(true);
    await shot(page, 'settings-phone-offline');
    await context.setOffline(false);
    await context.close();
  });
});
