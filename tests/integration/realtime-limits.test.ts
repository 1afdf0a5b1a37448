/**
 * Realtime clients within bounds, against the real server (pb_hooks/lib/realtime.js): a guest
 * can't subscribe to what only signed-in fans read, an address keeps a bounded number of
 * connections and an account a bounded number of subscribed ones, each refusal a Korean answer in
 * milliseconds. The bounds are lowered through their environment variables so the test opens a
 * handful of connections, and each connection names its address through a trusted proxy header,
 * as it would behind the production proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createCatalogue, createUser, type Actor } from '../helpers/pb-fixtures.ts';

const PER_ADDRESS = 4;
const PER_ACCOUNT = 3;
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
    },
  });
  su = await server.admin();
  const settings = await su.settings.getAll();
  await su.settings.update({
    trustedProxy: { ...(settings['trustedProxy'] as object), headers: [IP_HEADER] },
  });
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

/** Opens an SSE connection from `ip`: its client id, or the refusal. */
async function connect(ip: string): Promise<{ clientId: string; close: () => void } | Answer> {
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
  return { clientId: /"clientId":"([^"]+)"/.exec(text)![1]!, close };
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
    ]) {
      // asked alone: refused
      expectRefusal(await subscribe(ip, sse.clientId, [topic]), 403);
      // asked with public topics (an app whose token the server no longer takes): left out
      expect((await subscribe(ip, sse.clientId, ['photoCards/*', topic])).status).toBe(204);
    }
    // what a guest's app subscribes to, and a public book by its id (its view rule lets anyone)
    for (const topics of [
      ['photoCards/*', 'groups/*', 'exchangeList/*', 'comments/*', 'meetUps/*', 'users/*'],
      ['tombstones/*', 'notices/*'],
      [`collectBook/${publicBook}`],
    ]) {
      expect((await subscribe(ip, sse.clientId, topics)).status).toBe(204);
    }
    // signed in, the same client may subscribe to its own private collections
    const token = fan.pb.authStore.token;
    expect((await subscribe(ip, sse.clientId, ['likes/*', 'messages/*'], token)).status).toBe(204);
  });
});

describe('connections per address', () => {
  it(`keeps ${PER_ADDRESS} per address and refuses the next with 429, other addresses unaffected`, async () => {
    const ip = newAddress();
    const held = [];
    for (let i = 0; i < PER_ADDRESS; i++) held.push(await connected(ip));
    expectRefusal((await connect(ip)) as Answer, 429);
    // another address still connects
    (await connected(newAddress())).close();
    // a closed one frees its place
    held.pop()!.close();
    await expect.poll(async () => 'clientId' in (await connect(ip)), { timeout: 5000 }).toBe(true);
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
        timeout: 5000,
      })
      .toBe(204);
  });
});
