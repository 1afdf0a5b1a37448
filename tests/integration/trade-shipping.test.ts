/**
 * The shipping step of a trade and tagged reviews against the real server (docs/trades.md,
 * Shipping; `reviews`): each side sets only its own method, address, parcel and 받았어요, only
 * once the trade is accepted; the addresses are readable by the two sides alone (not a third fan,
 * not a guest, not their pulls), cleared when the trade is cancelled and 30 days after it
 * completed; every step is an alert for the other fan with push off; a block leaves 받았어요 and
 * 완료 possible and nothing else; review tags follow the rating and the trust route counts them.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { ClientResponseError, RecordModel } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { failure, readAsSuperuser, type Actor } from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;

const { fans, cards } = setupCatalogueServer((env) => {
  ({ server, su } = env);
});

const HANGUL = /[가-힣]/;
const ADDRESS = '서울시 마포구 와우산로 1, 101호 김팬 010-1234-5678';

async function refused(p: Promise<unknown>, field?: string): Promise<ClientResponseError> {
  const err = await failure(p);
  expect(err.status, JSON.stringify(err.response)).toBe(400);
  expect(err.response.message).toMatch(HANGUL);
  if (field) expect(err.response.data?.[field], field).toBeDefined();
  return err;
}

const stored = (id: string) => readAsSuperuser(su, 'trades', id);

/** fan p proposed a card to fan r, who accepted it. */
async function accepted(): Promise<{ p: Actor; r: Actor; t: RecordModel }> {
  const [p, r] = await fans(2);
  const [c] = await cards(1);
  const t = await p.pb
    .collection('trades')
    .create({ proposer: p.id, receiver: r.id, give: [c!.id], status: 'proposed' });
  await r.pb
    .collection('trades')
    .update(t.id, { status: 'accepted', give: t['give'], get: t['get'], message: t['message'] });
  return { p, r, t };
}

async function alertsOf(a: Actor): Promise<[string, string][]> {
  const rows = await su.collection('notifications').getFullList({
    filter: su.filter('user = {:u} && topic = "trade"', { u: a.id }),
    sort: 'created',
  });
  for (const n of rows) expect(n['sentAt'], 'no device: nothing to send').not.toBe('');
  return rows.map((n) => [n['title'] as string, n['url'] as string]);
}

describe('the shipping step', () => {
  it('only once accepted, each side its own fields, with the rules on each', async () => {
    const [p, r] = await fans(2);
    const [c] = await cards(1);
    // not on a new proposal
    await refused(
      p.pb.collection('trades').create({
        proposer: p.id,
        receiver: r.id,
        give: [c!.id],
        status: 'proposed',
        proposerAddress: ADDRESS,
      }),
      'proposerAddress',
    );
    const t = await p.pb
      .collection('trades')
      .create({ proposer: p.id, receiver: r.id, give: [c!.id], status: 'proposed' });
    // not while it waits for an answer
    await refused(p.pb.collection('trades').update(t.id, { proposerShip: 'half' }));
    await r.pb
      .collection('trades')
      .update(t.id, { status: 'accepted', give: t['give'], get: t['get'], message: '' });

    // the other side's fields are not mine
    await refused(p.pb.collection('trades').update(t.id, { receiverAddress: ADDRESS }));
    await refused(
      p.pb.collection('trades').update(t.id, { completedAt: new Date().toISOString() }),
    );
    // a tracking number: 6–30 letters, digits and hyphens, with its carrier
    await refused(
      p.pb.collection('trades').update(t.id, { proposerCarrier: 'epost', proposerTracking: '12' }),
      'proposerTracking',
    );
    await refused(
      p.pb.collection('trades').update(t.id, { proposerTracking: '6012345678901' }),
      'proposerCarrier',
    );
    await refused(
      p.pb.collection('trades').update(t.id, { proposerAddress: '가'.repeat(201) }),
      'proposerAddress',
    );
    const before = await stored(t.id);
    expect([before?.proposerAddress, before?.proposerTracking]).toEqual(['', '']);

    await p.pb
      .collection('trades')
      .update(t.id, { proposerShip: 'half', proposerAddress: `  ${ADDRESS}  ` });
    await p.pb
      .collection('trades')
      .update(t.id, { proposerCarrier: 'gs25', proposerTracking: ' 3612 3456 7890 ' });
    const now = await stored(t.id);
    expect(now).toMatchObject({
      proposerShip: 'half',
      proposerAddress: ADDRESS,
      proposerCarrier: 'gs25',
      proposerTracking: '361234567890',
      receiverAddress: '',
    });

    // 받았어요 is never taken back; 완료 brings it along
    await r.pb.collection('trades').update(t.id, { receiverReceived: true });
    await refused(r.pb.collection('trades').update(t.id, { receiverReceived: false }));
    await p.pb.collection('trades').update(t.id, { proposerDone: true });
    expect((await stored(t.id))?.proposerReceived).toBe(true);
    await r.pb.collection('trades').update(t.id, { receiverDone: true });
    const done = await stored(t.id);
    expect(done?.status).toBe('completed');
    expect(done?.completedAt).not.toBe('');
    // closed: nothing changes any more
    await refused(p.pb.collection('trades').update(t.id, { proposerAddress: '다른 곳' }));
  });

  it('every step is an alert for the other fan, with push off', async () => {
    const { p, r, t } = await accepted();
    await p.pb.collection('trades').update(t.id, { proposerAddress: ADDRESS });
    await r.pb
      .collection('trades')
      .update(t.id, { receiverCarrier: 'epost', receiverTracking: '6012345678901' });
    await p.pb.collection('trades').update(t.id, { proposerReceived: true });
    await p.pb.collection('trades').update(t.id, { proposerDone: true });
    await r.pb.collection('trades').update(t.id, { receiverReceived: true, receiverDone: true });
    const url = `/trades/${t.id}`;
    expect(await alertsOf(r)).toEqual([
      ['새 교환 제안', url],
      ['배송지 공유', url],
      ['카드 도착', url],
      ['교환 완료 확인', url],
    ]);
    expect(await alertsOf(p)).toEqual([
      ['교환 제안 수락', url],
      ['송장 번호 등록', url],
      ['교환 완료', url],
    ]);
  });

  it('the addresses: the two sides read them, a third fan and a guest never, nor their pulls', async () => {
    const { p, r, t } = await accepted();
    const [third] = await fans(1);
    await p.pb.collection('trades').update(t.id, { proposerAddress: ADDRESS });
    expect((await r.pb.collection('trades').getOne(t.id))['proposerAddress']).toBe(ADDRESS);
    const pull = (pb: PocketBase) =>
      pb.send<{ collections: Record<string, { items: RecordModel[] }> }>('/api/pocamarket/pull', {
        method: 'POST',
        body: { collections: [{ name: 'trades' }] },
        requestKey: null,
      });
    const mine = (await pull(r.pb)).collections['trades']?.items ?? [];
    expect(mine.find((x) => x.id === t.id)?.['proposerAddress']).toBe(ADDRESS);
    for (const pb of [third!.pb, server.client()]) {
      expect((await failure(pb.collection('trades').getOne(t.id))).status).toBe(404);
      expect(await pb.collection('trades').getFullList()).toEqual([]);
      const items = (await pull(pb)).collections['trades']?.items ?? [];
      expect(JSON.stringify(items)).not.toContain('와우산로');
    }
  });

  it('a cancel clears both addresses at once', async () => {
    const { p, r, t } = await accepted();
    await p.pb.collection('trades').update(t.id, { proposerAddress: ADDRESS });
    await r.pb.collection('trades').update(t.id, { receiverAddress: '부산 해운대구 1' });
    await r.pb.collection('trades').update(t.id, { status: 'cancelled' });
    expect(await stored(t.id)).toMatchObject({
      status: 'cancelled',
      proposerAddress: '',
      receiverAddress: '',
    });
  });

  it('the addresses of a trade completed 30 days ago are cleared, newer ones kept', async () => {
    const old = await accepted();
    const recent = await accepted();
    for (const { p, r, t } of [old, recent]) {
      await p.pb.collection('trades').update(t.id, { proposerAddress: ADDRESS });
      await r.pb.collection('trades').update(t.id, { receiverAddress: '부산 해운대구 1' });
      await p.pb.collection('trades').update(t.id, { proposerDone: true });
      await r.pb.collection('trades').update(t.id, { receiverDone: true });
    }
    const day = 24 * 60 * 60 * 1000;
    const at = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
    await su.collection('trades').update(old.t.id, { completedAt: at(Date.now() - 31 * day) });
    await su.collection('trades').update(recent.t.id, { completedAt: at(Date.now() - 10 * day) });
    const beforeSweep = (await stored(old.t.id))?.updated;

    // operators only
    const sweep = (pb: PocketBase) =>
      pb.send<{ cleared: number }>('/api/pocamarket/trade-address-sweep', {
        method: 'POST',
        body: {},
        requestKey: null,
      });
    expect((await failure(sweep(old.p.pb))).status).toBeGreaterThanOrEqual(401);
    expect((await sweep(su)).cleared).toBeGreaterThanOrEqual(1);

    const gone = await stored(old.t.id);
    expect([gone?.proposerAddress, gone?.receiverAddress]).toEqual(['', '']);
    // saved as a change, so both devices' next pull drops their copies
    expect(gone?.updated).not.toBe(beforeSweep);
    expect((await stored(recent.t.id))?.proposerAddress).toBe(ADDRESS);
    // three weeks on, the recent one goes too
    const later = await su.send<{ cleared: number }>('/api/pocamarket/trade-address-sweep', {
      method: 'POST',
      body: { now: Date.now() + 21 * day },
      requestKey: null,
    });
    expect(later.cleared).toBeGreaterThanOrEqual(1);
    expect((await stored(recent.t.id))?.receiverAddress).toBe('');
  });

  it('after a block: 받았어요 and 완료 still, nothing else', async () => {
    const { p, r, t } = await accepted();
    await p.pb.collection('blocks').create({ user: p.id, blocked: r.id });
    const err = await refused(r.pb.collection('trades').update(t.id, { receiverAddress: ADDRESS }));
    expect(JSON.stringify(err.response)).toContain('validation_blocked');
    await refused(
      r.pb
        .collection('trades')
        .update(t.id, { receiverCarrier: 'cj', receiverTracking: '123456789' }),
    );
    await r.pb.collection('trades').update(t.id, { receiverReceived: true });
    await r.pb.collection('trades').update(t.id, { receiverDone: true });
    await p.pb.collection('trades').update(t.id, { proposerReceived: true, proposerDone: true });
    expect(await stored(t.id)).toMatchObject({ status: 'completed', receiverAddress: '' });
  });
});

describe('tagged reviews', () => {
  it('tags follow the rating, and the trust route counts every review’s', async () => {
    const { p, r, t } = await accepted();
    await p.pb.collection('trades').update(t.id, { proposerDone: true });
    await r.pb.collection('trades').update(t.id, { receiverDone: true });
    const reviews = r.pb.collection('reviews');
    await refused(
      reviews.create({ trade: t.id, author: r.id, rating: 'good', tags: ['packing', 'late'] }),
      'tags',
    );
    await refused(
      reviews.create({ trade: t.id, author: r.id, rating: 'bad', tags: ['fast'] }),
      'tags',
    );
    await reviews.create({
      trade: t.id,
      author: r.id,
      rating: 'good',
      tags: ['packing', 'fast'],
      text: '포장 최고',
    });

    // a second trade between them, reviewed with one of the same tags
    const [c] = await cards(1);
    const t2 = await r.pb
      .collection('trades')
      .create({ proposer: r.id, receiver: p.id, get: [c!.id], status: 'proposed' });
    await p.pb
      .collection('trades')
      .update(t2.id, { status: 'accepted', give: t2['give'], get: t2['get'], message: '' });
    await p.pb.collection('trades').update(t2.id, { receiverDone: true });
    await r.pb.collection('trades').update(t2.id, { proposerDone: true });
    await reviews.create({ trade: t2.id, author: r.id, rating: 'good', tags: ['packing'] });

    const trust = await server.client().send<{
      reviews: { tags: string[] }[];
      tagCounts: Record<string, number>;
      ratingCounts: Record<string, number>;
    }>(`/api/pocamarket/fans/${p.id}/trust`, { requestKey: null });
    expect(trust.tagCounts).toEqual({ packing: 2, fast: 1 });
    expect(trust.ratingCounts).toEqual({ good: 2, bad: 0 });
    expect(trust.reviews.map((x) => [...x.tags].sort())).toEqual([
      ['packing'],
      ['fast', 'packing'],
    ]);
  });
});
