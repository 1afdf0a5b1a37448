/**
 * Browser fixture for e2e tests: Debian's Chromium driven by playwright-core, headless, with the
 * flags this machine needs (no background networking: nothing may leave 127.0.0.1). Collects
 * console errors and page errors per page so tests can assert there were none.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Page,
} from 'playwright-core';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const VIEWPORTS = { phone: PHONE, desktop: DESKTOP } as const;

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_BIN, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found)
    throw new Error('Chromium not found: apt-get install chromium (or set CHROMIUM_BIN).');
  return found;
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A Chromium for many test files at once (the e2e global setup starts one). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), args: ARGS });
}

/**
 * The browser a test file drives: in the e2e project, a connection to the Chromium the global
 * setup started (starting one per file cost a second or two each); `close()` then only
 * disconnects. Elsewhere (other projects, the benchmarks), a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  // inject() works only inside a vitest worker; the benchmarks call this from plain Node
  if (process.env.VITEST) {
    const { inject } = await import('vitest');
    const wsEndpoint = (inject as (key: string) => string | undefined)('browserWsEndpoint');
    if (wsEndpoint) return chromium.connect(wsEndpoint);
  }
  return chromium.launch({ executablePath: chromiumPath(), args: ARGS });
}

/**
 * A non-incognito profile in a temp dir: Chromium refuses to call an incognito page installable,
 * so installability checks need a persistent context. Remove `dir` after closing.
 */
export async function launchPersistent(
  viewport: { width: number; height: number },
  baseURL: string,
): Promise<{ context: BrowserContext; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    args: ARGS,
    viewport,
    baseURL,
    locale: 'ko-KR',
    serviceWorkers: 'allow',
  });
  return { context, dir };
}

export interface TrackedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export interface ContextOptions {
  /**
   * `false`: the context blocks service workers (Playwright's `serviceWorkers: 'block'`; the
   * app's registration fails quietly, src/app/register-sw.ts). A worker that installs precaches
   * the whole build (about 170 files) in every new context, about a second of CPU each on this
   * 2-core machine, for nothing in a test that never needs it. Default: the worker installs, as
   * for a fan. Keep it for anything the worker does or that relies on it: reloading or
   * navigating while offline (also moving offline to a screen whose code has not loaded yet:
   * the precache answers), push, Background Sync, the update toast, install, its caches
   * (images; map tiles, where it also answers a tile it cannot fetch with a blank one instead
   * of a console error), and navigations after the first visit that expect the worker's shell
   * rather than the server's page, drawn for nobody and hydrating (docs/first-visit.md).
   * Without it `navigator.serviceWorker.ready` never resolves, so push settings, logout and
   * account deletion (which end this device's push subscription first) wait for ever.
   */
  serviceWorker?: boolean;
}

export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number },
  baseURL: string,
  opts: ContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    baseURL,
    locale: 'ko-KR',
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    serviceWorkers: opts.serviceWorker === false ? 'block' : 'allow',
  });
}

export async function trackedPage(context: BrowserContext): Promise<TrackedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    // a failed load names only its status: add the address, so a failure says what failed
    const at = msg.text().startsWith('Failed to load resource') ? ` (${msg.location().url})` : '';
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}${at}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, errors };
}

/** Resolves when a service worker controls the page (after the first visit installs it). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        });
      });
    }
  });
}
