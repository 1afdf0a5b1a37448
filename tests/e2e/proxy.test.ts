/**
 * 포카마켓 behind a real TLS proxy, as deploy/ sets it up (docs/production.md, Proxy): Debian's
 * Caddy serving deploy/pocamarket.caddy (the production site) on https://pocamarket.test:<port>
 * with its own internal CA, in front of a PocketBase serving the built app with the trusted-proxy
 * settings from its environment (TRUSTED_PROXY_HEADERS=X-Forwarded-For,
 * pb_hooks/proxy-settings.pb.js) and the production rate limits (loopback not exempt). Chromium (the full one, for push) trusts
 * the CA by the key of the intermediate Caddy sends and reaches the name by a resolver rule
 * (tests/helpers/caddy.ts); the name is no localhost one, so the page is a secure context only
 * because its HTTPS is trusted.
 *
 * Through the proxy: the service worker installs and controls the page, realtime events stream,
 * the build's files keep their precompressed encoding, HSTS is sent; a like made offline lands
 * once the network is back; a fan subscribes to alerts, and the standalone dispatcher
 * (server/push/main.ts, as pocamarket-push.service runs it) sends the alert, which the worker
 * shows. While PocketBase restarts a read waits for it, and a like sent meanwhile lands once. The
 * rate limiter counts each client by its own address as Caddy reports it (clients on different
 * loopback addresses), and one a client writes into X-Forwarded-For or X-Real-IP is never
 * believed through the proxy; a direct request to PocketBase is believed whatever it says, which
 * is why PocketBase listens on 127.0.0.1 only (checked here, and in the unit file).
 *
 * Skipped, saying so, when Caddy is not installed (tests/helpers/ensure-chromium.sh installs it
 * as root).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DIST_DIR, ROOT } from '../../server/pocketbase.ts';
import { ko } from '../../src/i18n/ko.ts';
import { openApp, PASSWORD, waitForOutboxEmpty } from '../helpers/app.ts';
import { launchBrowserWithArgs, newContext, PHONE } from '../helpers/browser.ts';
import { caddyBin, startCaddy, type TestCaddy } from '../helpers/caddy.ts';
import { freePort, startTestServer, SUPERUSER, type TestServer } from '../helpers/pocketbase.ts';
import { createCard, createCatalogue, uniq, type Catalogue } from '../helpers/pb-fixtures.ts';
import {
  b64url,
  decryptPayload,
  startPushService,
  verifyVapid,
  type PushService,
  type TestSubscription,
} from '../helpers/push-service.ts';
import { installFakePushManager, registrationId } from '../helpers/push-subscription.ts';

const CADDY = caddyBin();
if (!CADDY) {
  console.warn(
    "[proxy e2e] skipped: Debian's caddy is not installed (apt-get install caddy, or run tests/helpers/ensure-chromium.sh as root)",
  );
}

let server: TestServer;
let caddy: TestCaddy;
let browser: Browser;
let su: PocketBase;
let push: PushService;
let certDir: string;
let catalogue: Catalogue;
let fan: RecordModel;
let dispatcher: ChildProcess | undefined;
let dispatcherLog = '';
const vapid = { subject: 'mailto:proxy-test@example.com', ...webpush.generateVAPIDKeys() };

/** A loopback address of its own for one client (127.0.0.0/8 is all loopback on Linux). */
const clientAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;

beforeAll(async () => {
  if (!CADDY) return;
  certDir = mkdtempSync(join(tmpdir(), 'proxy-push-'));
  push = await startPushService(certDir);
  const port = await freePort();
  const origin = `https://pocamarket.test:${port}`;
  server = await startTestServer({
    publicDir: DIST_DIR,
    rateLimits: 'enforced',
    env: {
      TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
      TRUSTED_PROXY_LEFTMOST: 'false',
      APP_URL: origin,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      // the local push service is on 127.0.0.1 (tests only)
      PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
    },
  });
  su = await server.admin();
  catalogue = await createCatalogue(su);
  const tag = uniq();
  fan = await su.collection('users').create({
    email: `proxy-${tag}@test.local`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: `px${tag}`.slice(0, 20),
    name: '프록시팬',
  });
  caddy = await startCaddy({ upstream: `127.0.0.1:${server.port}`, port });
  expect(caddy.origin).toBe(origin);
  browser = await launchBrowserWithArgs(caddy.chromiumArgs, { full: true });
});

afterAll(async () => {
  if (dispatcher && dispatcher.exitCode === null) {
    const exited = new Promise((resolve) => dispatcher!.once('exit', resolve));
    dispatcher.kill('SIGTERM');
    await exited;
  }
  await browser?.close();
  await caddy?.stop();
  await server?.stop();
  await push?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as Record<string, unknown>;

/** A password-reset request for an address nobody has (no mail is sent; it still counts). */
const resetBody = () => JSON.stringify({ email: `nobody-${uniq()}@test.local` });
const RESET = '/api/collections/users/request-password-reset';

/** What PocketBase takes for the client's address (its health answer says so to a superuser). */
async function seenThroughProxy(from: string, headers: Record<string, string> = {}) {
  const res = await caddy.request('/api/health', {
    localAddress: from,
    headers: { Authorization: su.authStore.token, ...headers },
  });
  expect(res.status).toBe(200);
  return (json(res.body)['data'] as { realIP: string }).realIP;
}

/** Resolves with the error code of a TCP connection to `host:port` ('' when it connects). */
function connectResult(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? String(err)));
  });
}

/** The notifications the worker shows now, by tag. */
const shownTags = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => n.tag);
  });

describe.skipIf(!CADDY)('behind Caddy (TLS, trusted proxy)', () => {
  it('counts each client by the address the proxy reports, never one a client writes', async () => {
    // the settings came from the environment at start
    const settings = await su.settings.getAll();
    expect(settings['trustedProxy']).toEqual({
      headers: ['X-Forwarded-For'],
      useLeftmostIP: false,
    });
    const rules = (settings['rateLimits'] as { rules: { label: string; maxRequests: number }[] })
      .rules;
    const max = rules.find((r) => r.label === '*:requestPasswordReset')!.maxRequests;
    expect(max).toBeGreaterThan(0);

    const a = clientAddress();
    let b = clientAddress();
    while (b === a) b = clientAddress();
    const reset = (from: string, headers: Record<string, string> = {}) =>
      caddy.request(RESET, {
        method: 'POST',
        localAddress: from,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: resetBody(),
      });

    // PocketBase sees each client's own address, whatever the client writes
    expect(await seenThroughProxy(a)).toBe(a);
    expect(
      await seenThroughProxy(b, { 'X-Forwarded-For': '203.0.113.7', 'X-Real-IP': '203.0.113.8' }),
    ).toBe(b);

    // client a uses up its allowance…
    for (let i = 0; i < max; i++) expect((await reset(a)).status).toBe(204);
    expect((await reset(a)).status).toBe(429);
    // …and cannot get a fresh one by naming another address: Caddy replaces the header
    const forged = await reset(a, {
      'X-Forwarded-For': '198.51.100.9',
      'X-Real-IP': '198.51.100.9',
    });
    expect(forged.status).toBe(429);
    // client b has its own; the proxy's address (127.0.0.1) was never the one counted
    expect((await reset(b)).status).toBe(204);

    // A direct connection to PocketBase is believed whatever header it sends: here it spends a's
    // allowance, or gets a fresh one under a made-up address. Nothing outside this machine can
    // make one: PocketBase listens on 127.0.0.1 alone (not even on another loopback address)…
    const direct = (xff: string) =>
      fetch(`${server.url}${RESET}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': xff },
        body: resetBody(),
      });
    expect((await direct(a)).status).toBe(429);
    expect((await direct('198.51.100.10')).status).toBe(204);
    expect(await connectResult(b, server.port)).toBe('ECONNREFUSED');
    // …and so does the production unit (Caddy proxies to that address)
    const unit = readFileSync(join(ROOT, 'deploy/pocamarket-pocketbase.service'), 'utf8');
    expect(unit).toMatch(/^\s+--http 127\.0\.0\.1:8090 \\$/m);
    expect(readFileSync(join(ROOT, 'deploy/pocamarket.caddy'), 'utf8')).toContain(
      'reverse_proxy {$POCAMARKET_UPSTREAM:127.0.0.1:8090}',
    );
  });

  it('serves the app over HTTPS: the service worker controls the page, realtime streams, files stay precompressed', async () => {
    const context = await newContext(browser, PHONE, caddy.origin);
    const { page, errors } = await openApp(browser, PHONE, { context });
    expect(
      await page.evaluate(() => ({
        protocol: location.protocol,
        secure: isSecureContext,
        worker: navigator.serviceWorker.controller?.scriptURL,
      })),
    ).toEqual({ protocol: 'https:', secure: true, worker: `${caddy.origin}/sw.js` });

    // realtime through the proxy: an event reaches the page while its stream stays open
    const card = catalogue.card.id;
    await page.evaluate(
      (topic) =>
        new Promise<void>((resolve, reject) => {
          const w = window as unknown as { __events: unknown[] };
          w.__events = [];
          const es = new EventSource('/api/realtime');
          es.addEventListener('PB_CONNECT', (e) => {
            const { clientId } = JSON.parse((e as MessageEvent<string>).data) as {
              clientId: string;
            };
            fetch('/api/realtime', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ clientId, subscriptions: [topic] }),
            }).then(
              (r) => (r.ok ? resolve() : reject(new Error(`subscribe: ${r.status}`))),
              reject,
            );
          });
          es.addEventListener(topic, (e) =>
            w.__events.push(JSON.parse((e as MessageEvent<string>).data)),
          );
        }),
      `photoCards/${card}`,
    );
    await su.collection('photoCards').update(card, { title: '프록시 너머 실시간' });
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { __events: { record: { title: string } }[] }).__events.map(
            (e) => e.record.title,
          ),
        ),
      )
      .toContain('프록시 너머 실시간');

    // HSTS on the pages; a built script goes out as the build's own brotli copy
    const home = await caddy.request('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(home.status).toBe(200);
    expect(home.headers['strict-transport-security']).toBe('max-age=31536000');
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(
      readFileSync(join(DIST_DIR, 'index.html'), 'utf8'),
    )![1]!;
    const js = await caddy.request(script, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.body.length).toBe(statSync(join(DIST_DIR, `${script}.br`)).size);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a like made offline once the network is back', async () => {
    const context = await newContext(browser, PHONE, caddy.origin);
    const { page, errors, userId } = await openApp(browser, PHONE, {
      context,
      login: fan['email'] as string,
    });
    const card = catalogue.card.id;
    const likes = async () =>
      (
        await su.collection('likes').getFullList({
          filter: su.filter('user = {:u} && photoCard = {:c}', { u: userId, c: card }),
        })
      ).length;
    expect(await likes()).toBe(0);

    await context.setOffline(true);
    await expect.poll(() => page.getByText(ko.sync.offline).isVisible()).toBe(true);
    await page.evaluate((c) => window.__pocamarket.repos.setLike(c, true), card);
    await expect
      .poll(() => page.getByTestId('pending-count').textContent())
      .toBe(ko.sync.pendingCount(1));
    expect(await likes()).toBe(0);

    await context.setOffline(false);
    await expect.poll(likes, { timeout: 60_000 }).toBe(1);
    await waitForOutboxEmpty(page);
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e)),
    ).toEqual([]);
    await context.close();
  });

  it('subscribes to alerts through the proxy; the standalone dispatcher sends one, the worker shows it', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const path = `/proxy/${uniq()}`;
    const sub: TestSubscription = {
      id: '',
      path,
      endpoint: `${push.origin}${path}`,
      ecdh,
      auth: b64url(randomBytes(16)),
    };
    const context: BrowserContext = await newContext(browser, PHONE, caddy.origin);
    await context.grantPermissions(['notifications'], { origin: caddy.origin });
    // Headless Chromium has no push service: the page's PushManager hands out this subscription
    // (tests/helpers/push-subscription.ts, as in tests/e2e/push-platforms.test.ts); the rest is
    // the app's own
    await installFakePushManager(context, {
      endpoint: sub.endpoint,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: sub.auth },
    });
    const { page, errors, userId } = await openApp(browser, PHONE, {
      context,
      login: fan['email'] as string,
    });

    // the fan turns an alert on: the device's subscription is saved through the proxy
    await page.goto('/settings/notifications');
    const comment = page.getByRole('switch', { name: '내가 댓글 단 밋업의 새 댓글' });
    await expect.poll(() => comment.isEnabled(), { timeout: 60_000 }).toBe(true);
    await comment.click();
    await expect.poll(() => comment.isChecked(), { timeout: 60_000 }).toBe(true);
    const devices = () =>
      su
        .collection('pushSubscriptions')
        .getFullList({ filter: su.filter('user = {:u}', { u: userId }) });
    await expect
      .poll(async () => (await devices()).map((d) => d['endpoint']), { timeout: 60_000 })
      .toEqual([sub.endpoint]);

    // the dispatcher as its unit runs it: its own process, a superuser from the environment
    dispatcher = spawn(process.execPath, ['--import', 'tsx', 'server/push/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PB_URL: server.url,
        APP_URL: caddy.origin,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
        POCAMARKET_SUPERUSER_EMAIL: SUPERUSER.email,
        POCAMARKET_SUPERUSER_PASSWORD: SUPERUSER.password,
        PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
        // the local push service's self-signed certificate
        NODE_EXTRA_CA_CERTS: join(certDir, 'cert.pem'),
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dispatcher.stdout!.on('data', (d: Buffer) => (dispatcherLog += d.toString()));
    dispatcher.stderr!.on('data', (d: Buffer) => (dispatcherLog += d.toString()));

    const row = await su.collection('notifications').create({
      user: userId,
      topic: 'comment',
      title: '프록시 뒤에서 온 알림',
      body: '새 댓글이 달렸어요',
      url: `/meetupDetail/${catalogue.meetUp.id}`,
      read: false,
    });
    await expect
      .poll(() => push.deliveries.filter((d) => d.path === path).length, {
        timeout: 60_000,
        message: `the dispatcher said:\n${dispatcherLog}`,
      })
      .toBe(1);
    const delivery = push.deliveries.find((d) => d.path === path)!;
    verifyVapid(delivery.headers['authorization'], vapid, push.origin);
    const payload = decryptPayload(delivery, sub);
    expect(payload).toMatchObject({
      id: row.id,
      url: `/meetupDetail/${catalogue.meetUp.id}`,
      notification: {
        title: '프록시 뒤에서 온 알림',
        navigate: `${caddy.origin}/meetupDetail/${catalogue.meetUp.id}`,
      },
    });
    await expect
      .poll(async () => !!(await su.collection('notifications').getOne(row.id))['sentAt'])
      .toBe(true);

    // the message reaches the worker of the https origin, which shows it (DevTools' push
    // emulation now and then drops a delivery: tests/e2e/alerts.test.ts; at most three)
    await page.goto('/');
    const cdp = await context.newCDPSession(page);
    const regId = await registrationId(cdp);
    for (let attempt = 1; ; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: caddy.origin,
        registrationId: regId,
        data: JSON.stringify(payload),
      });
      const shown = await expect
        .poll(() => shownTags(page), { timeout: 6_000 })
        .toContain(row.id)
        .then(() => true)
        .catch(() => false);
      if (shown) break;
      if (attempt === 3) throw new Error('the push was not shown after 3 deliveries');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('waits out a PocketBase restart: a read is answered, a like sent meanwhile lands once', async () => {
    const card = await createCard(su, catalogue.group);
    const context = await newContext(browser, PHONE, caddy.origin, { serviceWorker: false });
    const { page, errors, userId } = await openApp(browser, PHONE, {
      context,
      serviceWorker: false,
      login: fan['email'] as string,
    });
    const likes = async () =>
      (
        await su.collection('likes').getFullList({
          filter: su.filter('user = {:u} && photoCard = {:c}', { u: userId, c: card.id }),
        })
      ).length;
    // what the like's sends were answered, in order
    const likeSends: number[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && res.url().includes('/collections/likes/records'))
        likeSends.push(res.status());
    });
    let read: Promise<{ status: number; protocol: string }> | undefined;
    await server.restart(() => {
      // PocketBase is down. A read waits in Caddy until it is back (tried again for up to 10 s);
      // the like's request carries a body, which Caddy does not hold: it fails, and the outbox
      // keeps the like and sends it again (docs/production.md, Proxy)
      read = page.evaluate(async () => {
        const res = await fetch('/api/health');
        // the page's connection, which the fetch shares
        const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return { status: res.status, protocol: nav!.nextHopProtocol };
      });
      void page.evaluate((c) => window.__pocamarket.repos.setLike(c, true), card.id);
    });
    expect(await read!).toEqual({ status: 200, protocol: 'h2' });
    await expect.poll(likes).toBe(1);
    await waitForOutboxEmpty(page);
    await expect.poll(() => page.getByTestId('pending-count').isVisible()).toBe(false);
    // sent while PocketBase was down and refused, then sent again by the outbox, which landed once
    expect(likeSends[0]).toBe(502);
    expect(likeSends.at(-1)).toBe(200);
    expect(likeSends.filter((status) => status < 300)).toHaveLength(1);
    expect(await likes()).toBe(1);
    expect(errors.filter((e) => !/502|Bad Gateway|Failed to fetch|net::/.test(e))).toEqual([]);
    await context.close();
  });
});
