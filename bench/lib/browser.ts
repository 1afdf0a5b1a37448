/**
 * Debian's Chromium driven by playwright-core, with the same flags as the e2e tests (headless,
 * no sandbox, no GPU, no background networking: nothing leaves 127.0.0.1).
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/helpers/browser.ts';

export async function launchBenchBrowser(): Promise<{ browser: Browser; version: string }> {
  const browser = await launchBrowser();
  return { browser, version: browser.version() };
}
