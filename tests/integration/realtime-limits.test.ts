/**
 * Realtime clients within bounds, against the real server (pb_hooks/lib/realtime.js): a guest
 * can't subscribe to what only signed-in fans read, an address and an account keep a bounded
 * number of subscribed connections, each refusal a Korean answer in milliseconds; a connection
 * that subscribes to nothing is closed; and a connection holds no hook VM, so more of them than
 * the server's VM pool stay open while writes still land. The bounds are lowered through their
 * environment variables so the test opens a handful of connections, and each connection names
 * its address through a trusted proxy header, as it would behind the production proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, trustProxyHeader, type TestServer } from '../helpers/pocketbase.ts';
import { createCatalogue, createUser, type Actor } from '../helpers/pb-fixtures.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const PER_ADDRESS = 4;
const PER_ACCOUNT = 3;
// long enough that the test with 120 connections subscribes every one of them in time: at 3 s a
// clean clone's run beside the e2e lane lost 8 of 120 to the idle close before their subscribe
const IDLE_SECONDS = 10;
/** How often subscription requests sweep (pb_hooks/lib/realtime.js, sweepNowAndThen). */
const SWEEP_MS = Math.min(5000, (IDLE_SECONDS * 1000) / 2);
/** The tests' hook VM pool (tests/helpers/pocketbase.ts). */
const HOOKS_POOL = 96;
const IP_HEADER = 'X-Test-Client-IP';
const HANGUL = /[가-힣]/;

let server: TestServer;
let su: PocketBase;
let fan: Actor;
let other: Actor;
let publicBook = '';
const open: Array<() => void> = [];

beforeAll(async () => {
  server = await startTestServer({
    publicDir: null,
    rateLimits: 'enforced',
    env: {
      REALTIME_MAX_PER_ADDRESS: String(PER_ADDRESS),
      REALTIME_MAX_PER_ACCOUNT: String(PER_ACCOUNT),
      REALTIME_IDLE_SECONDS: String(IDLE_SECONDS),
    },
  });
  su = await server.admin();
  await trustProxyHeader(su, IP_HEADER);
  await createCatalogue(su);
  [fan, other] = await Promise.all([createUser(server, su), createUser(server, su)]);
  publicBook = (
    await fan.pb.collection('collectBook').create({ users: fan.id, title: '자랑', isPublic: true })
  ).id;
});

afterAll(async () => {
  for (const close of open.splice(0)) close();
  await server?.stop();
});

let lastOctet = 10;
/** A client address of its own for one test. */
const newAddress = () => `203.0.113.${lastOctet++}`;

interface Answer {
  status: number;
  body: { message?: string };
  ms: number;
}

interface Connection {
  clientId: string;
  close: () => void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

/** Opens an SSE connection from `ip`: its client id, or the refusal. */
async function connect(ip: string): Promise<Connection | Answer> {
  const ctrl = new AbortController();
  const started = performance.now();
  const res = await fetch(`${server.url}/api/realtime`, {
    signal: ctrl.signal,
    headers: { [IP_HEADER]: ip },
  });
  if (res.status !== 200) {
    return { status: res.status, body: await res.json(), ms: performance.now() - started };
  }
  const reader = res.body!.getReader();
  let text = '';
  while (!/"clientId":"[^"]+"/.test(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  const close = () => ctrl.abort();
  open.push(close);
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // closed by us
    }
  })();
  return { clientId: /"clientId":"([^"]+)"/.exec(text)![1]!, close, ended };
}

async function connected(ip: string) {
  const c = await connect(ip);
  if (!('clientId' in c)) throw new Error(`connection refused: ${JSON.stringify(c)}`);
  return c;
}

async function subscribe(
  ip: string,
  clientId: string,
  subscriptions: string[],
  token?: string,
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/realtime`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [IP_HEADER]: ip,
      ...(token ? { Authorization: token } : {}),
    },
    body: JSON.stringify({ clientId, subscriptions }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : {},
    ms: performance.now() - started,
  };
}

function expectRefusal(a: Answer, status: number) {
  expect(a.status).toBe(status);
  expect(a.body.message).toMatch(HANGUL);
  expect(a.ms).toBeLessThan(1000);
}

describe('guests', () => {
  it('are not subscribed to what only signed-in fans read, and are to the rest', async () => {
    const ip = newAddress();
    const sse = await connected(ip);
    for (const topic of [
      'likes/*',
      'messages/*',
      'notifications/*',
      'chatReports/*',
      'collectBook/*',
      'uploadLog/*',
      // the older bare form names the list too
      'likes',
      // a fan's own rows are sent by their collection's topic alone (lib/owner-events.js), even
      // for a public book that anyone may view
      `collectBook/${publicBook}`,
    ]) {
      // asked alone: refused
      expectRefusal(await subscribe(ip, sse.clientId, [topic]), 403);
      // asked with public topics (an app whose token the server no longer takes): left out
      expect((await subscribe(ip, sse.clientId, ['photoCards/*', topic])).status).toBe(204);
    }
    // what a guest's app subscribes to
    for (const topics of [
      ['photoCards/*', 'groups/*', 'exchangeList/*', 'comments/*', 'meetUps/*', 'users/*'],
      ['tombstones/*', 'notices/*'],
    ]) {
      expect((await subscribe(ip, sse.clientId, topics)).status).toBe(204);
    }
    // signed in, the same client may subscribe to its own private collections
    const token = fan.pb.authStore.token;
    expect((await subscribe(ip, sse.clientId, ['likes/*', 'messages/*'], token)).status).toBe(204);
  });
});

describe('connections per address', () => {
  it(`keeps ${PER_ADDRESS} subscribed per address and refuses the next with 429, other addresses unaffected`, async () => {
    const ip = newAddress();
    const held = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      const c = await connected(ip);
      expect((await subscribe(ip, c.clientId, ['photoCards/*'])).status).toBe(204);
      held.push(c);
    }
    const next = await connected(ip);
    expectRefusal(await subscribe(ip, next.clientId, ['photoCards/*']), 429);
    // another address still subscribes
    const elsewhere = newAddress();
    const other = await connected(elsewhere);
    expect((await subscribe(elsewhere, other.clientId, ['photoCards/*'])).status).toBe(204);
    // a closed one frees its place
    held.pop()!.close();
    await expect
      .poll(async () => (await subscribe(ip, next.clientId, ['photoCards/*'])).status, {
        timeout: WAIT_MS,
      })
      .toBe(204);
  });

  it('closes a connection that subscribes to nothing, and keeps one that does', async () => {
    const ip = newAddress();
    const idle = await connected(ip);
    const busy = await connected(ip);
    expect((await subscribe(ip, busy.clientId, ['photoCards/*'])).status).toBe(204);
    let closed = false;
    void idle.ended.then(() => (closed = true));
    // a sweep (run by a subscription request at most every SWEEP_MS, or the minute's cron) marks
    // it idle, the first sweep past the idle time after that closes it
    await expect
      .poll(
        async () => {
          await subscribe(ip, busy.clientId, ['photoCards/*']);
          return closed;
        },
        { timeout: IDLE_SECONDS * 1000 + 2 * SWEEP_MS + 5000, interval: 500 },
      )
      .toBe(true);
    // the subscribed one stays
    let busyClosed = false;
    void busy.ended.then(() => (busyClosed = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(busyClosed).toBe(false);
    expect((await subscribe(ip, busy.clientId, ['groups/*'])).status).toBe(204);
  });
});

describe('connections and the hook VMs', () => {
  it(`keeps more subscribed connections than the ${HOOKS_POOL} hook VMs open while writes land`, async () => {
    const n = HOOKS_POOL + 24;
    // each from an address of its own, within the bound per address
    const ips = Array.from({ length: n }, (_, i) => `198.51.100.${i + 1}`);
    // each subscribes as soon as it is connected, as the app does: all connected first, then all
    // subscribing, a loaded machine let the first ones pass the idle bound before their turn
    const opened = await Promise.all(
      ips.map(async (ip) => {
        const c = await connected(ip);
        return { c, a: await subscribe(ip, c.clientId, ['photoCards/*', 'exchangeList/*']) };
      }),
    );
    const conns = opened.map((o) => o.c);
    const statuses = opened.map((o) => o.a);
    expect(statuses.filter((a) => a.status !== 204).map((a) => [a.status, a.body.message])).toEqual(
      [],
    );
    // a fan's write goes through a dozen hooks, each taking a VM from the pool, and still lands
    const card = (await su.collection('photoCards').getList(1, 1)).items[0]!;
    const like = await fan.pb.collection('likes').create({ user: fan.id, photoCard: card.id });
    expect((await su.collection('likes').getOne(like.id)).photoCard).toBe(card.id);
    // every connection is still open
    let ended = 0;
    for (const c of conns) void c.ended.then(() => ended++);
    await new Promise((r) => setTimeout(r, 200));
    expect(ended).toBe(0);
    for (const c of conns) c.close();
  });
});

describe('subscribed connections per account', () => {
  it(`keeps ${PER_ACCOUNT} per account and refuses the next with 429, another fan unaffected`, async () => {
    const token = other.pb.authStore.token;
    const clients = [];
    // each from an address of its own: the account is what is counted
    for (let i = 0; i < PER_ACCOUNT + 1; i++) {
      const ip = newAddress();
      clients.push({ ip, sse: await connected(ip) });
    }
    for (const c of clients.slice(0, PER_ACCOUNT)) {
      expect((await subscribe(c.ip, c.sse.clientId, ['likes/*'], token)).status).toBe(204);
    }
    const last = clients[PER_ACCOUNT]!;
    expectRefusal(await subscribe(last.ip, last.sse.clientId, ['likes/*'], token), 429);
    // a client already counted may change its subscriptions
    const first = clients[0]!;
    expect((await subscribe(first.ip, first.sse.clientId, ['trades/*'], token)).status).toBe(204);
    // the same connection as another fan... is another account's: fine
    const ip = newAddress();
    const mine = await connected(ip);
    expect((await subscribe(ip, mine.clientId, ['likes/*'], fan.pb.authStore.token)).status).toBe(
      204,
    );
    // one of the account's connections closes: the next may subscribe
    first.sse.close();
    await expect
      .poll(async () => (await subscribe(last.ip, last.sse.clientId, ['likes/*'], token)).status, {
        timeout: WAIT_MS,
      })
      .toBe(204);
  });
});
