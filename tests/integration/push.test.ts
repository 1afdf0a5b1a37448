/**
 * Push alerts end to end on the server side: pb_hooks/push.pb.js writes one notification row per
 * event and opted-in recipient, and server/push-dispatcher.ts delivers them to a local HTTPS push
 * endpoint (self-signed certificate, trusted through the dispatcher's `agent` option) that checks
 * the VAPID JWT and decrypts the aes128gcm payload with the test subscription's private key and
 * auth secret, as a browser would.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
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
import { loadVapidKeys, type VapidConfig } from '../../server/vapid.ts';
import { RowClaims } from '../../server/push/row-claims.ts';
import {
  b64url,
  decryptPayload,
  startPushService,
  verifyVapid,
  type PushService,
  type TestSubscription,
} from '../helpers/push-service.ts';
import { parsePushPayload } from '../../src/data/push/payload.ts';
import { SUPERUSER, startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import {
  createCard,
  createGroup,
  createUser,
  failure,
  readAsSuperuser,
  uniq,
  type Actor,
} from '../helpers/pb-fixtures.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

// ---------------------------------------------------------------- fixtures

let server: TestServer;
let su: PocketBase;
let push: PushService;
let certDir: string;
/** The app's public origin, which a push's `navigate` and icons point at. */
const APP = 'https://pocamarket.example';
const vapid: VapidConfig = {
  subject: 'mailto:push-test@example.com',
  ...webpush.generateVAPIDKeys(),
};

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'push-test-'));
  push = await startPushService(certDir);
  // the local push service is on 127.0.0.1, which a real server refuses as an endpoint
  server = await startTestServer({
    publicDir: null,
    env: { VAPID_PUBLIC_KEY: vapid.publicKey, PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' },
  });
  su = await server.admin();
});

afterAll(async () => {
  await server?.stop();
  await push?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

/** A browser-like subscription (fresh P-256 key pair and auth secret), created by the user. */
async function subscribe(actor: Actor, topics: string[]): Promise<TestSubscription> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = b64url(randomBytes(16));
  const path = `/push/${uniq()}`;
  const endpoint = `${push.origin}${path}`;
  const rec = await actor.pb.collection('pushSubscriptions').create({
    user: actor.id,
    endpoint,
    keys: { p256dh: b64url(ecdh.getPublicKey()), auth },
    topics,
  });
  return { id: rec.id, path, endpoint, ecdh, auth };
}

const dispatch = (extra: Partial<DispatchOptions> = {}) =>
  dispatchOnce({
    pb: su,
    vapid,
    appUrl: APP,
    agent: push.agent,
    allowPrivateEndpoints: true,
    log: () => {},
    ...extra,
  });

const deliveriesTo = (sub: TestSubscription) => push.deliveries.filter((d) => d.path === sub.path);

async function rowsFor(url: string): Promise<RecordModel[]> {
  return su
    .collection('notifications')
    .getFullList({ filter: su.filter('url = {:url}', { url }), sort: 'created' });
}

const users = (rows: RecordModel[]) => rows.map((r) => r['user'] as string).sort();

beforeEach(async () => {
  // earlier tests' rows must not leak into this one's counts
  await dispatch();
  push.deliveries.length = 0;
  push.status.clear();
});

// ---------------------------------------------------------------- tests

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key PocketBase got from the launcher', async () => {
    const res = await fetch(`${server.url}/api/push/public-key`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('answers 503 with a Korean message when no key was configured', async () => {
    const bare = await startTestServer({ publicDir: null, env: { VAPID_PUBLIC_KEY: '' } });
    try {
      const res = await fetch(`${bare.url}/api/push/public-key`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { message: string };
      expect(body.message).toMatch(/[가-힣]/);
    } finally {
      await bare.stop();
    }
  });
});

describe('VAPID keys (server/vapid.ts)', () => {
  it('are made once into the ignored folder with mode 0600 and loaded afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-test-'));
    const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
    const saved = names.map((n) => process.env[n]);
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    process.env.VAPID_SUBJECT = 'mailto:ops@example.com';
    try {
      const first = loadVapidKeys(join(dir, '.vapid'));
      expect(statSync(join(dir, '.vapid', 'keys.json')).mode & 0o777).toBe(0o600);
      expect(first.subject).toBe('mailto:ops@example.com');
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(loadVapidKeys(join(dir, '.vapid'))).toEqual(first);
    } finally {
      names.forEach((n, i) => {
        if (saved[i] === undefined) delete process.env[n];
        else process.env[n] = saved[i];
      });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('subscriptions', () => {
  it('take known topics only (deduplicated), https endpoints and well-formed keys', async () => {
    const alice = await createUser(server, su);
    const base = {
      user: alice.id,
      keys: { p256dh: b64url(randomBytes(65)), auth: b64url(randomBytes(16)) },
    };
    const ok = await alice.pb.collection('pushSubscriptions').create({
      ...base,
      endpoint: `${push.origin}/push/${uniq()}`,
      topics: ['meetup', 'comment', 'meetup'],
    });
    expect(ok['topics']).toEqual(['meetup', 'comment']);

    const badTopic = await failure(
      alice.pb.collection('pushSubscriptions').create({
        ...base,
        endpoint: `${push.origin}/push/${uniq()}`,
        topics: ['comment', 'spam'],
      }),
    );
    expect(badTopic.status).toBe(400);
    expect(badTopic.response.data['topics']).toBeDefined();

    const badUpdate = await failure(
      alice.pb.collection('pushSubscriptions').update(ok.id, { topics: 'comment' }),
    );
    expect(badUpdate.status).toBe(400);

    const http = await failure(
      alice.pb.collection('pushSubscriptions').create({
        ...base,
        endpoint: `http://127.0.0.1/push/${uniq()}`,
        topics: [],
      }),
    );
    expect(http.status).toBe(400);
    expect(http.response.data['endpoint']).toBeDefined();

    const badKeys = await failure(
      alice.pb.collection('pushSubscriptions').create({
        ...base,
        endpoint: `${push.origin}/push/${uniq()}`,
        keys: { p256dh: 'not base64!', auth: 1 },
      }),
    );
    expect(badKeys.status).toBe(400);
    expect(badKeys.response.data['keys']).toBeDefined();
  });

  it('refuse an endpoint on an address or a localhost name (a real server has no allow flag)', async () => {
    const strict = await startTestServer({
      publicDir: null,
      env: { VAPID_PUBLIC_KEY: vapid.publicKey },
    });
    try {
      const admin = await strict.admin();
      const fan = await createUser(strict, admin);
      const keys = { p256dh: b64url(randomBytes(65)), auth: b64url(randomBytes(16)) };
      for (const host of [
        '127.0.0.1',
        '127.0.0.1:8443',
        '10.0.0.5',
        '169.254.169.254',
        '2130706433',
        '0x7f.1',
        '[::1]',
        'localhost',
        'push.localhost',
        'user@127.0.0.1',
        'metadata',
        'metadata.google.internal',
        'printer.local',
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
      // a push service's name is taken
      const ok = await fan.pb.collection('pushSubscriptions').create({
        user: fan.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/${uniq()}`,
        keys,
        topics: ['comment'],
      });
      expect(ok['endpoint']).toMatch(/^https:\/\/fcm\.googleapis\.com\//);
      expect(
        await admin.collection('pushSubscriptions').getFullList({ filter: `user = "${fan.id}"` }),
      ).toHaveLength(1);
    } finally {
      await strict.stop();
    }
  });

  it('a user cannot subscribe in someone else’s name; another account on the same device gets its own record', async () => {
    const [alice, bob] = await Promise.all([createUser(server, su), createUser(server, su)]);
    const forged = await failure(
      bob.pb.collection('pushSubscriptions').create({
        user: alice.id,
        endpoint: `${push.origin}/push/${uniq()}`,
        topics: ['comment'],
      }),
    );
    expect(forged.status).toBe(400);

    const device = await subscribe(alice, ['comment']);
    const taken = await bob.pb.collection('pushSubscriptions').create({
      user: bob.id,
      endpoint: device.endpoint,
      keys: { p256dh: b64url(device.ecdh.getPublicKey()), auth: device.auth },
      topics: ['exchange'],
    });
    // the endpoint is unique per account: alice's record stays as it was (see push-hardening)
    expect(taken.id).not.toBe(device.id);
    expect((await readAsSuperuser(su, 'pushSubscriptions', device.id))?.['user']).toBe(alice.id);
    expect((await readAsSuperuser(su, 'pushSubscriptions', taken.id))?.['user']).toBe(bob.id);
    // the same account twice on one endpoint is still one record
    const again = await failure(
      bob.pb.collection('pushSubscriptions').create({
        user: bob.id,
        endpoint: device.endpoint,
        topics: ['comment'],
      }),
    );
    expect(again.status).toBe(400);
    // the client (src/data/push/subscription.ts) reads this as "my record is there already"
    expect(again.response.data['endpoint']?.code).toBe('validation_not_unique');
  });
});

describe('comment alerts', () => {
  it('go to the meetup’s other commenters who opted in, never the author, and are delivered encrypted with VAPID', async () => {
    const [alice, bob, carol, dave] = (await Promise.all(
      Array.from({ length: 4 }, () => createUser(server, su)),
    )) as [Actor, Actor, Actor, Actor];
    const aliceSub = await subscribe(alice, ['comment', 'exchange']);
    const bobSub = await subscribe(bob, ['comment']);
    const bobPhone = await subscribe(bob, ['comment', 'meetup']);
    const carolSub = await subscribe(carol, ['exchange']); // commented, but not opted in
    const daveSub = await subscribe(dave, ['comment']); // the author
    const meetUp = await su.collection('meetUps').create({ eventTitle: '원빈 생일카페' });
    for (const a of [alice, bob, carol]) {
      await a.pb
        .collection('comments')
        .create({ name: a.id, meetUp: meetUp.id, ment: '저도 가요' });
    }
    await dispatch();
    push.deliveries.length = 0;

    const ment = '내일 오후 2시에 특전 나눔합니다! 선착순 30명까지 받으실 수 있어요, 꼭 오세요';
    await dave.pb.collection('comments').create({ name: dave.id, meetUp: meetUp.id, ment });
    const url = `/meetupDetail/${meetUp.id}`;
    const rows = (await rowsFor(url)).filter((r) => String(r['body']).includes('특전 나눔'));
    expect(users(rows)).toEqual([alice.id, bob.id].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ topic: 'comment', title: '새 댓글', read: false, sentAt: '' });
      expect(r['body']).toMatch(/^원빈 생일카페에 새 댓글이 달렸어요: 내일 오후 2시에/);
      expect(String(r['body']).endsWith('…')).toBe(true);
    }

    const result = await dispatch();
    expect(result.sent).toBe(3);
    expect(deliveriesTo(carolSub)).toHaveLength(0);
    expect(deliveriesTo(daveSub)).toHaveLength(0);
    for (const sub of [aliceSub, bobSub, bobPhone]) {
      const [d, ...more] = deliveriesTo(sub);
      expect(more).toHaveLength(0);
      verifyVapid(d!.headers['authorization'], vapid, push.origin);
      expect(d!.headers['ttl']).toBe(String(24 * 60 * 60));
      expect(d!.headers['urgency']).toBe('high');
      const payload = decryptPayload(d!, sub);
      const row = rows.find((r) => r.id === payload['id'])!;
      expect(row).toBeDefined();
      // a declarative push message (Safari shows it by itself), our fields beside it
      expect(payload).toEqual({
        web_push: 8030,
        notification: {
          title: '새 댓글',
          body: row['body'],
          navigate: `${APP}${url}`,
          lang: 'ko',
          dir: 'ltr',
          tag: row.id,
          renotify: true,
          silent: false,
          icon: `${APP}/icons/icon-192.png`,
          badge: `${APP}/icons/badge-96.png`,
          timestamp: Date.parse(String(row['created']).replace(' ', 'T')),
          data: { url, id: row.id },
        },
        mutable: true,
        id: row.id,
        url,
        topic: 'comment',
        created: row['created'],
      });
      // what the service worker reads from it
      expect(parsePushPayload(JSON.stringify(payload), APP)).toEqual({
        id: row.id,
        title: '새 댓글',
        body: row['body'],
        url,
        topic: 'comment',
        created: row['created'],
      });
    }
    for (const r of await rowsFor(url)) expect(r['sentAt']).not.toBe('');

    // nothing is sent twice
    push.deliveries.length = 0;
    expect((await dispatch()).sent).toBe(0);
    expect(push.deliveries).toHaveLength(0);
  });
});

describe('alerts from the offline outbox', () => {
  it('a comment sent through the batch API notifies like a plain create', async () => {
    const [alice, bob] = (await Promise.all([createUser(server, su), createUser(server, su)])) as [
      Actor,
      Actor,
    ];
    await subscribe(alice, ['comment']);
    const meetUp = await su.collection('meetUps').create({ eventTitle: '배치 카페' });
    await alice.pb.collection('comments').create({ name: alice.id, meetUp: meetUp.id, ment: '1' });
    const batch = bob.pb.createBatch();
    batch.collection('comments').create({ name: bob.id, meetUp: meetUp.id, ment: '오프라인 댓글' });
    await sendAgainOn503(() => batch.send());
    const rows = await rowsFor(`/meetupDetail/${meetUp.id}`);
    expect(users(rows)).toEqual([alice.id]);
    expect(rows[0]!['body']).toBe('배치 카페에 새 댓글이 달렸어요: 오프라인 댓글');
  });
});

describe('exchange alerts', () => {
  it('go to fans who liked the card or keep it in a collect book and opted in', async () => {
    const group = await createGroup(su);
    const card = await createCard(su, group);
    const [liker, collector, commentOnly, stranger, writer] = (await Promise.all(
      Array.from({ length: 5 }, () => createUser(server, su)),
    )) as [Actor, Actor, Actor, Actor, Actor];
    const likerSub = await subscribe(liker, ['exchange']);
    await subscribe(collector, ['exchange', 'meetup']);
    const commentOnlySub = await subscribe(commentOnly, ['comment']);
    const strangerSub = await subscribe(stranger, ['exchange']);
    const writerSub = await subscribe(writer, ['exchange']);
    for (const a of [liker, commentOnly, writer]) {
      await a.pb.collection('likes').create({ user: a.id, photoCard: card.id });
    }
    const other = await createCard(su, group);
    await collector.pb
      .collection('collectBook')
      .create({ users: collector.id, title: '내 앨범', cardInfo: [other.id, card.id] });

    await writer.pb.collection('exchangeList').create({
      writer: writer.id,
      photoCard: card.id,
      description: '원빈 포카 교환해요',
      status: '교환대기중',
    });
    const url = `/exchangeDetail/${card.id}`;
    const rows = await rowsFor(url);
    expect(users(rows)).toEqual([liker.id, collector.id].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ topic: 'exchange', title: '새 교환 글' });
      expect(r['body']).toContain('원빈 포카 교환해요');
    }

    await dispatch();
    const [d] = deliveriesTo(likerSub);
    expect(d!.headers['urgency']).toBe('normal');
    expect(decryptPayload(d!, likerSub)).toMatchObject({ topic: 'exchange', url });
    for (const sub of [commentOnlySub, strangerSub, writerSub]) {
      expect(deliveriesTo(sub)).toHaveLength(0);
    }
  });
});

describe('meetup alerts', () => {
  it('go to fans of the meetup’s group who opted in', async () => {
    const [group, otherGroup] = await Promise.all([createGroup(su), createGroup(su)]);
    const [fan, quietFan, otherFan] = (await Promise.all(
      Array.from({ length: 3 }, () => createUser(server, su)),
    )) as [Actor, Actor, Actor];
    await su.collection('users').update(fan.id, { biasGroup: group.id });
    await su.collection('users').update(quietFan.id, { biasGroup: group.id });
    await su.collection('users').update(otherFan.id, { biasGroup: otherGroup.id });
    const fanSub = await subscribe(fan, ['meetup']);
    const quietSub = await subscribe(quietFan, ['comment', 'exchange']);
    const otherSub = await subscribe(otherFan, ['meetup']);

    const meetUp = await su
      .collection('meetUps')
      .create({ eventTitle: '앤톤 생일 카페', group: group.id });
    const rows = await rowsFor(`/meetupDetail/${meetUp.id}`);
    expect(users(rows)).toEqual([fan.id]);
    expect(rows[0]).toMatchObject({ topic: 'meetup', title: '새 밋업' });
    expect(rows[0]!['body']).toContain('앤톤 생일 카페');
    expect(rows[0]!['body']).toContain(group['groupName'] as string);

    await dispatch();
    expect(decryptPayload(deliveriesTo(fanSub)[0]!, fanSub)).toMatchObject({
      id: rows[0]!.id,
      topic: 'meetup',
    });
    expect(deliveriesTo(quietSub)).toHaveLength(0);
    expect(deliveriesTo(otherSub)).toHaveLength(0);
  });
});

describe('the dispatcher', () => {
  const note = (user: string, topic: string, url = `/alerts/${uniq()}`) =>
    su.collection('notifications').create({ user, topic, title: '알림', body: '본문', url });

  it('deletes a subscription answered 410 or 404 and still marks the row handled', async () => {
    const alice = await createUser(server, su);
    const gone = await subscribe(alice, ['comment']);
    const missing = await subscribe(alice, ['comment']);
    const live = await subscribe(alice, ['comment']);
    push.status.set(gone.path, 410);
    push.status.set(missing.path, 404);
    const row = await note(alice.id, 'comment');

    const result = await dispatch();
    expect(result.removed).toBe(2);
    expect(await readAsSuperuser(su, 'pushSubscriptions', gone.id)).toBeNull();
    expect(await readAsSuperuser(su, 'pushSubscriptions', missing.id)).toBeNull();
    expect(await readAsSuperuser(su, 'pushSubscriptions', live.id)).not.toBeNull();
    expect(deliveriesTo(live)).toHaveLength(1);
    expect((await readAsSuperuser(su, 'notifications', row.id))?.['sentAt']).not.toBe('');
  });

  it('keeps a subscription answered 429, 5xx or another 4xx: only 404 and 410 mean it is gone', async () => {
    const alice = await createUser(server, su);
    const answers = [429, 500, 502, 503, 400, 403, 413];
    const subs = await Promise.all(answers.map(() => subscribe(alice, ['comment'])));
    answers.forEach((status, i) => push.status.set(subs[i]!.path, status));
    const row = await note(alice.id, 'comment');

    const retry: RetryState = new Map();
    const result = await dispatch({ retry });
    expect(result.removed).toBe(0);
    for (const sub of subs) {
      expect(deliveriesTo(sub)).toHaveLength(1);
      expect(await readAsSuperuser(su, 'pushSubscriptions', sub.id)).not.toBeNull();
    }
    // 429 and 5xx are tried again later (only those devices); the other 4xx are not
    expect(result.retrying).toBe(1);
    expect([...(retry.get(row.id)?.done ?? [])].sort()).toEqual(
      subs
        .slice(4)
        .map((s) => s.id)
        .sort(),
    );
    expect((await readAsSuperuser(su, 'notifications', row.id))?.['sentAt']).toBe('');
  });

  it('never requests an endpoint on this machine or a private network unless told to', async () => {
    // anyone can store a subscription: the dispatcher must not be a way into the server's network
    const alice = await createUser(server, su);
    const local = await subscribe(alice, ['comment']); // https://127.0.0.1:<port>/...
    const row = await note(alice.id, 'comment');
    const logged: string[] = [];
    const result = await dispatch({ allowPrivateEndpoints: false, log: (m) => logged.push(m) });
    expect(result.sent).toBe(0);
    expect(deliveriesTo(local)).toHaveLength(0);
    expect(logged.join('\n')).toContain(`skipping subscription ${local.id}`);
    // the row is handled (no usable device), and the subscription itself is left alone
    expect((await readAsSuperuser(su, 'notifications', row.id))?.['sentAt']).not.toBe('');
    expect(await readAsSuperuser(su, 'pushSubscriptions', local.id)).not.toBeNull();
  });

  it('sends only to the devices that list the topic; a row with none is handled without a push', async () => {
    const alice = await createUser(server, su);
    const commentsOnly = await subscribe(alice, ['comment']);
    const row = await note(alice.id, 'meetup');
    expect((await dispatch()).sent).toBe(0);
    expect(deliveriesTo(commentsOnly)).toHaveLength(0);
    expect((await readAsSuperuser(su, 'notifications', row.id))?.['sentAt']).not.toBe('');
  });

  it('retries a failing device later with backoff, without holding other users back or resending', async () => {
    const [alice, bob] = await Promise.all([createUser(server, su), createUser(server, su)]);
    const flaky = await subscribe(alice, ['exchange']);
    const steady = await subscribe(alice, ['exchange']);
    const bobSub = await subscribe(bob, ['exchange']);
    push.status.set(flaky.path, 503);
    const aliceRow = await note(alice.id, 'exchange');
    const bobRow = await note(bob.id, 'exchange');

    let clock = Date.now();
    const retry: RetryState = new Map();
    const first = await dispatch({ retry, now: () => clock });
    expect(first.retrying).toBe(1);
    expect(deliveriesTo(bobSub)).toHaveLength(1);
    expect((await readAsSuperuser(su, 'notifications', bobRow.id))?.['sentAt']).not.toBe('');
    expect((await readAsSuperuser(su, 'notifications', aliceRow.id))?.['sentAt']).toBe('');
    expect(deliveriesTo(steady)).toHaveLength(1);
    expect(deliveriesTo(flaky)).toHaveLength(1);

    // within the backoff: not tried again
    await dispatch({ retry, now: () => clock });
    expect(deliveriesTo(flaky)).toHaveLength(1);

    // after it, once the service is back: only the device that missed it gets it
    push.status.delete(flaky.path);
    clock += 60_000;
    await dispatch({ retry, now: () => clock });
    expect(deliveriesTo(flaky)).toHaveLength(2);
    expect(deliveriesTo(steady)).toHaveLength(1);
    expect((await readAsSuperuser(su, 'notifications', aliceRow.id))?.['sentAt']).not.toBe('');
    expect(retry.size).toBe(0);
  });

  it('sends a row again once it is brought up to date (a chat alert’s next message), never a stale copy', async () => {
    const alice = await createUser(server, su);
    const sub = await subscribe(alice, ['chat']);
    const row = await note(alice.id, 'chat');
    // one loop's memory of the rows it handled, across its passes
    const claims = new RowClaims();
    await dispatch({ claims });
    expect(deliveriesTo(sub)).toHaveLength(1);
    // a pass that read the row before it was marked sent does not send it again
    expect(claims.claim(`${row.id}@${row['updated']}`)).toBe(false);
    await su
      .collection('notifications')
      .update(row.id, { title: '새 메시지 2개', body: '두 번째', sentAt: '' });
    await dispatch({ claims });
    expect(deliveriesTo(sub)).toHaveLength(2);
    expect(decryptPayload(deliveriesTo(sub)[1]!, sub)).toMatchObject({
      id: row.id,
      notification: { title: '새 메시지 2개', body: '두 번째', tag: row.id },
    });
    await dispatch({ claims });
    expect(deliveriesTo(sub)).toHaveLength(2);
  });

  it('runs as a loop that logs in as a superuser and stops cleanly', async () => {
    const alice = await createUser(server, su);
    const sub = await subscribe(alice, ['comment']);
    const pb = server.client();
    const dispatcher = startPushDispatcher({
      pb,
      vapid,
      agent: push.agent,
      allowPrivateEndpoints: true,
      intervalMs: 100,
      log: () => {},
      login: async (c) => {
        await c.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
      },
    });
    try {
      const row = await note(alice.id, 'comment');
      dispatcher.wake();
      await expect.poll(() => deliveriesTo(sub).length, { timeout: 10_000 }).toBe(1);
      await expect
        .poll(async () => (await readAsSuperuser(su, 'notifications', row.id))?.['sentAt'])
        .not.toBe('');
    } finally {
      await dispatcher.stop();
    }
  });
});
