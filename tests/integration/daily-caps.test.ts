/**
 * Daily caps on what one fan writes, against the real server (pb_hooks/lib/daily-caps.js): the
 * 31st exchange post, the 101st meetup comment and the 21st chat report of a Korean day are refused with a Korean
 * message and nothing stored, direct and batched (as the offline outbox sends), in parallel too;
 * deleting gives nothing back; a replay of a create that landed is still answered as one; other
 * fans and superusers are not held back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { ClientResponseError } from 'pocketbase';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { createUser, failure, newId, type Actor, type Catalogue } from '../helpers/pb-fixtures.ts';
import type { TestServer } from '../helpers/pocketbase.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;

setupCatalogueServer((env) => {
  ({ server, su, cat } = env);
});

const POSTS = 30;
const COMMENTS = 100;
const postMessage = `오늘 쓸 수 있는 교환글을 모두 썼어요. 교환글은 하루에 ${POSTS}개까지 쓸 수 있어요. 내일 다시 시도해주세요.`;
const commentMessage = `오늘 쓸 수 있는 댓글을 모두 썼어요. 댓글은 하루에 ${COMMENTS}개까지 쓸 수 있어요. 내일 다시 시도해주세요.`;

const post = (fan: Actor, id = newId()) => ({
  id,
  writer: fan.id,
  photoCard: cat.card.id,
  description: '교환해요',
  status: '교환대기중',
});

async function countOf(collection: string, field: string, fan: Actor): Promise<number> {
  const list = await su
    .collection(collection)
    .getList(1, 1, { filter: su.filter(`${field} = {:u}`, { u: fan.id }) });
  return list.totalItems;
}

function refusedWith(err: ClientResponseError, field: string, message: string) {
  expect(err.status).toBe(400);
  expect(err.response['message']).toBe(message);
  expect((err.response['data'] as Record<string, { code: string }>)[field]?.code).toBe(
    'validation_daily_cap',
  );
}

describe('exchange posts: 30 a day per fan', () => {
  let fan: Actor;
  beforeAll(async () => {
    fan = await createUser(server, su);
  });

  it('takes 30 (some batched, some in parallel), refuses the 31st, and a delete gives none back', async () => {
    const first = post(fan);
    await fan.pb.collection('exchangeList').create(first);
    const batch = fan.pb.createBatch();
    for (let i = 0; i < 9; i++) batch.collection('exchangeList').create(post(fan));
    await sendAgainOn503(() => batch.send());
    // 25 at once for the last 20 places: exactly 20 land
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => fan.pb.collection('exchangeList').create(post(fan))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      refusedWith((r as PromiseRejectedResult).reason, 'writer', postMessage);
    }
    expect(await countOf('exchangeList', 'writer', fan)).toBe(POSTS);

    // a replay of the first create is still "already there", not "over the cap"
    const replay = await failure(fan.pb.collection('exchangeList').create(first));
    expect(JSON.stringify(replay.response['data'])).toContain('validation_not_unique');

    await fan.pb.collection('exchangeList').delete(first.id);
    refusedWith(
      await failure(fan.pb.collection('exchangeList').create(post(fan))),
      'writer',
      postMessage,
    );
    // batched, as the outbox sends: refused the same way, nothing stored
    const late = fan.pb.createBatch();
    late.collection('exchangeList').create(post(fan));
    const err = await failure(late.send());
    expect(err.status).toBe(400);
    expect(JSON.stringify(err.response)).toContain('validation_daily_cap');
    expect(await countOf('exchangeList', 'writer', fan)).toBe(POSTS - 1);
  });

  it('holds back neither another fan nor a superuser', async () => {
    const other = await createUser(server, su);
    await other.pb.collection('exchangeList').create(post(other));
    await su.collection('exchangeList').create(post(fan));
    expect(await countOf('exchangeList', 'writer', other)).toBe(1);
  });
});

describe('meetup comments: 100 a day per fan', () => {
  it('takes 100 and refuses the 101st, nothing stored', async () => {
    const fan = await createUser(server, su);
    for (let round = 0; round < 2; round++) {
      const batch = fan.pb.createBatch();
      for (let i = 0; i < 50; i++) {
        batch
          .collection('comments')
          .create({ id: newId(), name: fan.id, meetUp: cat.meetUp.id, ment: `댓글 ${round}-${i}` });
      }
      await sendAgainOn503(() => batch.send());
    }
    refusedWith(
      await failure(
        fan.pb
          .collection('comments')
          .create({ id: newId(), name: fan.id, meetUp: cat.meetUp.id, ment: '하나 더' }),
      ),
      'name',
      commentMessage,
    );
    expect(await countOf('comments', 'name', fan)).toBe(COMMENTS);
  });
});

describe('chat reports: 20 a day per fan', () => {
  it('takes 20 and refuses the 21st with a pointer to blocking, nothing stored', async () => {
    const fan = await createUser(server, su);
    const target = await createUser(server, su);
    const report = () => ({ id: newId(), reporter: fan.id, target: target.id, reason: '욕설' });
    const batch = fan.pb.createBatch();
    for (let i = 0; i < 20; i++) batch.collection('chatReports').create(report());
    await sendAgainOn503(() => batch.send());
    refusedWith(
      await failure(fan.pb.collection('chatReports').create(report())),
      'reporter',
      '오늘은 더 신고할 수 없어요. 신고는 하루에 20번까지 할 수 있어요. 계속 불편하다면 차단해주세요.',
    );
    expect(await countOf('chatReports', 'reporter', fan)).toBe(20);
  });
});
