/**
 * Push alerts under hostile input, against a real PocketBase (no allow-private flag: the hooks
 * behave as in production) and real local HTTPS push endpoints:
 *  - endpoints whose host NAME resolves to loopback, private, metadata or unique-local addresses
 *    are never connected to; a public one would be, to exactly the address that was checked;
 *  - a fan whose 16 devices never answer does not delay another fan's alert;
 *  - at most 10 devices per account;
 *  - nobody can take over, or learn about, another account's subscription by its endpoint; a
 *    browser used by two accounts gets only the alerts of the account that saved it last.
 *
 * Names are mapped by the dispatcher's injected resolver (`*.push.test` → 127.0.0.1 and so on);
 * nothing here touches /etc/hosts or the internet. The local endpoints' certificate is made for
 * those names, so a delivery proves TLS and Host used the name while the socket went to the
 * pinned address.
 */
import type { LookupAddress } from 'node:dns';
import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import webpush from 'web-push';
import {
  dispatchOnce,
  startPushDispatcher,
  type DispatchOptions,
  type RetryState,
} from '../../server/push-dispatcher.ts';
import type { ResolveHost } from '../../server/push-endpoint.ts';
import type { VapidConfig } from '../../server/vapid.ts';
import { b64url, decryptPayload, type TestSubscription } from '../helpers/push-service.ts';
import { freePort, SUPERUSER, startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createUser, failure, readAsSuperuser, uniq, type Actor } from '../helpers/pb-fixtures.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const MSG_TOO_MANY =
  '알림은 한 계정에 기기 10대까지 받을 수 있어요. 다른 기기에서 알림을 끈 뒤 다시 시도해 주세요.';

// ---------------------------------------------------------------- local push endpoints

interface Hit {
  path: string;
  host: string | undefined;
  servername: string | false | null | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface LocalEndpoint {
  port: number;
  /** TCP connections accepted (a refused endpoint must see none). */
  connections: number;
  /** Requests received (all of them, answered or not). */
  hits: Hit[];
  close(): Promise<void>;
}

let certDir: string;
let tlsAgent: Agent;

function makeCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=push.test',
      '-addext',
      'subjectAltName=DNS:*.push.test,DNS:push.evil.test,IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** An HTTPS push endpoint on 127.0.0.1 that answers 201, or never answers (`hang`). */
async function startEndpoint(
  tls: { key: Buffer; cert: Buffer },
  mode: 'answer' | 'hang',
): Promise<LocalEndpoint> {
  const hits: Hit[] = [];
  const server: Server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({
        path: req.url ?? '',
        host: req.headers.host,
        servername: (req.socket as TLSSocket).servername,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      if (mode === 'answer') res.writeHead(201).end();
      // 'hang': the connection stays open and silent until the client gives up
    });
  });
  const endpoint: LocalEndpoint = {
    port: await freePort(),
    connections: 0,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => (endpoint.connections += 1));
  await new Promise<void>((resolve) => server.listen(endpoint.port, '127.0.0.1', resolve));
  return endpoint;
}

// ---------------------------------------------------------------- fixtures

let server: TestServer;
let su: PocketBase;
let answering: LocalEndpoint;
let hanging: LocalEndpoint;
const vapid: VapidConfig = {
  subject: 'mailto:push-test@example.com',
  ...webpush.generateVAPIDKeys(),
};

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'push-hardening-'));
  const tls = makeCertificate(certDir);
  tlsAgent = new Agent({ ca: tls.cert });
  [answering, hanging] = await Promise.all([
    startEndpoint(tls, 'answer'),
    startEndpoint(tls, 'hang'),
  ]);
  // no PUSH_ALLOW_PRIVATE_ENDPOINTS: the subscription hooks behave as in production
  server = await startTestServer({ publicDir: null, env: { VAPID_PUBLIC_KEY: vapid.publicKey } });
  su = await server.admin();
});

afterAll(async () => {
  await server?.stop();
  await answering?.close();
  await hanging?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

/** A resolver for test names only; every other name fails like an unknown one. */
function resolver(names: Record<string, string[]>, asked: string[] = []): ResolveHost {
  return async (hostname) => {
    asked.push(hostname);
    const list = names[hostname];
    if (!list)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

/** A push deadline longer than every wait of this file: a hanging push stays in flight throughout. */
const HANG_MS = 10 * WAIT_MS;

const LOOPBACK_NAMES = {
  'fan-a.push.test': ['127.0.0.1'],
  'fan-b.push.test': ['127.0.0.1'],
  'slow.push.test': ['127.0.0.1'],
  'device.push.test': ['127.0.0.1'],
};

/** A browser-like key pair and auth secret. */
function browserKeys(): {
  ecdh: ReturnType<typeof createECDH>;
  auth: string;
  keys: { p256dh: string; auth: string };
} {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = b64url(randomBytes(16));
  return { ecdh, auth, keys: { p256dh: b64url(ecdh.getPublicKey()), auth } };
}

/** A subscription created by `actor` (or by the superuser with `pb`) to `origin`. */
async function subscribe(
  actor: Actor,
  origin: string,
  topics: string[],
  opts: { pb?: PocketBase; browser?: ReturnType<typeof browserKeys>; path?: string } = {},
): Promise<TestSubscription> {
  const browser = opts.browser ?? browserKeys();
  const path = opts.path ?? `/push/${uniq()}`;
  const endpoint = `${origin}${path}`;
  const rec = await (opts.pb ?? actor.pb).collection('pushSubscriptions').create({
    user: actor.id,
    endpoint,
    keys: browser.keys,
    topics,
  });
  return { id: rec.id, path, endpoint, ecdh: browser.ecdh, auth: browser.auth };
}

const note = (user: string, topic = 'comment') =>
  su.collection('notifications').create({
    user,
    topic,
    title: '알림',
    body: '본문',
    url: `/alerts/${uniq()}`,
  });

const sentAt = async (id: string) => (await readAsSuperuser(su, 'notifications', id))?.['sentAt'];

const dispatch = (extra: Partial<DispatchOptions> = {}) =>
  dispatchOnce({
    pb: su,
    vapid,
    agent: tlsAgent,
    resolveHost: resolver(LOOPBACK_NAMES),
    // the local endpoints are on loopback; the SSRF tests turn this off
    allowPrivateEndpoints: true,
    log: () => {},
    ...extra,
  });

const subsOf = (user: string) =>
  su.collection('pushSubscriptions').getFullList({ filter: su.filter('user = {:u}', { u: user }) });

beforeEach(async () => {
  // earlier tests' unsent rows (left waiting for silent endpoints) must not leak into this one
  const left = await su.collection('notifications').getFullList({ filter: 'sentAt = ""' });
  for (const r of left) await su.collection('notifications').delete(r.id);
  answering.hits.length = 0;
  answering.connections = 0;
  hanging.hits.length = 0;
});

// ---------------------------------------------------------------- SSRF by host name

describe('an endpoint whose host name resolves inside', () => {
  const INSIDE: [string, string[]][] = [
    ['push.evil.test', ['127.0.0.1']],
    ['intranet.push.test', ['10.20.30.40']],
    ['metadata.push.test', ['169.254.169.254']],
    ['cgnat.push.test', ['100.100.100.200']],
    ['ula.push.test', ['fd00:ec2::254']],
    ['mapped.push.test', ['::ffff:127.0.0.1']],
    // one bad address is enough: the socket could pick any of them
    ['mixed.push.test', ['93.184.216.34', '127.0.0.1']],
  ];

  it.each(INSIDE)(
    '%s (→ %s) is stored but never connected to; the alert is handled, the record kept',
    async (name, addresses) => {
      const fan = await createUser(server, su);
      // a public-looking name: the server cannot resolve it, so it stores it (production hooks)
      const sub = await subscribe(fan, `https://${name}:${answering.port}`, ['comment']);
      const row = await note(fan.id);
      const asked: string[] = [];
      const connected: string[] = [];
      const logged: string[] = [];
      const result = await dispatch({
        allowPrivateEndpoints: false,
        resolveHost: resolver({ [name]: addresses }, asked),
        onConnect: (host) => connected.push(host),
        log: (m) => logged.push(m),
      });
      expect(asked).toEqual([name]);
      expect(connected).toEqual([]);
      expect(answering.connections).toBe(0);
      expect(answering.hits).toHaveLength(0);
      expect(result.sent).toBe(0);
      expect(logged.join('\n')).toContain(
        `skipping subscription ${sub.id}: its endpoint host ${name} resolves to a non-public address`,
      );
      // skipped, not retried: the row is handled and the record left alone
      expect(await sentAt(row.id)).not.toBe('');
      expect(await readAsSuperuser(su, 'pushSubscriptions', sub.id)).not.toBeNull();
    },
  );

  it('is delivered only when private endpoints are allowed (tests), pinned to the resolved address with TLS and Host on the name', async () => {
    // the control for the cases above: the same name and server, with the address check off
    const fan = await createUser(server, su);
    const sub = await subscribe(fan, `https://push.evil.test:${answering.port}`, ['comment']);
    const row = await note(fan.id);
    const asked: string[] = [];
    const connected: [string, LookupAddress[]][] = [];
    const result = await dispatch({
      resolveHost: resolver({ 'push.evil.test': ['127.0.0.1'] }, asked),
      onConnect: (host, addresses) => connected.push([host, addresses]),
    });
    expect(result.sent).toBe(1);
    // one lookup, by the dispatcher; the socket used its answer (the system resolver knows no
    // .test names) and nothing else
    expect(asked).toEqual(['push.evil.test']);
    expect(connected).toEqual([['push.evil.test', [{ address: '127.0.0.1', family: 4 }]]]);
    const [hit, ...more] = answering.hits;
    expect(more).toHaveLength(0);
    expect(hit!.path).toBe(sub.path);
    expect(hit!.servername).toBe('push.evil.test');
    expect(hit!.host).toBe(`push.evil.test:${answering.port}`);
    expect(decryptPayload(hit!, sub)).toMatchObject({ id: row.id, topic: 'comment' });
  });

  it('a name resolving to public addresses only is connected to, at exactly those addresses', async () => {
    const fan = await createUser(server, su);
    const sub = await subscribe(fan, 'https://push.public.test', ['comment']);
    const row = await note(fan.id);
    const connected: [string, LookupAddress[]][] = [];
    const logged: string[] = [];
    const retry: RetryState = new Map();
    const result = await dispatch({
      allowPrivateEndpoints: false,
      resolveHost: resolver({ 'push.public.test': ['93.184.216.34', '2606:4700::1111'] }),
      onConnect: (host, addresses) => {
        connected.push([host, addresses]);
        // the socket would connect now: stop here, nothing may leave this machine
        throw new Error('test: no internet');
      },
      log: (m) => logged.push(m),
      retry,
    });
    expect(connected).toHaveLength(1);
    expect(connected[0]![0]).toBe('push.public.test');
    expect(connected[0]![1].map((a) => a.address).sort()).toEqual(
      ['2606:4700::1111', '93.184.216.34'].sort(),
    );
    // a failed connection is a network error: retried later
    expect(result).toMatchObject({ sent: 0, retrying: 1 });
    expect(logged.join('\n')).toContain(`push to subscription ${sub.id} failed`);
    expect(await sentAt(row.id)).toBe('');
    expect(retry.get(row.id)?.attempts).toBe(1);
  });
});

describe('the subscription hooks', () => {
  it('refuse intranet names and addresses by their spelling, with the Korean message, storing nothing', async () => {
    const fan = await createUser(server, su);
    const { keys } = browserKeys();
    for (const host of [
      'metadata',
      'metadata.google.internal',
      'printer.local',
      'nas.lan',
      'router.home.arpa',
      'push.localhost',
      '[fd00:ec2::254]',
      '169.254.169.254',
    ]) {
      const err = await failure(
        fan.pb
          .collection('pushSubscriptions')
          .create({ user: fan.id, endpoint: `https://${host}/push/${uniq()}`, keys, topics: [] }),
      );
      expect(err.status, host).toBe(400);
      expect(err.response.data['endpoint']?.message, host).toBe(
        '푸시 구독 주소로 쓸 수 없는 주소입니다.',
      );
    }
    expect(await subsOf(fan.id)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- slow endpoints

describe('a push endpoint that never answers', () => {
  it('counts as a network error after the deadline and is retried with backoff', async () => {
    const fan = await createUser(server, su);
    const sub = await subscribe(fan, `https://slow.push.test:${hanging.port}`, ['comment']);
    const row = await note(fan.id);
    const retry: RetryState = new Map();
    const clock = Date.now();
    const logged: string[] = [];
    const result = await dispatch({
      timeoutMs: 1000,
      retry,
      now: () => clock,
      log: (m) => logged.push(m),
    });
    expect(hanging.hits.map((h) => h.path)).toEqual([sub.path]);
    expect(result).toMatchObject({ sent: 0, handled: 0, retrying: 1 });
    expect(logged.join('\n')).toContain(
      `push to subscription ${sub.id} failed: no answer in 1000 ms`,
    );
    expect(await sentAt(row.id)).toBe('');
    expect(retry.get(row.id)).toMatchObject({ attempts: 1, nextTryAt: clock + 5_000 });

    // within the backoff: not tried again
    await dispatch({ timeoutMs: 1000, retry, now: () => clock });
    expect(hanging.hits).toHaveLength(1);
  });

  it('16 silent devices of one fan do not delay another fan’s alert', async () => {
    const [fanA, fanB] = (await Promise.all([createUser(server, su), createUser(server, su)])) as [
      Actor,
      Actor,
    ];
    // more than the 10 a fan can add now: records stored before the cap, added by an admin
    for (let i = 0; i < 16; i++) {
      await subscribe(fanA, `https://slow.push.test:${hanging.port}`, ['comment'], { pb: su });
    }
    const subB = await subscribe(fanB, `https://fan-b.push.test:${answering.port}`, ['comment']);
    const arrived = (row: RecordModel) => () =>
      answering.hits.some((h) => h.path === subB.path && decryptPayload(h, subB)['id'] === row.id);

    const logged: string[] = [];
    const dispatcher = startPushDispatcher({
      pb: server.client(),
      vapid,
      agent: tlsAgent,
      resolveHost: resolver(LOOPBACK_NAMES),
      allowPrivateEndpoints: true,
      log: (m) => logged.push(m),
      login: async (c) => {
        await c.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
      },
      // A's pushes hang past every wait below: B's alerts can only arrive if they do not wait
      // for A's (an outcome, not a stopwatch, so a busy machine makes this slower, never red)
      timeoutMs: HANG_MS,
    });
    try {
      // A's and B's alerts in the same pass: B's does not wait for A's pushes to time out
      const rowA = await note(fanA.id);
      const firstB = await note(fanB.id);
      dispatcher.wake();
      await expect.poll(arrived(firstB), { timeout: WAIT_MS, interval: 20 }).toBe(true);

      // B's next alert comes while A's pushes still hang: the next pass sends it at once
      await expect.poll(() => hanging.hits.length, { timeout: WAIT_MS }).toBeGreaterThan(0);
      const secondB = await note(fanB.id);
      dispatcher.wake();
      await expect.poll(arrived(secondB), { timeout: WAIT_MS, interval: 20 }).toBe(true);

      // meanwhile A's row is still waiting for its silent devices
      expect(await sentAt(rowA.id)).toBe('');
      expect(hanging.hits.length).toBeLessThan(16);
      expect(await sentAt(firstB.id)).not.toBe('');
    } finally {
      // stop() gives up on the pushes in flight instead of waiting for their deadlines
      await dispatcher.stop();
    }
    expect(logged.filter((m) => m.startsWith('dispatch pass failed'))).toEqual([]);
  });
});

// ---------------------------------------------------------------- devices per account

describe('devices per account', () => {
  it('the 11th subscription of one account is refused with the Korean message and nothing is stored', async () => {
    const fan = await createUser(server, su);
    const subs: TestSubscription[] = [];
    for (let i = 0; i < 10; i++) {
      subs.push(await subscribe(fan, `https://device.push.test:${answering.port}`, ['comment']));
    }
    const endpoint = `https://device.push.test:${answering.port}/push/${uniq()}`;
    const eleventh = await failure(
      fan.pb
        .collection('pushSubscriptions')
        .create({ user: fan.id, endpoint, keys: browserKeys().keys, topics: ['comment'] }),
    );
    expect(eleventh.status).toBe(400);
    expect(eleventh.response.message).toBe(MSG_TOO_MANY);
    expect(eleventh.response.data['user']).toMatchObject({
      code: 'validation_max_devices',
      message: MSG_TOO_MANY,
    });
    const stored = await subsOf(fan.id);
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => r['endpoint'] === endpoint)).toBe(false);

    // updating a device at the cap is fine; turning one off makes room for the new one
    await fan.pb.collection('pushSubscriptions').update(subs[0]!.id, { topics: ['meetup'] });
    await fan.pb.collection('pushSubscriptions').delete(subs[1]!.id);
    await fan.pb
      .collection('pushSubscriptions')
      .create({ user: fan.id, endpoint, keys: browserKeys().keys, topics: ['comment'] });
    expect(await subsOf(fan.id)).toHaveLength(10);
  });

  it('holds for parallel creates and batches', async () => {
    const fan = await createUser(server, su);
    const results = await Promise.allSettled(
      Array.from({ length: 14 }, () =>
        fan.pb.collection('pushSubscriptions').create({
          user: fan.id,
          endpoint: `https://device.push.test/push/${uniq()}`,
          keys: browserKeys().keys,
          topics: ['comment'],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await subsOf(fan.id)).toHaveLength(10);

    const other = await createUser(server, su);
    const batch = other.pb.createBatch();
    for (let i = 0; i < 11; i++) {
      batch.collection('pushSubscriptions').create({
        user: other.id,
        endpoint: `https://device.push.test/push/${uniq()}`,
        topics: ['comment'],
      });
    }
    const err = await failure(batch.send());
    expect(err.status).toBe(400);
    // the batch is one transaction: none of it was stored
    expect(await subsOf(other.id)).toHaveLength(0);
  });

  it('a create in someone else’s name is refused the same way whether or not they are at the cap', async () => {
    const [full, empty, mallory] = (await Promise.all(
      Array.from({ length: 3 }, () => createUser(server, su)),
    )) as [Actor, Actor, Actor];
    for (let i = 0; i < 10; i++) {
      await subscribe(full, `https://device.push.test:${answering.port}`, ['comment']);
    }
    const forge = async (victim: Actor) =>
      failure(
        mallory.pb.collection('pushSubscriptions').create({
          user: victim.id,
          endpoint: `https://device.push.test/push/${uniq()}`,
          keys: browserKeys().keys,
          topics: ['comment'],
        }),
      );
    const [a, b] = [await forge(full), await forge(empty)];
    expect(a.status).toBe(400);
    expect([a.status, a.response.message, Object.keys(a.response.data)]).toEqual([
      b.status,
      b.response.message,
      Object.keys(b.response.data),
    ]);
    expect(a.response.message).not.toBe(MSG_TOO_MANY);
    expect(await subsOf(full.id)).toHaveLength(10);
    expect(await subsOf(empty.id)).toHaveLength(0);
    expect(await subsOf(mallory.id)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- one endpoint, two accounts

describe('another account’s endpoint', () => {
  it('cannot be taken over or probed: a write with it answers like any fresh endpoint and leaves the owner’s record untouched', async () => {
    const [alice, bob] = (await Promise.all([createUser(server, su), createUser(server, su)])) as [
      Actor,
      Actor,
    ];
    const origin = `https://fan-a.push.test:${answering.port}`;
    const aliceSub = await subscribe(alice, origin, ['comment']);
    const before = await su.collection('pushSubscriptions').getOne(aliceSub.id);

    const create = (endpoint: string) =>
      bob.pb.collection('pushSubscriptions').create({
        user: bob.id,
        endpoint,
        keys: browserKeys().keys,
        topics: ['exchange'],
      });
    // bob knows alice's endpoint (not her keys); and a fresh one for comparison
    const taken = await create(aliceSub.endpoint);
    const fresh = await create(`${origin}/push/${uniq()}`);
    const shape = (r: RecordModel) => ({
      keys: Object.keys(r).sort(),
      user: r['user'],
      topics: r['topics'],
    });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken).toMatchObject({ user: bob.id, endpoint: aliceSub.endpoint });

    // moving a record onto her endpoint answers as moving it onto a fresh one
    await bob.pb.collection('pushSubscriptions').delete(taken.id);
    const elsewhere = await bob.pb
      .collection('pushSubscriptions')
      .update(fresh.id, { endpoint: `${origin}/push/${uniq()}` });
    const onto = await bob.pb
      .collection('pushSubscriptions')
      .update(fresh.id, { endpoint: aliceSub.endpoint });
    expect(shape(onto)).toEqual(shape(elsewhere));
    expect(onto).toMatchObject({ user: bob.id, endpoint: aliceSub.endpoint });

    // her record by id is as unknown to him as a made-up id
    const hers = await failure(
      bob.pb.collection('pushSubscriptions').update(aliceSub.id, { topics: ['meetup'] }),
    );
    const none = await failure(
      bob.pb.collection('pushSubscriptions').update('zzzzzzzzzzzzzzz', { topics: ['meetup'] }),
    );
    expect([hers.status, hers.response.message]).toEqual([none.status, none.response.message]);
    // listing by the endpoint shows him only his own
    const listed = await bob.pb.collection('pushSubscriptions').getFullList({
      filter: bob.pb.filter('endpoint = {:e}', { e: aliceSub.endpoint }),
    });
    expect(listed.map((r) => r.id)).toEqual([fresh.id]);

    // alice's record is exactly as it was, and her alerts still reach her device
    expect(await su.collection('pushSubscriptions').getOne(aliceSub.id)).toEqual(before);
    const row = await note(alice.id);
    await dispatch();
    const mine = answering.hits.filter((h) => h.path === aliceSub.path);
    // bob's record on her endpoint got nothing (no exchange alert); hers got hers
    expect(mine).toHaveLength(1);
    expect(decryptPayload(mine[0]!, aliceSub)['id']).toBe(row.id);
    expect(await sentAt(row.id)).not.toBe('');
  });

  it('a browser that moved to another account gets only that account’s alerts', async () => {
    const [alice, bob] = (await Promise.all([createUser(server, su), createUser(server, su)])) as [
      Actor,
      Actor,
    ];
    // one browser subscription (endpoint and key pair), used by alice, then by bob — alice's
    // record was left behind (she never turned alerts off there)
    const browser = browserKeys();
    const path = `/push/${uniq()}`;
    const origin = `https://device.push.test:${answering.port}`;
    const aliceSub = await subscribe(alice, origin, ['comment'], { browser, path });
    const bobSub = await subscribe(bob, origin, ['comment'], { browser, path });
    expect(bobSub.id).not.toBe(aliceSub.id);

    const send = async () => {
      answering.hits.length = 0;
      const rows = { alice: await note(alice.id), bob: await note(bob.id) };
      const logged: string[] = [];
      await dispatch({ log: (m) => logged.push(m) });
      const ids = answering.hits
        .filter((h) => h.path === path)
        .map((h) => decryptPayload(h, bobSub)['id']);
      return { rows, ids, logged: logged.join('\n') };
    };

    const first = await send();
    expect(first.ids).toEqual([first.rows.bob.id]);
    expect(first.logged).toContain(`skipping subscription ${aliceSub.id}: another account saved`);
    // alice's row is handled (not retried) and her record kept
    expect(await sentAt(first.rows.alice.id)).not.toBe('');
    expect(await readAsSuperuser(su, 'pushSubscriptions', aliceSub.id)).not.toBeNull();

    // alice signs in there again and saves her alert settings: the browser is hers again
    await alice.pb
      .collection('pushSubscriptions')
      .update(aliceSub.id, { topics: ['comment', 'meetup'] });
    const second = await send();
    expect(second.ids).toEqual([second.rows.alice.id]);
    expect(second.logged).toContain(`skipping subscription ${bobSub.id}: another account saved`);
  });
});
