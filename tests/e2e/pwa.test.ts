/**
 * The app as an installable PWA: manifest and worker served by PocketBase, Chromium reports no
 * installability errors, and after one online visit the app opens with the network cut — both the
 * browser's offline switch and the server process really gone.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { DIST_DIR } from '../../server/pocketbase.ts';
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

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('manifest and worker', () => {
  it('serves a Korean standalone manifest with any and maskable icons', async () => {
    const base = inject('baseUrl');
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
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    expect(await sw.text()).toContain('index.html');
  });

  it('has no installability errors in Chromium', async () => {
    const { context, dir } = await launchPersistent(DESKTOP, inject('baseUrl'));
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

describe('offline after one visit', () => {
  it('reloads and navigates with the browser offline', async () => {
    const context = await newContext(browser, PHONE, inject('baseUrl'));
    const { page, errors } = await trackedPage(context);
    await page.goto('/');
    await waitForServiceWorker(page);
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
