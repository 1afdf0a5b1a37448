/**
 * The page's sync engine end to end against the real PocketBase (Node, fake-indexeddb, the
 * `eventsource` package for realtime): it follows logins written to the stored session, sends
 * changes as they are queued, shows other users' changes live, and when the server stops taking
 * the session it forgets it and keeps the queued rows for the next login.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import { createClient } from '../../src/data/pb/client.ts';
import { createComment } from '../../src/domains/meetups/writes.ts';
import { loginWithPassword, readSession } from '../../src/data/session/session.ts';
import { createSyncEngine, PULL_RETRY_FIRST_MS } from '../../src/data/sync/engine.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import {
  createCatalogue,
  createUser,
  PASSWORD,
  readAsSuperuser,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';
import { eventually, freshDb, interceptFetch } from '../helpers/sync-fixtures.ts';
import { waitFor } from '../helpers/wait.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
const g = globalThis as { EventSource?: unknown };
const previousEventSource = g.EventSource;

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  cat = await createCatalogue(su);
  g.EventSource = EventSource;
});

afterAll(async () => {
  g.EventSource = previousEventSource;
  await server?.stop();
});

describe('sync engine', () => {
  it('follows the session, flushes queued changes, applies live changes, and waits for a login when the session is revoked', async () => {
    const [alice, bob] = await Promise.all([createUser(server, su), createUser(server, su)]);
    // alice follows the catalogue's group, so its cards and posts are in her device's scope
    await alice.pb.collection('users').update(alice.id, { biasGroup: cat.group.id });
    const db = freshDb();
    const client = await createClient(server.url, db);
    const engine = createSyncEngine({ db, client });
    try {
      await engine.start();
      expect(engine.getStatus()).toMatchObject({ userId: null, online: true });
      expect(await db.meetUps.get(cat.meetUp.id)).toBeDefined();

      await loginWithPassword(client, alice.email, PASSWORD);
      await eventually(async () => engine.getStatus().userId === alice.id, 'login followed');
      await eventually(async () => engine.getStatus().realtime === 'live', 'realtime live');

      // queued changes go without anyone asking
      const first = await createComment(cat.meetUp.id, '엔진 댓글', db);
      await eventually(async () => !!(await readAsSuperuser(su, 'comments', first)), 'sent');
      await eventually(async () => (await db.outbox.count()) === 0, 'outbox drained');

      // another user's post arrives live
      const post = await bob.pb.collection('exchangeList').create({
        writer: bob.id,
        photoCard: cat.card.id,
        description: '엔진이 받을 글',
        status: '교환대기중',
      });
      await eventually(async () => !!(await db.exchangeList.get(post.id)), 'live post');

      // the token is revoked: the next change stays queued, the session is forgotten
      const row = (await db.auth.get('session'))!;
      await db.auth.put({ ...row, token: `${row.token.slice(0, -6)}AAAAAA` });
      await eventually(async () => client.store.token !== row.token, 'revoked token adopted');
      const second = await createComment(cat.meetUp.id, '로그인 후에 갈 댓글', db);
      await eventually(async () => (await readSession(db)) === null, 'session forgotten');
      await eventually(async () => engine.getStatus().userId === null, 'logged out');
      expect(await db.outbox.count()).toBe(1);
      expect(await db.deadLetters.count()).toBe(0);
      expect(await readAsSuperuser(su, 'comments', second)).toBeNull();

      // the next login sends it
      await loginWithPassword(client, alice.email, PASSWORD);
      await eventually(async () => !!(await readAsSuperuser(su, 'comments', second)), 'sent');
      await eventually(async () => (await db.outbox.count()) === 0, 'outbox drained');
    } finally {
      await engine.stop();
    }
  });

  it('pulls at start without waiting for realtime, covers the gap before the subscriptions, and pulls once after a login', async () => {
    const user = await createUser(server, su);
    const db = freshDb();
    const client = await createClient(server.url, db);
    const engine = createSyncEngine({ db, client });
    // pull rounds, from the engine's own status (a round is one request)
    let rounds = 0;
    let wasPulling = false;
    const unsubscribe = engine.subscribe(() => {
      const { pulling } = engine.getStatus();
      if (pulling && !wasPulling) rounds++;
      wasPulling = pulling;
    });
    // realtime's subscription request is held until the test lets it go
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const net = interceptFetch(async (req, real) => {
      if (req.method === 'POST' && req.path === '/api/realtime') await held;
      return real();
    });
    try {
      // the start's pull does not wait for realtime: it is done while the subscriptions are not
      await engine.start();
      expect(engine.getStatus().realtime).toBe('connecting');
      expect(rounds).toBe(1);
      expect(net.count('/api/pocamarket/pull', 'POST')).toBe(1);
      expect(await db.meetUps.get(cat.meetUp.id)).toBeDefined();

      // a change made after that pull read and before realtime listens: neither would bring it,
      // so the connect runs one more round
      const gap = await su.collection('meetUps').create({ eventTitle: '틈새에 생긴 카페' });
      release();
      await eventually(async () => !!(await db.meetUps.get(gap.id)), 'the change in the gap');
      await eventually(async () => {
        const s = engine.getStatus();
        return s.realtime === 'live' && !s.pulling;
      }, 'live and idle');
      expect(rounds).toBe(2);

      // a login waits for the new subscriptions, then pulls once
      const before = Date.now();
      await loginWithPassword(client, user.email, PASSWORD);
      await eventually(async () => {
        const s = engine.getStatus();
        return (
          s.userId === user.id &&
          s.realtime === 'live' &&
          !s.pulling &&
          (s.lastPullAt ?? 0) >= before
        );
      }, 'pulled after the login');
      await new Promise((r) => setTimeout(r, 500));
      expect(rounds).toBe(3);
    } finally {
      release();
      net.restore();
      unsubscribe();
      await engine.stop();
    }
  });

  it('tries a failed pull again by itself, with a longer wait each time, until it goes through', async () => {
    const db = freshDb();
    const client = await createClient(server.url, db);
    const engine = createSyncEngine({ db, client });
    // realtime never connects here (it would bring the change without a pull); the server is busy
    // for the next `busy` pulls, and the times they were asked at are noted
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let busy = 0;
    const asked: number[] = [];
    const net = interceptFetch(async (req, real) => {
      if (req.method === 'POST' && req.path === '/api/realtime') await held;
      if (req.method === 'POST' && req.path === '/api/pocamarket/pull') {
        asked.push(Date.now());
        if (busy > 0) {
          busy--;
          return new Response(JSON.stringify({ status: 503, message: 'busy', data: {} }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          });
        }
      }
      return real();
    });
    try {
      await engine.start();
      const late = await su.collection('meetUps').create({ eventTitle: '늦게 온 카페' });
      busy = 3;
      asked.length = 0;
      expect(await engine.pull()).toBeNull();
      expect(await db.meetUps.get(late.id)).toBeUndefined();
      // nobody asks again: the engine's own retries bring it
      await waitFor(async () => expect(await db.meetUps.get(late.id)).toBeDefined(), {
        interval: 100,
      });
      expect(asked.length).toBe(4);
      const waits = asked.slice(1).map((t, i) => t - asked[i]!);
      // 2 s, then 4 s, then 8 s: each at least as long as the engine asked for
      expect(waits[0]).toBeGreaterThanOrEqual(PULL_RETRY_FIRST_MS);
      expect(waits[1]).toBeGreaterThanOrEqual(2 * PULL_RETRY_FIRST_MS);
      expect(waits[2]).toBeGreaterThanOrEqual(4 * PULL_RETRY_FIRST_MS);
      // a pull that went through arms no retry
      await new Promise((r) => setTimeout(r, 2 * PULL_RETRY_FIRST_MS + 500));
      expect(asked.length).toBe(4);
      // realtime let go and connected before the engine stops: a connect still under way when the
      // file ends would retry with the EventSource the file put back
      release();
      await waitFor(() => expect(engine.getStatus().realtime).toBe('live'));
    } finally {
      release();
      net.restore();
      await engine.stop();
    }
  });
});
