/**
 * A new version of the app reaches an open tab: the server starts serving a new build, the tab's
 * update check finds the new service worker waiting, the '새 버전이 준비되었어요' toast appears,
 * and '업데이트', tapped with no signal, reloads the page under the new worker and the new
 * index.html. A like queued offline before the update is still in the outbox after the reload
 * and reaches the server once.
 *
 * The shared dist/ is never touched: this file copies the build to a temp dir, serves the copy
 * from its own PocketBase (with the demo seed) and turns the copy into "the next build" by
 * changing index.html and sw.js the way a real deploy does (new precache revision, new worker
 * bytes).
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../server/pocketbase.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { ko } from '../../src/i18n/ko.ts';
import { login, openApp, until } from '../helpers/app.ts';
import { launchBrowser, newContext, PHONE } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';

const BUILD_MARK = 'update-test-build';

let browser: Browser;
let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pocamarket-dist-'));
  cpSync(DIST_DIR, dist, { recursive: true });
  server = await startTestServer({ publicDir: dist });
  await seedDemo(await server.admin());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/**
 * Turns the served copy into a new build: index.html gains a marker, the worker's precache
 * manifest gets index.html's new revision (as workbox-build would write it), and the worker
 * answers a 'which-build' message, so the test can ask the controlling worker which one it is.
 */
function deployNewBuild(): void {
  const htmlPath = join(dist, 'index.html');
  const html = readFileSync(htmlPath, 'utf8').replace(
    '</head>',
    `<meta name="pocamarket-build" content="${BUILD_MARK}" /></head>`,
  );
  writeFileSync(htmlPath, html);
  const revision = createHash('md5').update(html).digest('hex');
  const swPath = join(dist, 'sw.js');
  const sw = readFileSync(swPath, 'utf8');
  const entry = /\{"revision":"[0-9a-f]+","url":"index\.html"\}/;
  expect(sw).toMatch(entry);
  writeFileSync(
    swPath,
    sw.replace(entry, `{"revision":"${revision}","url":"index.html"}`) +
      `\n;self.addEventListener('message', (e) => {` +
      ` if (e.data && e.data.type === 'which-build') e.ports[0].postMessage('${BUILD_MARK}'); });\n`,
  );
  // The build's precompressed copies would still be the old files: serve the edited ones.
  for (const name of ['index.html', 'sw.js'])
    for (const ext of ['.br', '.gz']) rmSync(join(dist, name + ext), { force: true });
}

/** What the controlling worker says it is: the new build's mark, or null for the old worker. */
function controllerBuild(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const sw = navigator.serviceWorker.controller;
        if (!sw) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve(e.data as string);
        sw.postMessage({ type: 'which-build' }, [channel.port2]);
        setTimeout(() => resolve(null), 1000); // the old worker does not answer
      }),
  );
}

const isLikeWrite = (req: Request) => {
  const { pathname } = new URL(req.url());
  return (
    req.method() !== 'GET' &&
    (pathname === '/api/batch' || pathname.startsWith('/api/collections/likes/records'))
  );
};

describe('app update', () => {
  it('offers the new version in a toast and reloads into it, keeping a queued like', async () => {
    const started = Date.now();
    const context = await newContext(browser, PHONE, server.url);
    const { page, errors } = await openApp(browser, PHONE, { context });
    const userId = await login(page, 'fan1@example.com');
    const admin = await server.admin();
    const serverLikes = async (card: string) =>
      (
        await admin.collection('likes').getFullList({
          filter: admin.filter('user = {:u} && photoCard = {:c}', { u: userId, c: card }),
        })
      ).length;

    // a like made with no signal
    const card = await page.evaluate(async (me) => {
      const { db } = window.__pocamarket;
      const liked = new Set(
        (await db.likes.where('user').equals(me).toArray()).map(
          (l: { photoCard: string }) => l.photoCard,
        ),
      );
      const cards: Array<{ id: string }> = await db.photoCards.toArray();
      return cards.find((c) => !liked.has(c.id))!.id;
    }, userId);
    await context.setOffline(true);
    await page.evaluate((c) => window.__pocamarket.repos.setLike(c, true), card);
    expect(await page.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(1);

    // The network returns, but the like's request keeps failing (the page's and the worker's
    // Background Sync alike) until the signal goes again, so it is still queued when the page
    // reloads.
    let aborted = 0;
    await context.route(
      (url) => url.pathname === '/api/batch' || url.pathname.startsWith('/api/collections/likes'),
      (route) => {
        if (!isLikeWrite(route.request())) return route.fallback();
        aborted++;
        return route.abort('internetdisconnected');
      },
    );
    const sent: number[] = [];
    context.on('requestfinished', async (req) => {
      if (isLikeWrite(req)) sent.push((await req.response())?.status() ?? 0);
    });
    await context.setOffline(false);
    await expect.poll(() => aborted, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await serverLikes(card)).toBe(0);

    // nothing new yet: no toast
    const toast = page.getByTestId('update-toast');
    expect(await toast.isVisible()).toBe(false);
    expect(await controllerBuild(page)).toBeNull();

    // the next build is deployed; the tab's update check finds it
    deployNewBuild();
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect.poll(() => toast.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await toast.textContent()).toContain(ko.appUpdate.ready);

    // a plain reload does not activate it (this tab still holds the old worker), and the toast is
    // offered again as soon as the page registers
    await page.reload();
    await page.waitForFunction(() => !!window.__pocamarket);
    await expect.poll(() => toast.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await controllerBuild(page)).toBeNull();
    expect(await page.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(1);
    await page.evaluate(() => {
      (window as { __beforeUpdate?: boolean }).__beforeUpdate = true;
    });

    // The fan taps '업데이트' with no signal (the update is already on the device): the page
    // reloads under the new worker, showing the new build. Offline, and with the test's request
    // interception off, nothing the page sends keeps the old worker busy: Chromium lets the new
    // one in only once the old one is idle, and with DevTools attached to it (as Playwright is)
    // a request that starts it again keeps it running (src/app/register-sw.ts).
    // (offline first: with the interception gone while still online, a retry of the like could
    // land in between)
    await context.setOffline(true);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // for a failure's message: the workers' life as the browser tells it, and the page's loads
    const timeline: string[] = [];
    const start = Date.now();
    const stamp = (what: string) =>
      timeline.push(`${Math.round((Date.now() - start) / 1000)}s ${what}`);
    const cdp = await context.newCDPSession(page);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions)
        stamp(
          `v${v.versionId} ${v.status} ${v.runningStatus} clients=${v.controlledClients?.length ?? 0}`,
        );
    });
    await cdp.send('ServiceWorker.enable');
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) stamp('page loaded');
    });
    await page.getByTestId('update-apply').click();
    // A reload that met the old worker still busy comes back to the old version and goes on by
    // itself, so this waits for the new build's document (asked again and again: each ask may
    // meet a document going away)
    const newDocument = () =>
      page
        .evaluate(() => ({
          fresh: !(window as { __beforeUpdate?: boolean }).__beforeUpdate && !!window.__pocamarket,
          build:
            document.querySelector('meta[name="pocamarket-build"]')?.getAttribute('content') ??
            null,
        }))
        .catch(() => null);
    try {
      // Chromium may hold the new worker back up to five minutes (then a reload); the wait ends
      // early enough for the failure's message to be written within the test's bound
      await expect
        .poll(newDocument, {
          timeout: Math.max(60_000, Math.min(420_000, 690_000 - (Date.now() - started))),
        })
        .toEqual({ fresh: true, build: BUILD_MARK });
    } catch (err) {
      // what the workers were doing, for the log: still waiting, gone, or in control
      const workers = await page
        .evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return {
            active: reg?.active?.state ?? null,
            waiting: reg?.waiting?.state ?? null,
            installing: reg?.installing?.state ?? null,
            accepted: sessionStorage.getItem('pocamarket:update-accepted'),
          };
        })
        .catch((e: unknown) => String(e));
      throw new Error(
        `no new build: ${JSON.stringify(await newDocument())}, workers ${JSON.stringify(workers)}, controller ${await controllerBuild(page).catch(() => 'unknown')}\n${timeline.join('\n')}`,
        { cause: err },
      );
    }
    expect(await controllerBuild(page)).toBe(BUILD_MARK);
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting),
      ),
    ).toBe(false);
    expect(await toast.isVisible()).toBe(false);

    // the like survived the reload: still on the device, still queued, not on the server
    expect(
      await page.evaluate(
        async ({ me, c }) => ({
          queued: await window.__pocamarket.db.outbox.count(),
          liked: !!(await window.__pocamarket.db.likes.where({ user: me, photoCard: c }).first()),
        }),
        { me: userId, c: card },
      ),
    ).toEqual({ queued: 1, liked: true });
    expect(await serverLikes(card)).toBe(0);

    // the signal is back: the like is sent, once
    await context.setOffline(false);
    await until(
      page,
      async () => {
        const p = window.__pocamarket;
        await p.engine.flush({ ignoreBackoff: true });
        return (await p.db.outbox.count()) === 0;
      },
      null,
      20_000,
    );
    expect(await serverLikes(card)).toBe(1);
    // the request's event comes after its answer, later still on a loaded machine
    await expect.poll(() => sent, { timeout: 60_000 }).toEqual([200]);
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e)),
    ).toEqual([]);
    await context.close();
    // its own bound: on a busy machine the new worker may take minutes to activate
  }, 720_000);
});
