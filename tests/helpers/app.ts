/**
 * The app as an e2e test drives it: a Chromium context against the shared server with the
 * `window.__pocamarket` test handle enabled, logging in through the app's own session code, and
 * polling checks inside the page. Screens are driven through the UI; the handle is for setup
 * (login) and for reading the local store.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import PocketBase from 'pocketbase';
import { expect, inject } from 'vitest';
import { OUTBOX_LOCK } from '../../src/data/sync/lock.ts';
import {
  newContext,
  OUTCOME_WAIT_MS,
  trackedPage,
  waitForServiceWorker,
  type ContextOptions,
} from './browser.ts';
import { baseUrl } from './e2e-server.ts';

export const PASSWORD = 'photocard1234';

// The handle's shape, as far as tests use it (typed loosely: it is the app's own code).
/* eslint-disable @typescript-eslint/no-explicit-any */
type Api = any;
declare global {
  interface Window {
    __pocamarket?: Api;
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface OpenApp {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/**
 * A new context (own storage: a separate device) on `path`, with the service worker in control
 * and the data layer started. With `login`, that demo user is signed in and the first pull done.
 *
 * With `serviceWorker: false` the context blocks the worker and nothing waits for it: a test
 * that never needs the worker says so, and saves the precache every new context's worker does
 * (see ContextOptions in ./browser.ts for what does need it). A `context` passed in must have
 * been made with the same choice (`newContext(…, { serviceWorker: false })`).
 */
export async function openApp(
  browser: Browser,
  viewport: { width: number; height: number },
  opts: { path?: string; login?: string; context?: BrowserContext } & ContextOptions = {},
): Promise<OpenApp & { userId: string | null }> {
  const worker = opts.serviceWorker !== false;
  const context =
    opts.context ?? (await newContext(browser, viewport, baseUrl(), { serviceWorker: worker }));
  await context.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('pocamarket:test-api', '1');
  });
  const { page, errors } = await trackedPage(context);
  await page.goto(opts.path ?? '/');
  if (worker) await waitForServiceWorker(page);
  // the app's data layer starts after the first screen hydrates: on a loaded machine (two copies
  // of the suite at once) that took past Playwright's default 30 s
  await page
    .waitForFunction(() => !!window.__pocamarket, null, { timeout: 90_000 })
    .catch(async (err: unknown) => {
      // say what the page was doing: its errors, and how far the start got
      const state = await page
        .evaluate(() => ({
          url: location.href,
          ready: document.readyState,
          hydrated: !!document.querySelector('#root')?.childElementCount,
        }))
        .catch(() => null);
      throw new Error(
        `the app's data layer did not start: ${JSON.stringify(state)}; page errors: ${
          errors.join(' | ') || 'none'
        }`,
        { cause: err },
      );
    });
  await waitForFirstPull(page);
  const userId = opts.login ? await login(page, opts.login) : null;
  return { context, page, errors, userId };
}

export { OUTCOME_WAIT_MS };

/** Polls an async check inside the page until it returns true (waitForFunction does not await). */
export async function until<A>(
  page: Page,
  check: (arg: A) => Promise<boolean> | boolean,
  arg: A,
  timeout = OUTCOME_WAIT_MS,
): Promise<void> {
  await expect
    .poll(() => page.evaluate(check as (arg: unknown) => Promise<boolean>, arg), { timeout })
    .toBe(true);
}

/** Waits until the catalogue (the groups and this device's scope) has been pulled at least once. */
export async function waitForFirstPull(page: Page): Promise<void> {
  await until(
    page,
    async () => {
      const p = window.__pocamarket;
      // the groups are pulled whole by everyone (the cards by scope, docs/sync.md)
      return !p.engine.getStatus().pulling && !!(await p.db.syncState.get('groups'));
    },
    null,
    30_000,
  );
}

/**
 * Logs in through the data layer and waits for a pull that started after the login (the engine
 * runs one more pull when asked during a pull, so awaiting pull() covers it), whether or not the
 * user has any private rows.
 */
export async function login(page: Page, email: string): Promise<string> {
  const userId = await page.evaluate(
    async ({ email, password }) => (await window.__pocamarket.login(email, password)).id as string,
    { email, password: PASSWORD },
  );
  await until(
    page,
    async (id) => {
      const p = window.__pocamarket;
      await p.engine.pull();
      return p.engine.getStatus().userId === id;
    },
    userId,
  );
  return userId;
}

/** Waits until nothing is left in the outbox (every queued change reached the server). */
export async function waitForOutboxEmpty(page: Page, timeout = OUTCOME_WAIT_MS): Promise<void> {
  await until(page, async () => (await window.__pocamarket.db.outbox.count()) === 0, null, timeout);
}

/** A superuser client of the shared server: the server's truth, for assertions. */
export async function superuserClient(): Promise<PocketBase> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  const su = inject('superuser');
  await pb.collection('_superusers').authWithPassword(su.email, su.password);
  return pb;
}

/**
 * Waits until nothing is sending the outbox: the page's engine is not flushing and no flush (the
 * page's or the service worker's) holds or waits for the outbox lock.
 */
export async function waitForNoFlush(page: Page, timeout = OUTCOME_WAIT_MS): Promise<void> {
  await until(
    page,
    async (name) => {
      const { held = [], pending = [] } = await navigator.locks.query();
      const busy = [...held, ...pending].some((l) => l.name === name);
      return !busy && !window.__pocamarket.engine.getStatus().flushing;
    },
    OUTBOX_LOCK,
    timeout,
  );
}

/**
 * Records the text of every toast the page shows from now on, and returns a reader of them. A
 * toast stays 2 s: on a busy machine it can come and go between two reads of the screen, so a
 * test that asks which toasts a step showed reads them from here.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const counted = new WeakSet<Element>();
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    const note = () => {
      for (const el of document.querySelectorAll('[data-rht-toaster] [role="status"]')) {
        const text = el.textContent ?? '';
        if (counted.has(el) || !text) continue;
        counted.add(el);
        seen.push(text);
      }
    };
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => [...(window as unknown as { __toasts: string[] }).__toasts]);
}
