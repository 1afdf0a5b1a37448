/**
 * Waiting on the built app in a bench's page: its service worker in control, and its sync idle.
 * The app exposes `window.__pocamarket` when `localStorage['pocamarket:test-api']` is '1'.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BenchServer } from './server.ts';

export { waitForServiceWorker } from '../../tests/helpers/browser.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The app's sync is idle: a pull of this page load has finished, none is running, and
 * `collection` has been pulled at least once (the store may hold an older load's checkpoints).
 */
export async function syncIdle(
  page: Page,
  opts: { collection?: string; timeoutMs?: number } = {},
): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  await page.waitForFunction(
    () => !!(window as unknown as { __pocamarket?: unknown }).__pocamarket,
    null,
    { timeout: timeoutMs },
  );
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const idle = await page.evaluate(async (collection) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const p = (window as any).__pocamarket;
      const s = p.engine.getStatus();
      const pulledNow = s.lastPullAt !== null && s.lastPullAt >= performance.timeOrigin;
      return pulledNow && !s.pulling && !!(await p.db.syncState.get(collection));
    }, opts.collection ?? 'photoCards');
    if (idle) return;
    await sleep(100);
  }
  throw new Error('the app did not finish its sync');
}

export const PHONE = { width: 390, height: 844 };

/**
 * A fresh phone (390×844, touch, Korean locale, empty storage) on `server`, with service workers
 * allowed and the app's test handle (`window.__pocamarket`) switched on.
 */
export async function newPhoneContext(
  browser: Browser,
  server: BenchServer,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    locale: 'ko-KR',
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  await context.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('pocamarket:test-api', '1');
  });
  return context;
}
