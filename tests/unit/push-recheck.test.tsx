// The push subscription checked again at each start (docs/push.md, The check at start): the
// decision from what is known without the network (planPushCheck), then the whole check against a
// stand-in browser (service worker registration, push manager, permission) and a stand-in server
// (the pushSubscriptions API, answered by a stubbed fetch). A .tsx file only to run in jsdom.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/data/db/index.ts';
import { rememberedDevice, type RememberedDevice } from '@/data/push/device-memory.ts';
import {
  planPushCheck,
  recheckPushSubscription,
  SERVER_CHECK_MS,
  type PushCheckFacts,
} from '@/data/push/recheck.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const DAY = SERVER_CHECK_MS;
const NOW = Date.parse('2026-11-30T03:00:00Z');
const A = { endpoint: 'https://push.example/a', p256dh: 'pa', auth: 'aa' };
const B = { endpoint: 'https://push.example/b', p256dh: 'pb', auth: 'ab' };
const mem = (keys = A, checkedAt = NOW - 1000): RememberedDevice => ({ ...keys, checkedAt });

const facts = (over: Partial<PushCheckFacts>): PushCheckFacts => ({
  signedIn: true,
  supported: true,
  permission: 'granted',
  topics: ['comment'],
  remembered: mem(),
  current: A,
  now: NOW,
  ...over,
});

describe('planPushCheck', () => {
  it('does nothing for a visitor, a browser without push, or a device that gets no alerts', () => {
    expect(planPushCheck(facts({ signedIn: false }))).toBe('none');
    expect(planPushCheck(facts({ supported: false }))).toBe('none');
    expect(planPushCheck(facts({ topics: [] }))).toBe('none');
    // never turned on here, or logged out since (the memory is forgotten then)
    expect(planPushCheck(facts({ remembered: null, current: null }))).toBe('none');
    expect(planPushCheck(facts({ remembered: null, permission: 'denied' }))).toBe('none');
    expect(planPushCheck(facts({ remembered: null, permission: 'default' }))).toBe('none');
  });

  it('is free when nothing changed and the server confirmed it within a day', () => {
    expect(planPushCheck(facts({}))).toBe('none');
    expect(planPushCheck(facts({ remembered: mem(A, NOW - DAY + 60_000) }))).toBe('none');
  });

  it('asks the server once a day, or about a subscription saved before it was remembered', () => {
    expect(planPushCheck(facts({ remembered: mem(A, NOW - DAY) }))).toBe('verify');
    expect(planPushCheck(facts({ remembered: mem(A, 0) }))).toBe('verify');
    // a clock set back a long way
    expect(planPushCheck(facts({ remembered: mem(A, NOW + 2 * DAY) }))).toBe('verify');
    expect(planPushCheck(facts({ remembered: null }))).toBe('verify');
    // the settings screen asks now, whatever the day
    expect(planPushCheck(facts({ verifyNow: true }))).toBe('verify');
    expect(planPushCheck(facts({ verifyNow: true, topics: [] }))).toBe('none');
  });

  it('subscribes again when the browser dropped the subscription', () => {
    expect(planPushCheck(facts({ current: null }))).toBe('resubscribe');
  });

  it('sends the subscription again when its endpoint or keys are not the ones saved', () => {
    expect(planPushCheck(facts({ current: B }))).toBe('send');
    expect(planPushCheck(facts({ current: { ...A, p256dh: 'other' } }))).toBe('send');
    expect(planPushCheck(facts({ current: { ...A, auth: 'other' } }))).toBe('send');
  });

  it('removes the server’s record once notifications are blocked or reset', () => {
    expect(planPushCheck(facts({ permission: 'denied' }))).toBe('remove');
    expect(planPushCheck(facts({ permission: 'default', current: null }))).toBe('remove');
    expect(planPushCheck(facts({ permission: 'denied', topics: [] }))).toBe('remove');
  });
});

// ---------------------------------------------------------------- the whole check

const USER = 'useraaaaaaaaaaa';
const SERVER_KEY = new Uint8Array([4, ...Array.from({ length: 64 }, (_, i) => i + 1)]);
const serverKey64 = btoa(String.fromCharCode(...SERVER_KEY))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

interface Rec {
  id: string;
  user: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  topics: string[];
}

/** The stand-in server: its records and every request it answered. */
const server = { records: new Map<string, Rec>(), requests: [] as string[], n: 0 };

function answer(url: string, init?: RequestInit): Response {
  const u = new URL(url, 'http://localhost');
  const method = init?.method ?? 'GET';
  server.requests.push(`${method} ${u.pathname}`);
  if (u.pathname === '/api/push/public-key') return Response.json({ publicKey: serverKey64 });
  const base = '/api/collections/pushSubscriptions/records';
  if (method === 'GET' && u.pathname === base) {
    const endpoint = /endpoint\s*=\s*"([^"]*)"/.exec(u.searchParams.get('filter') ?? '')?.[1];
    const items = [...server.records.values()].filter((r) => r.endpoint === endpoint);
    return Response.json({ page: 1, perPage: 1, totalItems: -1, totalPages: -1, items });
  }
  const body = init?.body ? (JSON.parse(String(init.body)) as Partial<Rec>) : {};
  if (method === 'POST' && u.pathname === base) {
    const rec = { ...(body as Rec), id: body.id ?? `rec${++server.n}` };
    server.records.set(rec.id, rec);
    return Response.json(rec);
  }
  const id = u.pathname.slice(base.length + 1);
  const rec = server.records.get(id);
  if (!rec) return Response.json({ status: 404, message: 'not found', data: {} }, { status: 404 });
  if (method === 'PATCH') {
    Object.assign(rec, body);
    return Response.json(rec);
  }
  if (method === 'DELETE') {
    server.records.delete(id);
    return new Response(null, { status: 204 });
  }
  throw new Error(`unexpected ${method} ${url}`);
}

/** The stand-in browser: its subscription (null when dropped) and the permission. */
const browser = {
  permission: 'granted' as NotificationPermission,
  sub: null as FakeSubscription | null,
  subscribed: 0,
};

class FakeSubscription {
  constructor(
    readonly endpoint: string,
    readonly keys: { p256dh: string; auth: string },
    readonly options = { applicationServerKey: SERVER_KEY.buffer as ArrayBuffer },
  ) {}
  toJSON() {
    return { endpoint: this.endpoint, keys: this.keys };
  }
  unsubscribe() {
    if (browser.sub === this) browser.sub = null;
    return Promise.resolve(true);
  }
}

const pushManager = {
  getSubscription: () => Promise.resolve(browser.sub),
  subscribe: () => {
    const n = ++browser.subscribed;
    browser.sub = new FakeSubscription(`https://push.example/new${n}`, {
      p256dh: `p${n}`,
      auth: `a${n}`,
    });
    return Promise.resolve(browser.sub);
  },
};

function define(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, configurable: true, writable: true });
}

beforeEach(async () => {
  server.records.clear();
  server.requests.length = 0;
  browser.permission = 'granted';
  browser.sub = null;
  browser.subscribed = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init))),
  );
  define(window, 'PushManager', class {});
  define(window, 'Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: () => {
      throw new Error('the check must never prompt');
    },
  });
  const registration = { pushManager };
  define(navigator, 'serviceWorker', {
    getRegistration: () => Promise.resolve(registration),
    ready: Promise.resolve(registration),
  });
  await db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const name of ['PushManager', 'Notification'])
    delete (window as unknown as Record<string, unknown>)[name];
  delete (navigator as unknown as Record<string, unknown>)['serviceWorker'];
  localStorage.clear();
  await db.auth.clear();
});

/** This device opted in earlier: its record on the server, its memory and topics here. */
function optedIn(keys = A, checkedAt = NOW - 1000) {
  server.records.set('rec0', {
    id: 'rec0',
    user: USER,
    endpoint: keys.endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    topics: ['comment', 'chat'],
  });
  localStorage.setItem(`pocamarket:push-topics:${USER}`, JSON.stringify(['comment', 'chat']));
  localStorage.setItem(`pocamarket:push-device:${USER}`, JSON.stringify({ ...keys, checkedAt }));
  browser.sub = new FakeSubscription(keys.endpoint, { p256dh: keys.p256dh, auth: keys.auth });
}

const check = (now = NOW) => recheckPushSubscription({ now: () => now, log: () => {} });
const records = () => [...server.records.values()];

describe('recheckPushSubscription', () => {
  it('costs no request when nothing changed since the server confirmed it today', async () => {
    optedIn();
    expect(await check()).toBe('none');
    expect(server.requests).toEqual([]);
  });

  it('asks the server once a day, and only remembers when all is well', async () => {
    optedIn(A, NOW - DAY - 1);
    expect(await check()).toBe('verify');
    expect(server.requests).toEqual([
      'GET /api/push/public-key',
      'GET /api/collections/pushSubscriptions/records',
    ]);
    expect(rememberedDevice(USER)?.checkedAt).toBe(NOW);
    expect(records()).toHaveLength(1);
    server.requests.length = 0;
    expect(await check(NOW + 60_000)).toBe('none');
    expect(server.requests).toEqual([]);
  });

  it('subscribes again (no prompt) when the browser dropped the subscription, and drops the old record', async () => {
    optedIn();
    browser.sub = null;
    expect(await check()).toBe('resubscribe');
    expect(browser.subscribed).toBe(1);
    expect(records()).toEqual([
      expect.objectContaining({
        user: USER,
        endpoint: 'https://push.example/new1',
        keys: { p256dh: 'p1', auth: 'a1' },
        topics: ['comment', 'chat'],
      }),
    ]);
    expect(rememberedDevice(USER)).toMatchObject({ endpoint: 'https://push.example/new1' });
  });

  it('sends a changed subscription again through the same upsert, and drops the old record', async () => {
    optedIn();
    browser.sub = new FakeSubscription(B.endpoint, { p256dh: B.p256dh, auth: B.auth });
    expect(await check()).toBe('send');
    expect(browser.subscribed).toBe(0);
    expect(records()).toEqual([
      expect.objectContaining({
        endpoint: B.endpoint,
        keys: { p256dh: B.p256dh, auth: B.auth },
        topics: ['comment', 'chat'],
      }),
    ]);
    expect(rememberedDevice(USER)).toMatchObject({ endpoint: B.endpoint, checkedAt: NOW });
  });

  it('updates the keys of a record whose endpoint stayed', async () => {
    optedIn();
    browser.sub = new FakeSubscription(A.endpoint, { p256dh: 'new-p', auth: 'new-a' });
    expect(await check()).toBe('send');
    expect(records()).toEqual([
      expect.objectContaining({ id: 'rec0', keys: { p256dh: 'new-p', auth: 'new-a' } }),
    ]);
  });

  it('starts over when the server no longer has the record (pruned after a 404/410)', async () => {
    optedIn(A, NOW - 2 * DAY);
    server.records.clear();
    expect(await check()).toBe('verify');
    // the pruned endpoint is dead: a new subscription, not the old one sent again
    expect(browser.subscribed).toBe(1);
    expect(records()).toEqual([
      expect.objectContaining({
        endpoint: 'https://push.example/new1',
        topics: ['comment', 'chat'],
      }),
    ]);
  });

  it('asks the server at once for the settings screen, and runs one check at a time', async () => {
    optedIn();
    server.records.clear();
    const [a, b] = await Promise.all([
      recheckPushSubscription({ now: () => NOW, log: () => {}, verifyNow: true }),
      recheckPushSubscription({ now: () => NOW, log: () => {}, verifyNow: true }),
    ]);
    expect([a, b]).toEqual(['verify', 'verify']);
    // the second found the first one's new record: one new subscription, one record
    expect(browser.subscribed).toBe(1);
    expect(records()).toEqual([expect.objectContaining({ endpoint: 'https://push.example/new1' })]);
  });

  it('deletes the server’s record and forgets the device once notifications are blocked', async () => {
    optedIn();
    browser.permission = 'denied';
    expect(await check()).toBe('remove');
    expect(records()).toEqual([]);
    expect(rememberedDevice(USER)).toBeNull();
    expect(localStorage.getItem(`pocamarket:push-topics:${USER}`)).toBeNull();
    // nothing left to do next time
    server.requests.length = 0;
    expect(await check()).toBe('none');
    expect(server.requests).toEqual([]);
  });

  it('brings back nothing a logout ended, and does nothing while offline', async () => {
    optedIn();
    const { stopPushOnThisDevice } = await import('@/data/push/subscription.ts');
    await stopPushOnThisDevice();
    expect(records()).toEqual([]);
    expect(browser.sub).toBeNull();
    expect(await check()).toBe('none');
    expect(browser.subscribed).toBe(0);

    optedIn();
    browser.sub = null;
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await check()).toBe('none');
    online.mockRestore();
    expect(browser.subscribed).toBe(0);
  });

  it('never throws: a failing server leaves things for the next start', async () => {
    optedIn();
    browser.sub = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await check()).toBe('resubscribe');
    expect(rememberedDevice(USER)).toMatchObject({ endpoint: A.endpoint });
  });
});
