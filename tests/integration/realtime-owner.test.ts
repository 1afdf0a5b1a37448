/**
 * A fan's own rows' realtime events, against the real server (pb_hooks/lib/owner-events.js): a
 * like, a book or an alert is sent to its owner's connections only, the same message PocketBase
 * would send (the record as the owner reads it), never to another fan or a guest; the topics of
 * these collections are taken as `<name>/*` alone; deletes still arrive (through PocketBase's walk,
 * which creates and updates skip: a superuser's connection, which the walk would send everything,
 * gets none of them). (PocketBase itself refuses
 * a connection that changes account, so a connection's owner never changes.) Both the address the
 * bounds skip (loopback) and a counted one are tried: the owner's connections are found either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, trustProxyHeader, type TestServer } from '../helpers/pocketbase.ts';
import {
  createCard,
  createCatalogue,
  createUser,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';

const IP_HEADER = 'X-Test-Client-IP';
const HANGUL = /[가-힣]/;

let server: TestServer;
let su: PocketBase;
let fan: Actor;
let other: Actor;
let cat: Catalogue;
const open: Array<() => void> = [];

beforeAll(async () => {
  server = await startTestServer({ publicDir: null, rateLimits: 'enforced' });
  su = await server.admin();
  await trustProxyHeader(su, IP_HEADER);
  cat = await createCatalogue(su);
  [fan, other] = await Promise.all([createUser(server, su), createUser(server, su)]);
});

afterAll(async () => {
  for (const close of open.splice(0)) close();
  await server?.stop();
});

interface SseEvent {
  event: string;
  data: { action?: string; record?: Record<string, unknown> };
}

interface Listener {
  clientId: string;
  ip: string | null;
  events: SseEvent[];
}

/** An SSE connection (from `ip` through the trusted header, or loopback itself) and what it got. */
async function listen(ip: string | null): Promise<Listener> {
  const ctrl = new AbortController();
  const res = await fetch(`${server.url}/api/realtime`, {
    signal: ctrl.signal,
    headers: ip ? { [IP_HEADER]: ip } : {},
  });
  expect(res.status).toBe(200);
  open.push(() => ctrl.abort());
  const reader = res.body!.getReader();
  const listener: Listener = { clientId: '', ip, events: [] };
  let buf = '';
  let resolveId: (id: string) => void = () => {};
  const gotId = new Promise<string>((r) => (resolveId = r));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += new TextDecoder().decode(value);
        let end;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const event = /^event:(.*)$/m.exec(block)?.[1] ?? '';
          const data = JSON.parse(/^data:(.*)$/m.exec(block)?.[1] ?? '{}') as SseEvent['data'] & {
            clientId?: string;
          };
          if (event === 'PB_CONNECT') resolveId(String(data.clientId));
          else listener.events.push({ event, data });
        }
      }
    } catch {
      // closed by us
    }
  })();
  listener.clientId = await gotId;
  return listener;
}

async function subscribe(l: Listener, subscriptions: string[], token?: string) {
  const res = await fetch(`${server.url}/api/realtime`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(l.ip ? { [IP_HEADER]: l.ip } : {}),
      ...(token ? { Authorization: token } : {}),
    },
    body: JSON.stringify({ clientId: l.clientId, subscriptions }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as { message?: string } };
}

const eventsOf = (l: Listener, id: string) => l.events.filter((e) => e.data.record?.['id'] === id);
const settle = () => new Promise((r) => setTimeout(r, 400));

describe("a fan's own rows", () => {
  it('go to every connection of their owner, as PocketBase would send them, and to nobody else', async () => {
    const token = fan.pb.authStore.token;
    // the fan on a counted address and on loopback (the bounds skip it), another fan, a guest
    const mine = [await listen('203.0.113.70'), await listen(null)];
    const theirs = await listen('203.0.113.71');
    const guest = await listen('203.0.113.72');
    for (const l of mine) {
      expect((await subscribe(l, ['likes/*', 'collectBook/*', 'photoCards/*'], token)).status).toBe(
        204,
      );
    }
    expect(
      (await subscribe(theirs, ['likes/*', 'collectBook/*'], other.pb.authStore.token)).status,
    ).toBe(204);
    expect((await subscribe(guest, ['photoCards/*', 'exchangeList/*'])).status).toBe(204);
    // a superuser's connection: PocketBase's walk of every connection would send it every like,
    // so nothing reaching it shows the walk was skipped
    const root = await listen(null);
    expect((await subscribe(root, ['likes/*', 'collectBook/*'], su.authStore.token)).status).toBe(
      204,
    );

    const like = await fan.pb.collection('likes').create({ user: fan.id, photoCard: cat.card.id });
    const stored = await fan.pb.collection('likes').getOne(like.id);
    for (const l of mine) {
      await expect.poll(() => eventsOf(l, like.id).length).toBe(1);
      const [e] = eventsOf(l, like.id);
      expect(e!.event).toBe('likes/*');
      expect(e!.data.action).toBe('create');
      // the record as the owner reads it: the same fields and values, nothing hidden added
      expect(e!.data.record).toEqual({ ...stored });
    }

    const book = await fan.pb
      .collection('collectBook')
      .create({ users: fan.id, title: '나의 첫 콜렉트북' });
    await fan.pb.collection('collectBook').update(book.id, { title: '라이즈 콜북' });
    for (const l of mine) {
      await expect
        .poll(() => eventsOf(l, book.id).map((e) => [e.data.action, e.data.record?.['title']]))
        .toEqual([
          ['create', '나의 첫 콜렉트북'],
          ['update', '라이즈 콜북'],
        ]);
    }

    // a delete goes through PocketBase's own path and still arrives
    await fan.pb.collection('likes').delete(like.id);
    for (const l of mine) {
      await expect
        .poll(() => eventsOf(l, like.id).map((e) => e.data.action))
        .toEqual(['create', 'delete']);
    }

    await settle();
    expect(eventsOf(theirs, like.id)).toEqual([]);
    expect(eventsOf(theirs, book.id)).toEqual([]);
    expect(guest.events).toEqual([]);
    expect(root.events.filter((e) => e.data.action !== 'delete')).toEqual([]);

    // the other fan's own like reaches them, not this fan
    const theirLike = await other.pb
      .collection('likes')
      .create({ user: other.id, photoCard: cat.card.id });
    await expect.poll(() => eventsOf(theirs, theirLike.id).length).toBe(1);
    await settle();
    for (const l of mine) expect(eventsOf(l, theirLike.id)).toEqual([]);
  });

  it('are not sent to a connection of the owner that left the topic', async () => {
    const token = fan.pb.authStore.token;
    const l = await listen('203.0.113.73');
    expect((await subscribe(l, ['likes/*', 'collectBook/*'], token)).status).toBe(204);
    expect((await subscribe(l, ['collectBook/*'], token)).status).toBe(204);
    const like = await fan.pb.collection('likes').create({ user: fan.id, photoCard: cat.card.id });
    const book = await fan.pb
      .collection('collectBook')
      .create({ users: fan.id, title: '남은 구독' });
    await expect.poll(() => eventsOf(l, book.id).length).toBe(1);
    await settle();
    expect(eventsOf(l, like.id)).toEqual([]);
  });
});

describe('the topics of owner-only collections', () => {
  it('are taken as <name>/* alone: other forms are left out, and refused in Korean when alone', async () => {
    const token = fan.pb.authStore.token;
    const likes = await su.collections.getOne('likes');
    const l = await listen('203.0.113.74');
    for (const topic of [
      'likes',
      `likes/${'a'.repeat(15)}`,
      `${likes.id}/*`,
      `likes/*?options=${encodeURIComponent(JSON.stringify({ query: { fields: 'id' } }))}`,
    ]) {
      const alone = await subscribe(l, [topic], token);
      expect(alone.status).toBe(403);
      expect(alone.body.message).toMatch(HANGUL);
      // with a taken topic: that one stays, the other is left out
      expect((await subscribe(l, ['photoCards/*', topic], token)).status).toBe(204);
    }
    const card = await createCard(su, cat.group);
    const like = await fan.pb.collection('likes').create({ user: fan.id, photoCard: card.id });
    await settle();
    expect(eventsOf(l, like.id)).toEqual([]);
  });
});
