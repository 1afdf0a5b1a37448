/**
 * Server rules in pb_hooks/ against the real server: the likes counter under concurrency,
 * tombstones on every delete, the exchange post rules, back-reference lists kept by hooks, the
 * batch API, replayed creates and the rate limiter.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { exemptLoopbackFromRateLimits, type TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import {
  completeReport,
  createCard,
  createUser,
  failure,
  newId,
  readAsSuperuser,
  uniq,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
let alice: Actor;
let bob: Actor;

setupCatalogueServer(async (env) => {
  ({ server, su, cat } = env);
  [alice, bob] = await Promise.all([createUser(server, su), createUser(server, su)]);
});

const likeCount = async (cardId: string) =>
  (await su.collection('photoCards').getOne(cardId)).likeCount as number;
/** The like list as its owner is shown it (read from their likes, never stored). */
const likeList = async (fan: Actor) =>
  (await fan.pb.collection('users').getOne(fan.id, { requestKey: null })).likeList as string[];

describe('likes keep photoCards.likeCount (a trigger) and the owner sees users.likeList', () => {
  it('20 concurrent likes by 20 users count exactly 20, and 20 concurrent unlikes 0', async () => {
    const card = await createCard(su, cat.group);
    const fans = await Promise.all(Array.from({ length: 20 }, () => createUser(server, su)));

    const likes = await Promise.all(
      fans.map((f) => f.pb.collection('likes').create({ user: f.id, photoCard: card.id })),
    );
    expect(await likeCount(card.id)).toBe(20);
    for (const f of fans) expect(await likeList(f)).toEqual([card.id]);

    await Promise.all(fans.map((f, i) => f.pb.collection('likes').delete(likes[i]!.id)));
    expect(await likeCount(card.id)).toBe(0);
    for (const f of fans) expect(await likeList(f)).toEqual([]);
  });

  it('a duplicate like is rejected and does not change the count', async () => {
    const card = await createCard(su, cat.group);
    await alice.pb.collection('likes').create({ user: alice.id, photoCard: card.id });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        alice.pb.collection('likes').create({ user: alice.id, photoCard: card.id }),
      ),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const err = await failure(
      alice.pb.collection('likes').create({ user: alice.id, photoCard: card.id }),
    );
    expect(err.status).toBe(400);
    expect(err.response.data.photoCard?.code).toBe('validation_not_unique');
    expect(await likeCount(card.id)).toBe(1);
    expect((await likeList(alice)).filter((id) => id === card.id)).toHaveLength(1);
  });

  it('concurrent profile edits and likes: every like is in the list', async () => {
    const user = await createUser(server, su);
    const cards = await Promise.all(Array.from({ length: 8 }, () => createCard(su, cat.group)));
    await Promise.all([
      ...cards.map((c) => user.pb.collection('likes').create({ user: user.id, photoCard: c.id })),
      ...cards.map((_, i) => user.pb.collection('users').update(user.id, { name: `이름${i}` })),
    ]);
    expect([...(await likeList(user))].sort()).toEqual(cards.map((c) => c.id).sort());
  });

  it('deleting a card removes its likes from the likers’ likeList', async () => {
    const card = await createCard(su, cat.group);
    await bob.pb.collection('likes').create({ user: bob.id, photoCard: card.id });
    expect(await likeList(bob)).toContain(card.id);
    await su.collection('photoCards').delete(card.id);
    expect(await likeList(bob)).not.toContain(card.id);
    expect(
      await bob.pb.collection('likes').getFullList({ filter: `photoCard = "${card.id}"` }),
    ).toEqual([]);
  });

  it('a like moves the card’s updated (the delta pull carries the count); a deleted fan’s likes leave the counts', async () => {
    const card = await createCard(su, cat.group);
    const before = (await su.collection('photoCards').getOne(card.id)).updated as string;
    const fan = await createUser(server, su);
    await fan.pb.collection('likes').create({ user: fan.id, photoCard: card.id });
    const after = await su.collection('photoCards').getOne(card.id);
    expect(after.likeCount).toBe(1);
    expect(after.updated > before).toBe(true);
    await su.collection('users').delete(fan.id);
    expect(await likeCount(card.id)).toBe(0);
  });

  it('the like list is its owner’s alone, and is not stored', async () => {
    const card = await createCard(su, cat.group);
    await alice.pb.collection('likes').create({ user: alice.id, photoCard: card.id });
    expect(await likeList(alice)).toContain(card.id);
    // login answers carry it too
    const auth = await alice.pb.collection('users').authRefresh();
    expect(auth.record.likeList).toContain(card.id);
    expect((await bob.pb.collection('users').getOne(alice.id)).likeList).toBeUndefined();
    expect((await su.collection('users').getOne(alice.id)).likeList).toBeUndefined();
  });
});

describe('tombstones', () => {
  const tombstonesOf = (pb: PocketBase, recordId: string) =>
    pb.collection('tombstones').getFullList({ filter: `recordId = "${recordId}"` });

  it('a deleted public record leaves a public tombstone', async () => {
    const post = await alice.pb.collection('exchangeList').create({
      writer: alice.id,
      photoCard: cat.card.id,
      description: '삭제될 글',
      status: '교환대기중',
    });
    await alice.pb.collection('exchangeList').delete(post.id);
    for (const pb of [server.client(), bob.pb, alice.pb]) {
      const [t, ...rest] = await tombstonesOf(pb, post.id);
      expect(rest).toEqual([]);
      expect(t).toMatchObject({ recordCollection: 'exchangeList', recordId: post.id, owner: '' });
    }
  });

  it('a deleted private record leaves a tombstone only its owner can see', async () => {
    const card = await createCard(su, cat.group);
    const like = await alice.pb.collection('likes').create({ user: alice.id, photoCard: card.id });
    const book = await alice.pb.collection('collectBook').create({ users: alice.id, title: '책' });
    await alice.pb.collection('likes').delete(like.id);
    await alice.pb.collection('collectBook').delete(book.id);
    for (const [collection, id] of [
      ['likes', like.id],
      ['collectBook', book.id],
    ] as const) {
      const mine = await tombstonesOf(alice.pb, id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        recordCollection: collection,
        recordId: id,
        owner: alice.id,
      });
      expect(await tombstonesOf(bob.pb, id)).toEqual([]);
      expect(await tombstonesOf(server.client(), id)).toEqual([]);
      const t = mine[0]!;
      expect((await failure(bob.pb.collection('tombstones').getOne(t.id))).status).toBe(404);
    }
  });

  it('cascade deletes write tombstones too (deleting a user)', async () => {
    const user = await createUser(server, su);
    const card = await createCard(su, cat.group);
    const like = await user.pb.collection('likes').create({ user: user.id, photoCard: card.id });
    const post = await user.pb.collection('exchangeList').create({
      writer: user.id,
      photoCard: card.id,
      description: '탈퇴 전 글',
      status: '교환대기중',
    });
    const comment = await user.pb
      .collection('comments')
      .create({ name: user.id, meetUp: cat.meetUp.id, ment: 'bye' });
    expect(await likeCount(card.id)).toBe(1);

    await user.pb.collection('users').delete(user.id);

    const all = await su.collection('tombstones').getFullList({
      filter: `recordId ?= "${[user.id, like.id, post.id, comment.id].join('" || recordId = "')}"`,
    });
    const got = all.map((t) => `${t.recordCollection}/${t.recordId}/${t.owner}`).sort();
    expect(got).toEqual(
      [
        `users/${user.id}/`,
        `likes/${like.id}/${user.id}`,
        `exchangeList/${post.id}/`,
        `comments/${comment.id}/`,
      ].sort(),
    );
    expect(await likeCount(card.id)).toBe(0);
    expect((await su.collection('photoCards').getOne(card.id)).exchangeList).toEqual([]);
    expect((await su.collection('meetUps').getOne(cat.meetUp.id)).comments).not.toContain(
      comment.id,
    );
  });
});

describe('exchange post rules (server side)', () => {
  const PROFANE = [
    'fuck',
    '원빈 포카 구해요 f u c k',
    'FUCK you',
    'ＦＵＣＫ',
    'Ｓｈｉｔ',
    'f\u200Bu\u200Cc\u200Dk',
    's\u2060h\uFEFFi t',
    '씨발',
    '씨 발 교환',
    '시\u200B발',
    '병\u3000신',
    'ㅅ ㅂ',
    '개 새 끼 야',
  ];
  const EMPTY = ['', '   ', '\n\t ', '\u3000', '\u200B\u200B'];

  async function expectRejected(description: string, message: string) {
    const id = newId();
    const err = await failure(
      alice.pb.collection('exchangeList').create({
        id,
        writer: alice.id,
        photoCard: cat.card.id,
        description,
        status: '교환대기중',
      }),
    );
    expect(err.status).toBe(400);
    expect(err.response.message).toBe(message);
    expect(err.response.data.description?.message).toBe(message);
    expect(await readAsSuperuser(su, 'exchangeList', id)).toBeNull();
  }

  it.each(PROFANE)('rejects profanity: %j', (d) =>
    expectRejected(d, '비속어가 포함된 글은 작성할 수 없습니다.'),
  );

  it.each(EMPTY)('rejects an empty or blank post: %j', (d) =>
    expectRejected(d, '교환 글 내용을 입력해주세요.'),
  );

  it('rejects more than 150 characters', async () => {
    await expectRejected('가'.repeat(151), '교환 글은 150자 이하로 작성해주세요.');
  });

  it('stores a valid post (150 characters, trimmed) as 교환대기중 and links it', async () => {
    const description = '포'.repeat(150);
    const post = await alice.pb.collection('exchangeList').create({
      writer: alice.id,
      photoCard: cat.card.id,
      description: `  ${description}  `,
      status: '교환대기중',
    });
    const stored = await su.collection('exchangeList').getOne(post.id);
    expect([stored.description, stored.status, stored.chatContent]).toEqual([
      description,
      '교환대기중',
      '',
    ]);
    expect((await su.collection('photoCards').getOne(cat.card.id)).exchangeList).toContain(post.id);
    expect((await su.collection('users').getOne(alice.id)).exchangeStatus).toContain(post.id);
  });

  it.each(['교환중', '교환완료', '판매중', ''])(
    'rejects creating with status %j',
    async (status) => {
      const id = newId();
      const err = await failure(
        alice.pb.collection('exchangeList').create({
          id,
          writer: alice.id,
          photoCard: cat.card.id,
          description: '상태 테스트',
          status,
        }),
      );
      expect(err.status).toBe(400);
      expect(await readAsSuperuser(su, 'exchangeList', id)).toBeNull();
    },
  );

  it('checks edits too, and lets the writer change the status', async () => {
    const post = await alice.pb.collection('exchangeList').create({
      writer: alice.id,
      photoCard: cat.card.id,
      description: '처음 글',
      status: '교환대기중',
    });
    const err = await failure(
      alice.pb.collection('exchangeList').update(post.id, { description: '수정 ｓｈｉｔ' }),
    );
    expect(err.response.message).toBe('비속어가 포함된 글은 작성할 수 없습니다.');
    const blank = await failure(
      alice.pb.collection('exchangeList').update(post.id, { description: ' ' }),
    );
    expect(blank.response.message).toBe('교환 글 내용을 입력해주세요.');
    expect((await su.collection('exchangeList').getOne(post.id)).description).toBe('처음 글');
    const ok = await alice.pb
      .collection('exchangeList')
      .update(post.id, { description: '수정한 글', status: '교환완료' });
    expect([ok.description, ok.status]).toEqual(['수정한 글', '교환완료']);
  });

  it('applies in batch requests too (all or nothing)', async () => {
    const ids = [newId(), newId()];
    const batch = alice.pb.createBatch();
    batch.collection('exchangeList').create({
      id: ids[0],
      writer: alice.id,
      photoCard: cat.card.id,
      description: '정상 글',
      status: '교환대기중',
    });
    batch.collection('exchangeList').create({
      id: ids[1],
      writer: alice.id,
      photoCard: cat.card.id,
      description: '씨발',
      status: '교환대기중',
    });
    const err = await failure(batch.send());
    expect(err.status).toBe(400);
    for (const id of ids) expect(await readAsSuperuser(su, 'exchangeList', id)).toBeNull();
  });
});

describe('back-references kept by hooks', () => {
  it('groups.cardCount, users.collectBook, meetUps.comments follow creates and deletes', async () => {
    const group = await su.collection('groups').create({ groupName: `G${uniq()}` });
    const before = (await su.collection('groups').getOne(group.id)).updated;
    const card = await createCard(su, group);
    const counted = await su.collection('groups').getOne(group.id);
    expect(counted.cardCount).toBe(1);
    // the count's change moves the group's stamp, so the delta pull carries it
    expect(counted.updated > before).toBe(true);

    const book = await bob.pb.collection('collectBook').create({ users: bob.id, title: 'b' });
    expect((await su.collection('users').getOne(bob.id)).collectBook).toContain(book.id);
    const meetUp = await su.collection('meetUps').create({ eventTitle: 'cafe' });
    const comment = await bob.pb
      .collection('comments')
      .create({ name: bob.id, meetUp: meetUp.id, ment: '안녕' });
    expect((await su.collection('meetUps').getOne(meetUp.id)).comments).toEqual([comment.id]);

    await bob.pb.collection('comments').delete(comment.id);
    await bob.pb.collection('collectBook').delete(book.id);
    await su.collection('photoCards').delete(card.id);
    expect((await su.collection('meetUps').getOne(meetUp.id)).comments).toEqual([]);
    expect((await su.collection('users').getOne(bob.id)).collectBook).not.toContain(book.id);
    expect((await su.collection('groups').getOne(group.id)).cardCount).toBe(0);
  });

  it('a group counts its cards: a card moved to another group is counted there', async () => {
    const [from, to] = await Promise.all([
      su.collection('groups').create({ groupName: `G${uniq()}` }),
      su.collection('groups').create({ groupName: `G${uniq()}` }),
    ]);
    const card = await createCard(su, from);
    await su.collection('photoCards').update(card.id, { group: to.id });
    await createCard(su, from);
    expect((await su.collection('groups').getOne(from.id)).cardCount).toBe(1);
    expect((await su.collection('groups').getOne(to.id)).cardCount).toBe(1);
  });
});

describe('batch API and replays', () => {
  it('runs a batch of 2 creates', async () => {
    const batch = bob.pb.createBatch();
    const card = await createCard(su, cat.group);
    batch.collection('likes').create({ user: bob.id, photoCard: card.id });
    batch
      .collection('comments')
      .create({ name: bob.id, meetUp: cat.meetUp.id, ment: '배치로 작성' });
    const res = (await sendAgainOn503(() => batch.send())) as Array<{
      status: number;
      body: RecordModel;
    }>;
    expect(res.map((r) => r.status)).toEqual([200, 200]);
    expect(await likeCount(card.id)).toBe(1);
    expect(res[1]!.body.ment).toBe('배치로 작성');
  });

  const REPLAYS: Array<{ collection: string; body: () => Promise<Record<string, unknown>> }> = [
    {
      collection: 'exchangeList',
      body: async () => ({
        writer: alice.id,
        photoCard: cat.card.id,
        description: '재전송',
        status: '교환대기중',
      }),
    },
    {
      collection: 'likes',
      body: async () => ({ user: alice.id, photoCard: (await createCard(su, cat.group)).id }),
    },
    {
      collection: 'comments',
      body: async () => ({ name: alice.id, meetUp: cat.meetUp.id, ment: 'x' }),
    },
    { collection: 'collectBook', body: async () => ({ users: alice.id, title: 'replay' }) },
    { collection: 'informUs', body: async () => completeReport(alice.id) },
    {
      collection: 'pushSubscriptions',
      body: async () => ({ user: alice.id, endpoint: `https://push.test/${uniq()}` }),
    },
  ];

  it.each(REPLAYS)(
    '$collection: a create replayed with the same id answers 400 id validation_not_unique',
    async ({ collection, body }) => {
      const payload = { ...(await body()), id: newId() };
      await alice.pb.collection(collection).create(payload);
      const err = await failure(alice.pb.collection(collection).create(payload));
      expect(err.status).toBe(400);
      expect(err.response.data.id?.code).toBe('validation_not_unique');
      const n = await su.collection(collection).getList(1, 1, { filter: `id = "${payload.id}"` });
      expect(n.totalItems).toBe(1);
    },
  );

  it('likes are checked per request (no hook per row): a like replayed after its unlike is refused, alone or in a batch, and the batch changes nothing', async () => {
    const card = await createCard(su, cat.group);
    const other = await createCard(su, cat.group);
    const payload = { id: newId(), user: bob.id, photoCard: card.id };
    await bob.pb.collection('likes').create(payload);
    await bob.pb.collection('likes').delete(payload.id);
    // alone: the answer the app reads as "landed earlier, deleted since"
    const err = await failure(bob.pb.collection('likes').create(payload));
    expect(err.status).toBe(400);
    expect(err.response.data.id?.code).toBe('validation_not_unique');
    // in a batch with a new like: refused whole, nothing lands
    const batch = bob.pb.createBatch();
    batch.collection('likes').create({ id: newId(), user: bob.id, photoCard: other.id });
    batch.collection('likes').create(payload);
    expect((await failure(batch.send())).status).toBe(400);
    expect(await likeCount(card.id)).toBe(0);
    expect(await likeCount(other.id)).toBe(0);
    const filter = `user = "${bob.id}" && (photoCard = "${card.id}" || photoCard = "${other.id}")`;
    expect((await su.collection('likes').getList(1, 1, { filter })).totalItems).toBe(0);
  });

  it('a replayed like does not count twice', async () => {
    const card = await createCard(su, cat.group);
    const payload = { id: newId(), user: bob.id, photoCard: card.id };
    await Promise.allSettled([1, 2, 3].map(() => bob.pb.collection('likes').create(payload)));
    expect(await likeCount(card.id)).toBe(1);
  });
});

describe('rate limiter', () => {
  it('is on and throttles repeated logins from one address', async () => {
    const s = await su.settings.getAll();
    expect(s.rateLimits.enabled).toBe(true);
    // the test helper exempts loopback; take the exemption away for this check
    await su.settings.update({ rateLimits: { ...s.rateLimits, excludedIPs: [] } });
    try {
      const anon = server.client();
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const err = await failure(
          anon.collection('users').authWithPassword(alice.email, 'wrong-pass'),
        );
        statuses.push(err.status);
      }
      expect(statuses.slice(0, 5).every((st) => st === 400)).toBe(true);
      expect(statuses).toContain(429);
    } finally {
      await exemptLoopbackFromRateLimits(su);
    }
  });
});

describe('the API middleware (pb_hooks/api.pb.js)', () => {
  it('gzips API answers for clients that take it, but not files or the realtime stream', async () => {
    const get = (path: string) =>
      fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    const list = await get('/api/collections/photoCards/records?perPage=200');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-encoding')).toBe('gzip');
    expect((await list.json()).items.length).toBeGreaterThan(0); // decoded fine
    const plain = await fetch(`${server.url}/api/collections/photoCards/records?perPage=200`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    await plain.body?.cancel();

    const controller = new AbortController();
    const stream = await fetch(`${server.url}/api/realtime`, {
      headers: { 'accept-encoding': 'gzip' },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    controller.abort();
  });

  it('answers an error in Korean with PocketBase status and code kept', async () => {
    const res = await fetch(`${server.url}/api/collections/nope/records`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/[가-힣]/);
  });
});
