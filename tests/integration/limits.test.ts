/**
 * Cost limits (pb_hooks/lib/limits.js, api.pb.js, limits.pb.js) against the real PocketBase, as
 * an attacker with no account or one fan account would try them: nested `expand`s on lists,
 * views, auth, batch requests and realtime subscriptions; filters and sorts that walk relations;
 * huge pages; batched writes past the rate limits; writes to fields no client may set. Each
 * refusal is a 400 (or 429) with a Korean message that comes back small and fast, which shows
 * the work was not done, and nothing changes on the server. What the app and the benches read
 * still works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import {
  createCard,
  createCatalogue,
  createGroup,
  createUser,
  failure,
  newId,
  readAsSuperuser,
  stretchRateWindows,
  type Actor,
} from '../helpers/pb-fixtures.ts';

const HANGUL = /[가-힣]/;

let server: TestServer;
let su: PocketBase;
let fan: Actor;
const groupIds: string[] = [];
const cardIds: string[] = [];
let postId = '';

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  fan = await createUser(server, su);
  // a catalogue whose relations loop (photoCards <-> exchangeList, and on to groups): 6 groups of 8
  for (let g = 0; g < 6; g++) {
    const group = await createGroup(su);
    groupIds.push(group.id);
    for (let c = 0; c < 8; c++) cardIds.push((await createCard(su, group)).id);
  }
  for (let i = 0; i < 6; i++) {
    const post = await fan.pb.collection('exchangeList').create({
      photoCard: cardIds[i],
      writer: fan.id,
      description: '교환해요',
      status: '교환대기중',
    });
    postId ||= post.id;
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  ms: number;
  bytes: number;
  body: { message?: string; items?: unknown[]; [k: string]: unknown };
}

/** A raw request (as an attacker sends it), timed, with the size of its answer. */
async function call(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const t0 = Date.now();
  const res = await fetch(server.url + path, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: init.token } : {}),
      'Accept-Encoding': 'identity',
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, ms: Date.now() - t0, bytes: text.length, body: JSON.parse(text) };
}

/** A refusal that did no work: the status, a Korean message, small and fast. */
function expectCheapRefusal(a: Answer, status = 400) {
  expect(a.status).toBe(status);
  expect(a.body.message).toMatch(HANGUL);
  expect(a.bytes).toBeLessThan(1_000);
  expect(a.ms).toBeLessThan(1_000);
}

const DEEP = 'exchangeList.photoCard.exchangeList.photoCard.group';

describe('expand', () => {
  it('a nested expand on a list is refused at once, anonymously and as a fan', async () => {
    for (const token of [undefined, fan.pb.authStore.token]) {
      for (const expand of [DEEP, 'exchangeList.photoCard', 'exchangeList.writer.collectBook']) {
        const a = await call(`/api/collections/photoCards/records?perPage=500&expand=${expand}`, {
          token,
        });
        expectCheapRefusal(a);
      }
    }
  });

  it('a view, an auth request and a relation the collection does not offer are refused', async () => {
    expectCheapRefusal(
      await call(`/api/collections/photoCards/records/${cardIds[0]}?expand=${DEEP}`),
    );
    expectCheapRefusal(
      await call(`/api/collections/photoCards/records?expand=likes_via_photoCard`),
    );
    expectCheapRefusal(await call(`/api/collections/users/records?expand=biasGroup`));
    const login = await call('/api/collections/users/auth-with-password?expand=collectBook.group', {
      method: 'POST',
      body: { identity: fan.email, password: 'wrong-password-x' },
    });
    expectCheapRefusal(login);
  });

  it('one level of an offered relation still works, as the original client read it', async () => {
    const a = await call('/api/collections/photoCards/records?perPage=500&expand=exchangeList');
    expect(a.status).toBe(200);
    const expanded = (a.body.items as { expand?: { exchangeList?: unknown[] } }[]).flatMap(
      (c) => c.expand?.exchangeList ?? [],
    );
    expect(expanded.length).toBeGreaterThanOrEqual(6);
    const post = await call(
      `/api/collections/exchangeList/records/${postId}?expand=writer,photoCard`,
    );
    expect(post.status).toBe(200);
  });

  it('a superuser (tools, the seed) is not limited', async () => {
    const list = await su
      .collection('photoCards')
      .getList(1, 2, { expand: 'exchangeList.photoCard', filter: `id = "${cardIds[0]}"` });
    expect(list.items).toHaveLength(1);
  });
});

describe('filters, sorts and page sizes', () => {
  it('a filter or sort that walks relations back and forth is refused at once', async () => {
    const walk = 'exchangeList.photoCard.exchangeList.photoCard.group.groupName ~ "G"';
    const attempts = [
      `/api/collections/photoCards/records?filter=${encodeURIComponent(walk)}`,
      `/api/collections/photoCards/records?filter=${encodeURIComponent('exchangeList.photoCard.title ~ "a"')}`,
      `/api/collections/groups/records?filter=${encodeURIComponent('photoCards_via_group.id != ""')}`,
      `/api/collections/groups/records?filter=${encodeURIComponent('@collection.photoCards.title ~ "x"')}`,
      `/api/collections/photoCards/records?filter=${encodeURIComponent(`title ~ "${'x'.repeat(600)}"`)}`,
      `/api/collections/photoCards/records?sort=${encodeURIComponent('exchangeList.photoCard.title')}`,
      `/api/collections/comments/records?filter=${encodeURIComponent('@request.auth.collectBook.group.groupName != ""')}`,
    ];
    for (const path of attempts) {
      expectCheapRefusal(await call(path));
      expectCheapRefusal(await call(path, { token: fan.pb.authStore.token }));
    }
  });

  it('one hop, field filters and sorts keep working', async () => {
    const ok = [
      `/api/collections/photoCards/records?filter=${encodeURIComponent(`group.groupName != "" && memberName = "원빈"`)}&sort=-created,id`,
      `/api/collections/photoCards/records?page=1&perPage=500&sort=updated,id&skipTotal=1&filter=${encodeURIComponent('updated > "2100-01-01 00:00:00.000Z" || (updated = "2100-01-01 00:00:00.000Z" && id > "")')}`,
    ];
    for (const path of ok) expect((await call(path)).status).toBe(200);
  });

  it('pages are at most 500 records: a larger perPage is served 500 at a time', async () => {
    const seen: string[] = [];
    for (const page of [1, 2]) {
      const a = await call(`/api/collections/photoCards/records?perPage=5000&page=${page}&sort=id`);
      expect(a.status).toBe(200);
      expect(a.body.perPage).toBe(500);
      seen.push(...(a.body.items as { id: string }[]).map((c) => c.id));
    }
    // the catalogue here is smaller than a page: everything on page 1, nothing repeated
    expect(seen.sort()).toEqual([...cardIds].sort());
  });
});

describe('batch requests', () => {
  it('a batch whose requests ask for an expand is refused before it takes the write lock', async () => {
    const requests = Array.from({ length: 50 }, () => ({
      method: 'PATCH',
      url: `/api/collections/exchangeList/records/${postId}?expand=photoCard.exchangeList.photoCard`,
      body: { description: '바꿔치기' },
    }));
    const a = await call('/api/batch', {
      method: 'POST',
      token: fan.pb.authStore.token,
      body: { requests },
    });
    expectCheapRefusal(a);
    // even a one-level expand: a batch is for writes
    const one = await call('/api/batch', {
      method: 'POST',
      token: fan.pb.authStore.token,
      body: {
        requests: [
          { ...requests[0], url: `/api/collections/exchangeList/records/${postId}?expand=writer` },
        ],
      },
    });
    expectCheapRefusal(one);
    expect((await readAsSuperuser(su, 'exchangeList', postId))?.description).toBe('교환해요');
    // not even a like's own card (the app reads a batch's cards back instead); a like sent alone
    // may carry it (one record)
    const likeUrl = '/api/collections/likes/records';
    const refused = await call('/api/batch', {
      method: 'POST',
      token: fan.pb.authStore.token,
      body: {
        requests: [
          {
            method: 'POST',
            url: `${likeUrl}?expand=photoCard`,
            body: { user: fan.id, photoCard: cardIds[1] },
          },
        ],
      },
    });
    expectCheapRefusal(refused);
    for (const expand of ['user', 'photoCard.group']) {
      expectCheapRefusal(
        await call(`${likeUrl}?expand=${expand}`, {
          method: 'POST',
          token: fan.pb.authStore.token,
          body: { user: fan.id, photoCard: cardIds[1] },
        }),
      );
    }
    const liked = await call(`${likeUrl}?expand=photoCard`, {
      method: 'POST',
      token: fan.pb.authStore.token,
      body: { user: fan.id, photoCard: cardIds[1] },
    });
    expect(liked.status).toBe(200);
    const like = liked.body as unknown as {
      id: string;
      expand?: { photoCard?: { id: string; likeCount: number } };
    };
    expect(like.expand?.photoCard?.id).toBe(cardIds[1]);
    expect(like.expand?.photoCard?.likeCount).toBe(
      (await readAsSuperuser(su, 'photoCards', cardIds[1]!))?.likeCount,
    );
    await fan.pb.collection('likes').delete(like.id); // the fan's likes as the next test expects
  });

  it('a batched write to likeList or chatContent is refused and changes nothing', async () => {
    const likeList = await call('/api/batch', {
      method: 'POST',
      token: fan.pb.authStore.token,
      body: {
        requests: [
          {
            method: 'PATCH',
            url: `/api/collections/users/records/${fan.id}`,
            body: { 'likeList+': cardIds[0] },
          },
        ],
      },
    });
    expect(likeList.status).toBe(400);
    expect(JSON.stringify(likeList.body)).toMatch(HANGUL);
    // the like list is read from the fan's likes (not stored): still none
    expect((await fan.pb.collection('users').getOne(fan.id)).likeList).toEqual([]);
    expect(await su.collection('likes').getFullList({ filter: `user = "${fan.id}"` })).toEqual([]);
  });
});

describe('realtime subscriptions', () => {
  /** Opens an SSE connection and returns its client id (and a way to close it). */
  async function connect(): Promise<{ clientId: string; close: () => void }> {
    const ctrl = new AbortController();
    const res = await fetch(`${server.url}/api/realtime`, { signal: ctrl.signal });
    const reader = res.body!.getReader();
    let text = '';
    while (!/"clientId":"[^"]+"/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const clientId = /"clientId":"([^"]+)"/.exec(text)![1]!;
    return { clientId, close: () => ctrl.abort() };
  }

  const withOptions = (topic: string, query: Record<string, string>) =>
    `${topic}?options=${encodeURIComponent(JSON.stringify({ query }))}`;

  it('a subscription whose options filter or expand is refused', async () => {
    const sse = await connect();
    try {
      for (const sub of [
        withOptions('photoCards/*', { expand: 'exchangeList.photoCard.group' }),
        withOptions('photoCards/*', { expand: 'exchangeList.photoCard' }),
        withOptions('photoCards/*', { filter: 'exchangeList.photoCard.title != ""' }),
        // any filter or expand: each would be a query per client on every event
        withOptions('photoCards/*', { filter: 'id != ""' }),
        withOptions('photoCards/*', { expand: 'group' }),
      ]) {
        const a = await call('/api/realtime', {
          method: 'POST',
          body: { clientId: sse.clientId, subscriptions: [sub] },
        });
        expectCheapRefusal(a);
      }
      const tooMany = Array.from({ length: 31 }, (_, i) => `photoCards/${newId()}${i}`);
      expectCheapRefusal(
        await call('/api/realtime', {
          method: 'POST',
          body: { clientId: sse.clientId, subscriptions: tooMany },
        }),
      );
    } finally {
      sse.close();
    }
  });

  it('the app’s own subscriptions (every collection, no options) are accepted', async () => {
    const sse = await connect();
    try {
      const res = await fetch(`${server.url}/api/realtime`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          clientId: sse.clientId,
          subscriptions: ['photoCards/*', 'groups/*', 'meetUps/*', 'exchangeList/*', 'comments/*'],
        }),
      });
      expect(res.status).toBe(204);
    } finally {
      sse.close();
    }
  });
});

describe('fields no client may write', () => {
  it('chatContent is refused on update as on create, and nothing changes', async () => {
    const err = await failure(
      fan.pb.collection('exchangeList').update(postId, { chatContent: 'x'.repeat(5_000) }),
    );
    expect(err.status).toBe(400);
    expect(err.response.message).toMatch(HANGUL);
    expect(err.response.data?.chatContent?.code).toBe('validation_protected_field');
    expect((await readAsSuperuser(su, 'exchangeList', postId))?.chatContent).toBe('');
  });
});

describe('rate limits count batched requests with direct ones', () => {
  let limited: TestServer;
  let lsu: PocketBase;

  beforeAll(async () => {
    limited = await startTestServer({ publicDir: null, rateLimits: 'enforced' });
    lsu = await limited.admin();
    // what these tests check is the counting, not how long a window lasts
    await stretchRateWindows(lsu, [
      { label: '*:create', duration: 10, maxRequests: 60 },
      { label: '*:list', duration: 10, maxRequests: 60 },
    ]);
  }, 30_000);

  afterAll(async () => {
    await limited?.stop();
  });

  async function batch(pb: PocketBase, requests: unknown[]) {
    const res = await fetch(`${limited.url}/api/batch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: pb.authStore.token },
      body: JSON.stringify({ requests }),
    });
    return { status: res.status, body: (await res.json()) as BatchBody };
  }

  interface BatchBody {
    message?: string;
  }

  /** A batch refused whole with 429 before it ran (the outbox retries it later). */
  function expectRateLimited(a: { status: number; body: BatchBody }) {
    expect(a.status).toBe(429);
    expect(a.body.message).toMatch(HANGUL);
  }

  it('50 creates in a batch and then direct ones stop at the limit of 60 (one window)', async () => {
    const writer = await createUser(limited, lsu);
    const meetUp = await lsu.collection('meetUps').create({ eventTitle: '생일카페' });
    const comment = () => ({ name: writer.id, meetUp: meetUp.id, ment: '다녀왔어요' });
    const first = await batch(
      writer.pb,
      Array.from({ length: 50 }, () => ({
        method: 'POST',
        url: '/api/collections/comments/records',
        body: comment(),
      })),
    );
    expect(first.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push(
        await writer.pb
          .collection('comments')
          .create(comment())
          .then(() => 200)
          .catch((e: { status: number }) => e.status),
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    const stored = await lsu
      .collection('comments')
      .getList(1, 1, { filter: `name = "${writer.id}"` });
    expect(stored.totalItems).toBe(60);
  });

  it('direct creates first, then a batch past the limit is refused whole, in Korean', async () => {
    const writer = await createUser(limited, lsu);
    // posts this time: the first test used up the comments' window of the same address
    const cat = await createCatalogue(lsu);
    const post = () => ({
      writer: writer.id,
      photoCard: cat.card.id,
      description: '교환해요',
      status: '교환대기중',
    });
    for (let i = 0; i < 15; i++) await writer.pb.collection('exchangeList').create(post());
    const over = await batch(
      writer.pb,
      Array.from({ length: 50 }, () => ({
        method: 'POST',
        url: '/api/collections/exchangeList/records',
        body: post(),
      })),
    );
    expectRateLimited(over);
    const stored = await lsu
      .collection('exchangeList')
      .getList(1, 1, { filter: `writer = "${writer.id}"` });
    expect(stored.totalItems).toBe(15);
  });

  it('record lists are limited to 60 per window per address; the costliest one is cheap to refuse', async () => {
    const path = '/api/collections/photoCards/records?perPage=500&expand=exchangeList';
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) {
      statuses.push((await fetch(limited.url + path)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
  });

  it('sign-ups in batches count against the sign-up limit (10 per 10 minutes)', async () => {
    const signUp = (i: number) => {
      const tag = `${Date.now().toString(36)}${i}`;
      return {
        email: `s${tag}@test.local`,
        password: 'test-password-1234',
        passwordConfirm: 'test-password-1234',
        username: `s${tag}`.slice(0, 20),
        name: '가입',
      };
    };
    for (let i = 0; i < 8; i++) await limited.client().collection('users').create(signUp(i));
    const res = await fetch(`${limited.url}/api/batch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requests: Array.from({ length: 5 }, (_, i) => ({
          method: 'POST',
          url: '/api/collections/users/records',
          body: signUp(100 + i),
        })),
      }),
    });
    expectRateLimited({ status: res.status, body: (await res.json()) as BatchBody });
    const users = await lsu
      .collection('users')
      .getList(1, 1, { filter: 'email ~ "@test.local" && name = "가입"' });
    expect(users.totalItems).toBe(8);
  });
});
