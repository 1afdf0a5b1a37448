/**
 * Browser fixture for e2e tests: Debian's Chromium driven by playwright-core, headless, with the
 * flags this machine needs (no background networking: nothing may leave 127.0.0.1). Collects
 * console errors and page errors per page so tests can assert there were none.
 *
 * Two builds of Debian's Chromium (the same source and version): the shared browser of the e2e
 * files is `chromium-headless-shell` when it is installed, the browser without its UI layer,
 * which does the same pages for about a third less CPU (the e2e layer's wall time on this 2-core
 * machine went from 412 s to 324 s); the full `chromium` serves what only it can: push (its push
 * service and notifications, tests/e2e/alerts.test.ts), installability (a persistent profile,
 * launchPersistent), the fake camera of the QR scan, the benchmarks and Lighthouse. Without the
 * shell, `chromium` does everything.
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

/**
 * How long a wait gives an outcome by default (the app helpers' waits, expect.poll in the e2e
 * project, and every Playwright action and locator wait of a test context, whose own default is
 * 30 s): long, so a loaded machine (two suites on two cores) only makes them slower, and still
 * well inside the e2e test bound (300 s), so a check that never passes reports itself.
 */
export const OUTCOME_WAIT_MS = 120_000;

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

/**
 * The headless shell for the shared e2e browser: CHROMIUM_HEADLESS_BIN, else Debian's
 * `chromium-headless-shell`, else the full Chromium (CHROMIUM_BIN set alone means that one).
 */
export function headlessShellPath(): string {
  const fromEnv = process.env.CHROMIUM_HEADLESS_BIN;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (!process.env.CHROMIUM_BIN && existsSync('/usr/bin/chromium-headless-shell')) {
    return '/usr/bin/chromium-headless-shell';
  }
  return chromiumPath();
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

/**
 * A Chromium for many test files at once (the e2e global setup starts one of each): the headless
 * shell, or with `full` the full Chromium.
 */
export async function launchBrowserServer(full = false): Promise<BrowserServer> {
  const executablePath = full ? chromiumPath() : headlessShellPath();
  return chromium.launchServer({ executablePath, args: ARGS });
}

/**
 * The full Chromium, for what the headless shell lacks (push): in the e2e project a connection to
 * the one the global setup started, elsewhere one of its own. `close()` it after.
 */
export async function launchFullBrowser(): Promise<Browser> {
  if (process.env.VITEST) {
    const { inject } = await import('vitest');
    const wsEndpoint = (inject as (key: string) => string | undefined)('fullBrowserWsEndpoint');
    if (wsEndpoint) return chromium.connect(wsEndpoint);
  }
  return chromium.launch({ executablePath: chromiumPath(), args: ARGS });
}

/**
 * A Chromium of the test's own with `extra` flags beside the usual ones (the headless shell, or
 * with `full` the full Chromium), for flags the shared browsers lack: tests/e2e/proxy.test.ts
 * trusts its Caddy's test CA and maps a host name to loopback. `close()` it after.
 */
export async function launchBrowserWithArgs(
  extra: string[],
  opts: { full?: boolean } = {},
): Promise<Browser> {
  const executablePath = opts.full ? chromiumPath() : headlessShellPath();
  return chromium.launch({ executablePath, args: [...ARGS, ...extra] });
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
  context.setDefaultTimeout(OUTCOME_WAIT_MS);
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
  const context = await browser.newContext({
    viewport,
    baseURL,
    locale: 'ko-KR',
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    serviceWorkers: opts.serviceWorker === false ? 'block' : 'allow',
  });
  context.setDefaultTimeout(OUTCOME_WAIT_MS);
  return context;
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
