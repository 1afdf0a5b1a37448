/**
 * Time in e2e tests without waiting for it: pages of a context with Playwright's clock installed
 * run on a clock that flows as usual, and a check that something holds still (a paused carousel)
 * runs the page's timers seconds ahead at once instead of sleeping through them.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** Puts the context's pages on Playwright's clock (before they load: timers are created early). */
export async function installClock(context: BrowserContext): Promise<void> {
  await context.clock.install();
}

/**
 * Runs the page's timers `ms` ahead at once: every timeout, interval and animation frame due in
 * that time fires, in order. Then time flows again. What should not move in that time has had its
 * chance to.
 */
export async function runClock(page: Page, ms: number): Promise<void> {
  // (runFor stops the flowing clock while it runs the timers, then lets it flow again)
  await page.clock.runFor(ms);
}

/**
 * Whether the carousel `testId` is turning by itself (its `data-turning`: Swiper started, the
 * rotation on, no mouse over it). Null while Swiper has not started there.
 */
export function swiperTurning(page: Page, testId: string): Promise<boolean | null> {
  return page.evaluate((testId) => {
    const frame = document.querySelector(`[data-testid="${testId}"]`);
    if (!frame?.querySelector('.swiper-initialized')) return null;
    return frame.getAttribute('data-turning') === 'true';
  }, testId);
}

/**
 * Resolves once nothing is left for the page to do on its own: two idle periods in a row (layout,
 * intersection observers, effects and the work they start have run). For "this has not happened"
 * checks, instead of a fixed wait.
 */
export async function pageIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve())),
      ),
  );
}
