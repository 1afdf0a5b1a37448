/**
 * A fan's session, our client against the original app's data flow, in the same run on the same
 * server and data: Debian's Chromium, a real PocketBase serving the production build with the
 * demo seed (bench/lib/app.ts). Nothing leaves 127.0.0.1.
 *
 * The session (one scripted fan, the same steps for both clients):
 *
 * 1. page load `/` (home), then log in;
 * 2. page load `/exchange` (the card grid);
 * 3. page load `/exchangeDetail/<first card of the grid>`;
 * 4. page load `/meetup` (the map);
 * 5. page load `/exchange` again; like the first 10 cards of the grid, then unlike the first 2;
 * 6. page load `/LikeDetail` (the wishlist: the 8 cards left liked).
 *
 * Ours: the built app in a fresh phone context (390×844, service workers allowed, empty storage),
 * page loads as real navigations (`page.goto`), each waited until its sync is idle (a pull of this
 * page load has finished); the login through the `window.__pocamarket` handle (the app's own
 * session code); likes by clicking the tiles' hearts. The session ends when the wishlist shows 8
 * cards and the outbox is empty (every like reached the server). Then the superuser checks the
 * server's `likes` of that account are exactly the 8 expected cards (a mismatch goes to
 * `problems`). Each run logs in as a fresh account created by the superuser for it (so no run
 * inherits another's likes), deleted at the end.
 *
 * Baseline (the original app's calls: its loader, login, reads and like toggle), issued with fetch
 * from a page of the same origin (service workers blocked), one after another as the original
 * awaits them:
 *
 * - every page load: `groups` with `expand=photoCards`, all pages of 500 (getFullList); our
 *   server's groups no longer list their cards, so the bench reads the same rows as
 *   `photoCards` with `expand=group`, all pages of 500: one request per 500 cards, as before;
 * - the login: `users/auth-with-password?expand=collectBook`;
 * - the card detail: `GET photoCards/{id}?expand=exchangeList`; `/meetup`: `meetUps`, all pages;
 * - a like or unlike: `GET photoCards/{id}` (read likeCount), `PATCH photoCards/{id}` with
 *   likeCount ± 1, then `PATCH users/{id}` with the user's whole likeList;
 * - the wishlist: `GET photoCards` filtered by the ids in likeList (`id="a" || id="b" …`).
 *
 * Our server's rules do not let a fan PATCH photoCards or write users.likeList (the unsafe shortcut
 * the app replaced with `likes` records and server hooks). So the baseline's writes go to two
 * bench-only collections the superuser creates before the runs, with open rules, mirroring the
 * original schema: `baseline_photoCards` (every demo card copied with the same id and fields,
 * likeCount included; file fields as their stored file names; `group` and `exchangeList`
 * relations to the real collections, so `expand=exchangeList` works) and `baseline_users` (name,
 * likeList as a relation to baseline_photoCards), one fresh record per run. The likes' three calls
 * go to those; the reads of page loads use the real `photoCards` (with their groups) and
 * `meetUps`. Both collections are deleted at the end.
 *
 * Figures (medians over the runs; fresh context per run):
 *
 * - `API requests`: requests to `/api/` seen on the wire, page and service worker (the service
 *   worker may flush the outbox through Background Sync); card and logo images (`/api/files/`)
 *   are left out (both clients load the same files for what is on screen), and so is the realtime
 *   stream (`/api/realtime`, long-lived; the original subscribes only on pages not in this session).
 * - `KiB on the wire`: bytes received for those requests, headers included (CDP
 *   `encodedDataLength` for the page, `request.sizes()` for the service worker).
 * - `KiB sent`: request bodies (PATCH / POST payloads).
 * - `pull rounds` (ours): the sync engine's pulls in the session (at each page load, after the
 *   login, after realtime connects), seen from the page: an init script follows the engine's
 *   status (`pulling`) and counts the pull requests each pull made (`POST /api/pocamarket/pull`,
 *   or a collection list request `GET /api/collections/<name>/records` of the per-collection
 *   pull). `requests per pull round` is that count per pull, over every pull of every run: 1 when
 *   a pull is one request (unless a collection has more than a page of changes).
 * - `wall time`: from the first page load's start to the session's end (ours: wishlist shown and
 *   outbox empty; baseline: last response read). Ours includes loading and rendering six pages
 *   (assets from the service worker after the first); the baseline is only its API calls with no
 *   rendering at all, so its wall time is a lower bound for the original app.
 * - ratios: baseline ÷ ours. The request count is also read against the original's: ours should
 *   make no more (the budget column).
 *
 * The first run starts at least 11 s after the demo seed (when this bench seeded it): the app's
 * delta pulls keep their checkpoints 10 s behind the server clock, so a session right after the
 * seed would download the whole catalogue again on every pull.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import type PocketBase from 'pocketbase';
import {
  buildBenchApp,
  startDemoServer,
  waitForSeedToSettle,
  type BenchApp,
  type DemoServer,
} from '../lib/app.ts';
import { newPhoneContext, PHONE, syncIdle, waitForServiceWorker } from '../lib/app-page.ts';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { NetworkMeter, type NetworkSnapshot } from '../lib/network.ts';
import { budget, type Row } from '../lib/report.ts';
import { pocketBaseVersion, type BenchServer } from '../lib/server.ts';
import { summarize, type Summary } from '../lib/stats.ts';

export interface SessionBenchOptions {
  runs: number;
  /** Cards liked in step 5, then the first `unlikes` of them unliked. */
  likes: number;
  unlikes: number;
  /** A prebuilt app (e.g. from `npm run bench`); otherwise built here and removed after. */
  app?: BenchApp;
  /** A running demo server serving `app`; left with its demo data as found. */
  server?: DemoServer;
  log: (line: string) => void;
}

export const DEFAULTS: SessionBenchOptions = {
  runs: 3,
  likes: 10,
  unlikes: 2,
  log: (line) => console.log(line),
};

const PASSWORD = 'photocard1234';
const PAGE_LOADS = ['/', '/exchange', '/exchangeDetail/:id', '/meetup', '/exchange', '/LikeDetail'];

/** One pull of the sync engine (ours), as the page saw it. */
export interface PullRound {
  /** The page it ran on. */
  page: string;
  /** Pull requests it made (see PULL_REQUEST). */
  requests: number;
  ms: number;
}

export interface SessionSample {
  requests: number;
  wireBytes: number;
  sentBytes: number;
  wallMs: number;
  /** Requests made by the service worker (ours), included in `requests`. */
  swRequests: number;
  byEndpoint: Record<string, number>;
  /** Ours: every pull of the session, in order. */
  pulls?: PullRound[];
}

interface ClientSummary {
  requests: Summary;
  wireKiB: Summary;
  sentKiB: Summary;
  wallMs: Summary;
  swRequests: Summary;
}

interface PullSummary {
  /** Pulls per session. */
  rounds: Summary;
  /** Pull requests per session. */
  requests: Summary;
  /** Requests of each pull, over every pull of every run. */
  requestsPerRound: Summary;
}

export interface SessionBenchResult {
  name: 'session';
  machine: MachineInfo;
  config: {
    runs: number;
    likes: number;
    unlikes: number;
    pageLoads: string[];
    viewport: typeof PHONE;
    demoCards: number;
  };
  ours: ClientSummary & { pulls: PullSummary };
  baseline: ClientSummary;
  ratios: { requests: number; wireBytes: number; wallMs: number };
  samples: { ours: SessionSample[]; baseline: SessionSample[] };
  problems: string[];
  totalMs: number;
}

const isApi = (url: string) => {
  const path = new URL(url).pathname;
  return (
    path.startsWith('/api/') && !path.startsWith('/api/files/') && !path.startsWith('/api/realtime')
  );
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function poll(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Counts the service worker's API requests (the page's are in the CDP meter). */
function meterServiceWorker(context: BrowserContext) {
  const state = {
    requests: 0,
    wireBytes: 0,
    sentBytes: 0,
    byEndpoint: {} as Record<string, number>,
  };
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (r) => {
    if (!r.serviceWorker() || !isApi(r.url())) return;
    state.requests++;
    const key = `SW ${r.method()} ${new URL(r.url()).pathname.replace(/\/[a-z0-9]{15}(?=\/|$)/g, '/:id')}`;
    state.byEndpoint[key] = (state.byEndpoint[key] ?? 0) + 1;
    pending.push(
      r
        .sizes()
        .then((s) => {
          state.wireBytes += s.responseHeadersSize + s.responseBodySize;
          state.sentBytes += s.requestBodySize;
        })
        .catch(() => undefined),
    );
  });
  context.on('requestfailed', (r) => {
    if (r.serviceWorker() && isApi(r.url())) state.requests++;
  });
  return { state, settle: () => Promise.all(pending) };
}

// ---------------------------------------------------------------- ours

/**
 * Follows the sync engine from inside the page: when the app sets its test handle
 * (`window.__pocamarket`), subscribes to the engine's status; from `pulling` going on to it going
 * off is one pull, and the pull requests the page's fetch makes meanwhile are counted for it. Each
 * finished pull is handed to the bench through the `__benchPull` binding (it survives page loads).
 * A string, so the transpiler cannot add helpers (tsx's `__name`) that do not exist in the page.
 */
const PULL_OBSERVER = `(() => {
  if (!location.protocol.startsWith('http')) return;
  const isPull = (method, url) =>
    (method === 'POST' && url.pathname === '/api/pocamarket/pull') ||
    (method === 'GET' && /^\\/api\\/collections\\/[^/]+\\/records$/.test(url.pathname));
  let current = null;
  const nativeFetch = window.fetch;
  window.fetch = function (input, init) {
    try {
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), location.href);
      const method = ((init && init.method) || (request && request.method) || 'GET').toUpperCase();
      if (current && isPull(method, url)) current.requests++;
    } catch (_) {}
    return nativeFetch.apply(this, arguments);
  };
  let handle;
  Object.defineProperty(window, '__pocamarket', {
    configurable: true,
    enumerable: true,
    get() {
      return handle;
    },
    set(value) {
      handle = value;
      const engine = value && value.engine;
      if (!engine) return;
      engine.subscribe(() => {
        const pulling = engine.getStatus().pulling;
        if (pulling && !current) {
          current = { requests: 0, started: performance.now() };
        } else if (!pulling && current) {
          const done = current;
          current = null;
          window.__benchPull({
            page: location.pathname,
            requests: done.requests,
            ms: Math.round(performance.now() - done.started),
          });
        }
      });
    },
  });
})();`;

async function oursSession(
  browser: Browser,
  server: BenchServer,
  email: string,
  opts: SessionBenchOptions,
): Promise<{
  sample: SessionSample;
  userId: string;
  liked: string[];
  expected: string[];
  detailId: string;
}> {
  const context = await newPhoneContext(browser, server);
  try {
    const pulls: PullRound[] = [];
    await context.exposeBinding('__benchPull', (_source, round: PullRound) => {
      pulls.push(round);
    });
    await context.addInitScript({ content: PULL_OBSERVER });
    const page = await context.newPage();
    const meter = await NetworkMeter.attach(context, page, isApi);
    const sw = meterServiceWorker(context);
    const tiles = page.getByTestId('photo-card');
    const t0 = performance.now();

    // 1. home, then log in
    await page.goto('/');
    await waitForServiceWorker(page);
    await syncIdle(page);
    const { userId, loginAt } = await page.evaluate(
      async ({ email, password }) => {
        const loginAt = Date.now();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const user = (await (window as any).__pocamarket.login(email, password)) as { id: string };
        return { userId: user.id, loginAt };
      },
      { email, password: PASSWORD },
    );
    // the engine follows the login by itself (claims the private tables, pulls, flushes)
    await poll('the logged-in pull', () =>
      page.evaluate(
        ({ id, since }) => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const s = (window as any).__pocamarket.engine.getStatus();
          return s.userId === id && !s.pulling && s.lastPullAt !== null && s.lastPullAt > since;
        },
        { id: userId, since: loginAt },
      ),
    );

    // 2. the grid
    await page.goto('/exchange');
    await tiles.first().waitFor({ timeout: 30_000 });
    await syncIdle(page);
    const detailId = (await tiles.first().getAttribute('data-card-id')) ?? '';

    // 3. a card's detail
    await page.goto(`/exchangeDetail/${detailId}`);
    await page.getByTestId('like-button').first().waitFor({ timeout: 30_000 });
    await syncIdle(page);

    // 4. the map
    await page.goto('/meetup');
    await syncIdle(page);

    // 5. the grid again: like, then unlike
    await page.goto('/exchange');
    await tiles.nth(opts.likes - 1).waitFor({ timeout: 30_000 });
    await syncIdle(page);
    const ids = await tiles.evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-card-id') ?? ''),
    );
    const liked = ids.slice(0, opts.likes);
    const pressed = page.locator('[data-testid="like-button"][aria-pressed="true"]');
    for (const id of liked) {
      await page.locator(`[data-card-id="${id}"] [data-testid="like-button"]`).click();
    }
    await poll('the hearts', async () => (await pressed.count()) === opts.likes, 15_000, 50);
    for (const id of liked.slice(0, opts.unlikes)) {
      await page.locator(`[data-card-id="${id}"] [data-testid="like-button"]`).click();
    }
    const expected = liked.slice(opts.unlikes);
    await poll('the hearts', async () => (await pressed.count()) === expected.length, 15_000, 50);

    // 6. the wishlist, until it shows the cards and every like has reached the server
    await page.goto('/LikeDetail');
    await poll('the wishlist', async () => (await tiles.count()) === expected.length, 30_000, 50);
    await syncIdle(page);
    await poll(
      'the outbox to empty',
      () =>
        page.evaluate(
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          async () => (await (window as any).__pocamarket.db.outbox.count()) === 0,
        ),
      30_000,
      50,
    );
    const wallMs = performance.now() - t0;
    await meter.settle();
    await sw.settle();
    const snap: NetworkSnapshot = meter.snapshot();
    await meter.detach();
    const byEndpoint = { ...snap.byEndpoint };
    for (const [k, v] of Object.entries(sw.state.byEndpoint)) byEndpoint[k] = v;
    return {
      sample: {
        requests: snap.requests + sw.state.requests,
        wireBytes: snap.wireBytes + sw.state.wireBytes,
        sentBytes: snap.sentBytes + sw.state.sentBytes,
        wallMs,
        swRequests: sw.state.requests,
        byEndpoint,
        pulls: [...pulls],
      },
      userId,
      liked,
      expected,
      detailId,
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- baseline

const BASE_CARDS = 'baseline_photoCards';
const BASE_USERS = 'baseline_users';

async function dropBaseline(admin: PocketBase): Promise<void> {
  for (const name of [BASE_USERS, BASE_CARDS]) {
    await admin.collections.delete(name).catch(() => undefined);
  }
}

/** The bench-only copy of the original schema, with the demo cards; returns the card count. */
async function createBaseline(admin: PocketBase): Promise<number> {
  await dropBaseline(admin);
  const groups = await admin.collections.getOne('groups');
  const exchangeList = await admin.collections.getOne('exchangeList');
  const open = { listRule: '', viewRule: '', createRule: '', updateRule: '', deleteRule: '' };
  const cardsCol = await admin.collections.create({
    name: BASE_CARDS,
    type: 'base',
    ...open,
    fields: [
      { type: 'text', name: 'cardImg' },
      { type: 'text', name: 'logoImage' },
      { type: 'text', name: 'groupName' },
      { type: 'text', name: 'memberName' },
      { type: 'text', name: 'memberNameEn' },
      { type: 'text', name: 'title' },
      { type: 'text', name: 'label' },
      { type: 'number', name: 'likeCount' },
      { type: 'relation', name: 'group', collectionId: groups.id, maxSelect: 1 },
      {
        type: 'relation',
        name: 'exchangeList',
        collectionId: exchangeList.id,
        maxSelect: 100000,
      },
      { type: 'autodate', name: 'created', onCreate: true },
      { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
    ],
  });
  await admin.collections.create({
    name: BASE_USERS,
    type: 'base',
    ...open,
    fields: [
      { type: 'text', name: 'name' },
      { type: 'text', name: 'username' },
      { type: 'relation', name: 'likeList', collectionId: cardsCol.id, maxSelect: 100000 },
      { type: 'autodate', name: 'created', onCreate: true },
      { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
    ],
  });
  const cards = await admin.collection('photoCards').getFullList({ batch: 500 });
  const queue = [...cards];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      await admin.collection(BASE_CARDS).create(
        {
          id: c.id,
          cardImg: c.cardImg,
          logoImage: c.logoImage,
          groupName: c.groupName,
          memberName: c.memberName,
          memberNameEn: c.memberNameEn,
          title: c.title,
          label: c.label,
          likeCount: c.likeCount,
          group: c.group,
          exchangeList: c.exchangeList,
        },
        { requestKey: null },
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return cards.length;
}

interface BaselinePlan {
  email: string;
  password: string;
  baseUserId: string;
  detailId: string;
  like: string[];
  unlike: string[];
}

/**
 * Runs in the page: the original app's calls for the session, in order; resolves to the wall time.
 * Plain JavaScript in a string, so the transpiler cannot add helpers (tsx's `__name`) that do not
 * exist in the page.
 */
const BASELINE_IN_PAGE = `async (plan) => {
  const t0 = performance.now();
  let token = '';
  const call = async (method, path, body) => {
    const headers = {};
    if (token) headers.Authorization = token;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(\`\${method} \${path}: \${res.status}\`);
    return res.json();
  };
  const fullList = async (collection, query) => {
    for (let p = 1; ; p++) {
      const body = await call(
        'GET',
        \`/api/collections/\${collection}/records?page=\${p}&perPage=500\${query}\`,
      );
      if (body.page >= body.totalPages) return;
    }
  };
  const pageLoad = () => fullList('photoCards', '&expand=group');
  const likeList = [];
  const toggle = async (id, liked) => {
    const card = await call('GET', \`/api/collections/baseline_photoCards/records/\${id}\`);
    await call('PATCH', \`/api/collections/baseline_photoCards/records/\${id}\`, {
      likeCount: Math.max(0, card.likeCount + (liked ? 1 : -1)),
    });
    if (liked) likeList.push(id);
    else likeList.splice(likeList.indexOf(id), 1);
    await call('PATCH', \`/api/collections/baseline_users/records/\${plan.baseUserId}\`, {
      likeList,
    });
  };

  await pageLoad(); // 1. home
  const auth = await call('POST', '/api/collections/users/auth-with-password?expand=collectBook', {
    identity: plan.email,
    password: plan.password,
  });
  token = auth.token;
  await pageLoad(); // 2. /exchange
  await pageLoad(); // 3. the detail
  await call('GET', \`/api/collections/photoCards/records/\${plan.detailId}?expand=exchangeList\`);
  await pageLoad(); // 4. /meetup
  await fullList('meetUps', '');
  await pageLoad(); // 5. /exchange, likes
  for (const id of plan.like) await toggle(id, true);
  for (const id of plan.unlike) await toggle(id, false);
  await pageLoad(); // 6. the wishlist
  if (likeList.length) {
    const filter = encodeURIComponent(likeList.map((id) => \`id="\${id}"\`).join(' || '));
    await fullList('baseline_photoCards', \`&filter=\${filter}\`);
  }
  return performance.now() - t0;
}`;

async function baselineSession(
  browser: Browser,
  server: BenchServer,
  plan: BaselinePlan,
): Promise<SessionSample> {
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/manifest.webmanifest');
    const meter = await NetworkMeter.attach(context, page, isApi);
    const wallMs = (await page.evaluate(
      `(${BASELINE_IN_PAGE})(${JSON.stringify(plan)})`,
    )) as number;
    await meter.settle();
    const snap = meter.snapshot();
    await meter.detach();
    return {
      requests: snap.requests,
      wireBytes: snap.wireBytes,
      sentBytes: snap.sentBytes,
      wallMs,
      swRequests: 0,
      byEndpoint: snap.byEndpoint,
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- the benchmark

function summarizeClient(samples: SessionSample[]): ClientSummary {
  return {
    requests: summarize(samples.map((s) => s.requests)),
    wireKiB: summarize(samples.map((s) => s.wireBytes / 1024)),
    sentKiB: summarize(samples.map((s) => s.sentBytes / 1024)),
    wallMs: summarize(
      samples.map((s) => s.wallMs),
      0,
    ),
    swRequests: summarize(samples.map((s) => s.swRequests)),
  };
}

export async function runSessionBench(partial: Partial<SessionBenchOptions> = {}): Promise<{
  result: SessionBenchResult;
  rows: Row[];
}> {
  const opts: SessionBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const started = performance.now();
  const cleanup: (() => Promise<void>)[] = [];
  const problems: string[] = [];
  try {
    let app = opts.app;
    if (!app && !opts.server) {
      log('building the app…');
      app = await buildBenchApp({ testApi: true });
      const built = app;
      cleanup.push(() => built.dispose());
    }
    let server = opts.server;
    if (!server) {
      server = await startDemoServer(app!);
      const s = server;
      cleanup.unshift(() => s.stop());
    }
    const admin = await server.admin();
    admin.autoCancellation(false);

    // the demo's like counts, to put back whatever deleting the bench accounts changes
    const countsBefore = new Map(
      (
        await admin.collection('photoCards').getFullList({ batch: 500, fields: 'id,likeCount' })
      ).map((c) => [c.id, c.likeCount as number]),
    );
    const accounts: string[] = [];
    cleanup.unshift(async () => {
      for (const id of accounts)
        await admin
          .collection('users')
          .delete(id)
          .catch(() => undefined);
      const after = await admin
        .collection('photoCards')
        .getFullList({ batch: 500, fields: 'id,likeCount' });
      for (const c of after) {
        const before = countsBefore.get(c.id);
        if (before !== undefined && before !== c.likeCount) {
          await admin
            .collection('photoCards')
            .update(c.id, { likeCount: before })
            .catch((err: unknown) =>
              problems.push(`could not restore likeCount of ${c.id}: ${String(err)}`),
            );
        }
      }
    });
    cleanup.unshift(() => dropBaseline(admin));
    log('copying the demo cards into the baseline collections…');
    const demoCards = await createBaseline(admin);

    // the app's delta pulls keep their checkpoints 10 s behind the server clock (pull.ts), so a
    // pull within 10 s of the seed would read the whole seed again: start after that window
    await waitForSeedToSettle(server);

    const { browser, version } = await launchBenchBrowser();
    cleanup.unshift(() => browser.close());

    const ours: SessionSample[] = [];
    const baseline: SessionSample[] = [];
    const stamp = Date.now().toString(36);
    for (let run = 0; run < opts.runs; run++) {
      const email = `bench-session-${stamp}-${run}@example.com`;
      const user = await admin.collection('users').create({
        email,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        username: `bs_${stamp}_${run}`,
        name: `bench ${run + 1}`,
        verified: true,
        emailVisibility: false,
      });
      accounts.push(user.id);

      const o = await oursSession(browser, server, email, opts);
      ours.push(o.sample);
      const onServer = (
        await admin
          .collection('likes')
          .getFullList({ filter: admin.filter('user = {:u}', { u: o.userId }) })
      )
        .map((l) => l.photoCard as string)
        .sort();
      if (JSON.stringify(onServer) !== JSON.stringify([...o.expected].sort())) {
        problems.push(
          `run ${run + 1} ours: server likes ${JSON.stringify(onServer)} != expected ${JSON.stringify(o.expected)}`,
        );
      }

      const baseUser = await admin
        .collection(BASE_USERS)
        .create({ name: `bench ${run + 1}`, username: `bs_${stamp}_${run}`, likeList: [] });
      // the same cards as ours: the first `likes` of the grid, the first `unlikes` unliked
      const like = o.liked;
      const b = await baselineSession(browser, server, {
        email,
        password: PASSWORD,
        baseUserId: baseUser.id,
        detailId: o.detailId,
        like,
        unlike: like.slice(0, opts.unlikes),
      });
      baseline.push(b);
      const stored = (await admin.collection(BASE_USERS).getOne(baseUser.id)).likeList as string[];
      if (JSON.stringify([...stored].sort()) !== JSON.stringify([...o.expected].sort())) {
        problems.push(`run ${run + 1} baseline: likeList ${JSON.stringify(stored)} != expected`);
      }
      log(
        `  run ${run + 1}: ours ${o.sample.requests} req ` +
          `(${o.sample.swRequests} by the SW) ${(o.sample.wireBytes / 1024).toFixed(0)} KiB ` +
          `${o.sample.wallMs.toFixed(0)} ms; baseline ${b.requests} req ` +
          `${(b.wireBytes / 1024).toFixed(0)} KiB ${b.wallMs.toFixed(0)} ms`,
      );
    }

    const allPulls = ours.flatMap((o) => o.pulls ?? []);
    const oursSum = {
      ...summarizeClient(ours),
      pulls: {
        rounds: summarize(ours.map((o) => o.pulls?.length ?? 0)),
        requests: summarize(ours.map((o) => (o.pulls ?? []).reduce((n, p) => n + p.requests, 0))),
        requestsPerRound: summarize(allPulls.map((p) => p.requests)),
      },
    };
    if (!allPulls.length) problems.push('ours: no pull seen (the page observer found no engine)');
    const baseSum = summarizeClient(baseline);
    const ratio = (a: number, b: number) => Number((a / b).toFixed(1));
    const ratios = {
      requests: ratio(baseSum.requests.median, oursSum.requests.median),
      wireBytes: ratio(baseSum.wireKiB.median, oursSum.wireKiB.median),
      wallMs: ratio(baseSum.wallMs.median, oursSum.wallMs.median),
    };
    const result: SessionBenchResult = {
      name: 'session',
      machine: machineInfo({ chromium: version, pocketbase: pocketBaseVersion() ?? undefined }),
      config: {
        runs: opts.runs,
        likes: opts.likes,
        unlikes: opts.unlikes,
        pageLoads: PAGE_LOADS,
        viewport: PHONE,
        demoCards,
      },
      ours: oursSum,
      baseline: baseSum,
      ratios,
      samples: { ours, baseline },
      problems,
      totalMs: 0,
    };
    const perRound = oursSum.pulls.requestsPerRound;
    const rows: Row[] = [
      {
        figure: 'ours: API requests',
        value: oursSum.requests,
        unit: 'requests',
        budget: budget(oursSum.requests, '<=', baseSum.requests.median, '(the original)'),
      },
      { figure: 'ours: pull rounds', value: oursSum.pulls.rounds, unit: 'pulls' },
      {
        figure: 'ours: requests per pull round',
        value: perRound,
        unit: `requests (${allPulls.length} pulls)`,
        budget: allPulls.length
          ? `= 1: ${perRound.max <= 1 && perRound.min >= 1 ? 'met' : 'missed'} (every pull)`
          : '= 1: no figure',
      },
      { figure: 'ours: pull requests', value: oursSum.pulls.requests, unit: 'requests' },
      {
        figure: 'ours: of which by the service worker',
        value: oursSum.swRequests,
        unit: 'requests',
      },
      { figure: 'ours: received on the wire', value: oursSum.wireKiB, unit: 'KiB' },
      { figure: 'ours: sent', value: oursSum.sentKiB, unit: 'KiB' },
      { figure: 'ours: wall time', value: oursSum.wallMs, unit: 'ms' },
      { figure: 'original: API requests', value: baseSum.requests, unit: 'requests' },
      { figure: 'original: received on the wire', value: baseSum.wireKiB, unit: 'KiB' },
      { figure: 'original: sent', value: baseSum.sentKiB, unit: 'KiB' },
      { figure: 'original: wall time (API calls only)', value: baseSum.wallMs, unit: 'ms' },
      { figure: 'requests: original ÷ ours', value: ratios.requests, unit: '×' },
      { figure: 'bytes received: original ÷ ours', value: ratios.wireBytes, unit: '×' },
      { figure: 'wall time: original ÷ ours', value: ratios.wallMs, unit: '×' },
    ];
    if (problems.length)
      rows.push({ figure: 'problems', value: problems.length, unit: 'see JSON' });
    return { result: Object.assign(result, { totalMs: performance.now() - started }), rows };
  } finally {
    for (const fn of cleanup) await fn().catch(() => undefined);
  }
}
