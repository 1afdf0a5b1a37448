/**
 * The app as an installable PWA: manifest (icons, shortcuts, screenshots) and worker served by
 * PocketBase, Chromium reports no installability errors, the settings screen's '앱 설치' entry
 * installs through `beforeinstallprompt` or shows the iOS steps, and after one online visit the
 * app opens with the network cut — both the browser's offline switch and the server process
 * really gone. The update toast has its own file (update.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { devices, type Browser } from 'playwright-core';
import { DIST_DIR } from '../../server/pocketbase.ts';
import { ko } from '../../src/i18n/ko-features.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  launchPersistent,
  newContext,
  trackedPage,
  waitForServiceWorker,
} from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('manifest and worker', () => {
  it('serves a Korean standalone manifest with any and maskable icons', async () => {
    const base = baseUrl();
    const res = await fetch(`${base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const m = (await res.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(m.lang).toBe('ko');
    expect(m.short_name).toBe('포카마켓');
    expect(m.display).toBe('standalone');
    expect(m.start_url).toBe('/');
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of m.icons) {
      const img = await fetch(`${base}${icon.src}`);
      expect(img.status, icon.src).toBe(200);
      expect(img.headers.get('content-type')).toContain('image/png');
    }
    expect(m.description).toEqual(expect.any(String));
    expect(m.categories).toEqual(expect.arrayContaining(['entertainment']));
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    expect(await sw.text()).toContain('index.html');
  });

  it('has shortcuts to 교환, 밋업 and the collect books, with their icons', async () => {
    const base = baseUrl();
    const m = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as {
      shortcuts: Array<{
        name: string;
        url: string;
        icons?: Array<{ src: string; sizes: string }>;
      }>;
    };
    expect(m.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['교환', '/exchange'],
      ['밋업', '/meetup'],
      ['콜렉트북', '/profile'],
    ]);
    for (const icon of m.shortcuts.flatMap((s) => s.icons ?? [])) {
      const img = await fetch(`${base}${icon.src}`);
      expect(img.status, icon.src).toBe(200);
      expect(pngSize(Buffer.from(await img.arrayBuffer())), icon.src).toBe(
        icon.sizes.replace('x', ' x '),
      );
    }
  });

  it('has phone and desktop screenshots of the declared sizes, each under 250 KB', async () => {
    const base = baseUrl();
    const m = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as {
      screenshots: Array<{ src: string; sizes: string; form_factor: string; label: string }>;
    };
    expect(new Set(m.screenshots.map((s) => s.form_factor))).toEqual(new Set(['narrow', 'wide']));
    for (const shot of m.screenshots) {
      expect(shot.label).not.toBe('');
      const res = await fetch(`${base}${shot.src}`);
      expect(res.status, shot.src).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length, shot.src).toBeLessThan(250 * 1024);
      expect(pngSize(bytes), shot.src).toBe(shot.sizes.replace('x', ' x '));
    }
  });

  it('has no installability errors in Chromium', async () => {
    const { context, dir } = await launchPersistent(DESKTOP, baseUrl());
    const { page, errors } = await trackedPage(context);
    await page.goto('/');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const result = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(result.installabilityErrors.map((e) => e.errorId)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("the '앱 설치' entry in settings", () => {
  it('installs through the prompt Chromium offered before the screen opened', async () => {
    const context = await newContext(browser, DESKTOP, baseUrl());
    const { page, errors } = await trackedPage(context);
    await page.goto('/profile');
    await page.waitForLoadState('load');
    // Chromium fires beforeinstallprompt on its own schedule (never in a test's incognito
    // context), so the test fires one shaped like it, before the settings screen exists.
    await page.evaluate(() => {
      const w = window as { __prompted?: number };
      w.__prompted = 0;
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        platforms: ['web'],
        prompt: async () => {
          w.__prompted! += 1;
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
    await page.getByRole('link', { name: ko.profile.settings, exact: true }).first().click();
    const entry = page.getByTestId('install-entry');
    await expect.poll(() => entry.getAttribute('data-mode')).toBe('prompt');
    await expect
      .poll(() => page.getByRole('heading', { name: ko.install.groupTitle }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: ko.install.button }).click();
    await expect
      .poll(() => page.evaluate(() => (window as { __prompted?: number }).__prompted))
      .toBe(1);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect
      .poll(() => page.getByTestId('install-status').textContent())
      .toBe(ko.install.statusInstalled);
    // the other settings entries are still there, '알림 설정' still leads to its page
    expect(
      await page
        .getByRole('link', { name: ko.settings.notifications, exact: true })
        .getAttribute('href'),
    ).toBe('/settings/notifications');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the '홈 화면에 추가' steps in iPhone Safari", async () => {
    const context = await browser.newContext({
      ...devices['iPhone 13'],
      baseURL: baseUrl(),
      locale: 'ko-KR',
    });
    const { page, errors } = await trackedPage(context);
    await page.goto('/profileSetting');
    const hint = page.getByTestId('install-ios-hint');
    await expect.poll(() => hint.isVisible()).toBe(true);
    for (const step of ko.install.iosSteps)
      expect(await hint.textContent()).toContain(step.replace('{share}', ''));
    expect(await page.getByTestId('install-button').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('offline after one visit', () => {
  it('reloads and navigates with the browser offline', async () => {
    const context = await newContext(browser, PHONE, baseUrl());
    const { page, errors } = await trackedPage(context);
    await page.goto('/');
    await waitForServiceWorker(page);
    // The shell the worker answers navigations with is the plain one, not the rendered home page
    // (`/` is server-rendered; other routes would hydrate its markup).
    const shell = await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys())
          if (new URL(req.url).pathname === '/index.html') return (await cache.match(req))!.text();
      }
      return '';
    });
    expect(shell).toContain('<div id="root"></div>');
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    // a deep link never visited before opens from the precached shell
    await page.goto('/meetup');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('밋업');
    await context.setOffline(false);
    expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('opens with the server process stopped', async () => {
    // Its own server: this test kills it.
    let server: TestServer | undefined = await startTestServer({ publicDir: DIST_DIR });
    try {
      const context = await newContext(browser, PHONE, server.url);
      const { page } = await trackedPage(context);
      await page.goto('/exchange');
      await waitForServiceWorker(page);
      await server.stop();
      server = undefined;
      const down = await fetch(`${context.pages()[0] ? page.url() : ''}`).catch(() => null);
      expect(down).toBeNull(); // nothing answers on that port any more
      await page.reload();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('교환');
      await page.goto('/profile');
      await expect.poll(() => page.locator('body').textContent()).toContain('프로필');
      await context.close();
    } finally {
      await server?.stop();
    }
  });
});

/** A PNG's pixel size from its IHDR chunk, as 'W x H'. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)} x ${bytes.readUInt32BE(20)}`;
}
