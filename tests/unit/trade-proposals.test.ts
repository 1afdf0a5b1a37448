// @vitest-environment node
/**
 * Proposals and reviews (domains/trades/writes.ts; docs/trades.md `trades`, `reviews`): the checks on
 * cards and texts, the hook's table of who may change what in which state, the status changes
 * applied locally at once, counter-proposals, and reviews of completed trades.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDB } from '@/data/db/index.ts';
import { KINDS as chatKinds } from '@/domains/chat/names.ts';
import { KINDS as tradesKinds } from '@/domains/trades/names.ts';
import { getTradeSummary, listTradesByStatus } from '@/domains/trades/queries.ts';
import { applyServerRecords } from '@/data/sync/apply.ts';
import { blockFan, openConversation } from '@/domains/chat/writes.ts';
import {
  acceptTrade,
  cancelTrade,
  declineTrade,
  editTrade,
  markTradeDone,
  markTradeReceived,
  proposeTrade,
  reviewTrade,
  setTradeShipping,
} from '@/domains/trades/writes.ts';
import {
  at as stamp,
  conversationRecord,
  ME,
  mutationOf,
  queuedRows,
  signedInDb,
  tradeRecord as trade,
  YOU,
} from '../helpers/trade-records.ts';

// the cards of tradeRecord's proposal (A given, B wanted), and one more
const A = 'cardaaaaaaaaaaa';
const B = 'cardbbbbbbbbbbb';
const C = 'cardccccccccccc';
let db: AppDB;

const rows = () => queuedRows(db);
const status = async (id: string) => (await db.trades.get(id))?.status;

beforeEach(async () => {
  db = await signedInDb('trades');
});

afterEach(async () => {
  await db.delete();
});

describe('proposeTrade', () => {
  it('checks the cards, the message and the other fan', async () => {
    const cases: [Parameters<typeof proposeTrade>[0], string][] = [
      [{ to: YOU, give: [], get: [] }, '주거나 받을 카드를 한 장 이상 골라주세요.'],
      [{ to: YOU, give: [A, B], get: [B] }, '같은 카드를 주면서 받을 수는 없어요.'],
      [
        { to: YOU, give: Array.from({ length: 21 }, (_, i) => `card${i}`), get: [] },
        '한 번에 주고받는 카드는 각각 20장까지 고를 수 있어요.',
      ],
      [
        { to: YOU, give: [A], get: [], message: 'x'.repeat(301) },
        '제안 메시지는 300자까지 쓸 수 있어요.',
      ],
      [
        { to: YOU, give: [A], get: [], message: '씨발' },
        '비속어가 포함된 글은 작성할 수 없습니다.',
      ],
      [{ to: ME, give: [A], get: [] }, '자기 자신에게는 교환을 제안할 수 없어요.'],
    ];
    for (const [proposal, text] of cases) {
      await expect(proposeTrade(proposal, db)).rejects.toThrow(text);
    }
    await blockFan(YOU, db);
    await expect(proposeTrade({ to: YOU, give: [A], get: [] }, db)).rejects.toThrow(
      '차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.',
    );
    expect((await rows()).map((r) => r.kind)).toEqual([chatKinds.blockCreate]);
    expect(await db.trades.count()).toBe(0);
  });

  it('shows the proposal at once and queues its create after its conversation', async () => {
    const conv = await openConversation(YOU, {}, db);
    const id = await proposeTrade(
      { to: YOU, give: [A, A], get: [B], message: ' 교환해요 ', conversation: conv },
      db,
    );
    expect(await db.trades.get(id)).toMatchObject({
      proposer: ME,
      receiver: YOU,
      give: [A],
      get: [B],
      message: '교환해요',
      status: 'proposed',
      conversation: conv,
    });
    const row = (await rows()).find((r) => r.kind === tradesKinds.tradeCreate)!;
    expect(row.recordKey).toBe(`trades/${id}`);
    const m = mutationOf(row);
    expect(m.kind.dependsOn?.(m.payload)).toEqual([`conversations/${conv}`]);
    expect(m.kind.request(m.payload).body).toMatchObject({
      status: 'proposed',
      conversation: conv,
    });
    const groups = await listTradesByStatus(ME, db);
    expect(groups.proposed.map((s) => [s.trade.id, s.side, s.other, s.pending])).toEqual([
      [id, 'proposer', YOU, true],
    ]);
  });

  it('stops at 20 proposals of the fan waiting for an answer', async () => {
    await db.trades.bulkPut(
      Array.from({ length: 20 }, (_, i) =>
        trade(`open${String(i).padStart(11, '0')}`, {
          proposer: ME,
          receiver: YOU,
          // an accepted one waits for no answer
          status: i === 0 ? 'accepted' : 'proposed',
        }),
      ),
    );
    await proposeTrade({ to: YOU, give: [A], get: [] }, db);
    await expect(proposeTrade({ to: YOU, give: [A], get: [] }, db)).rejects.toThrow(
      '답을 기다리는 교환 제안은 20개까지 둘 수 있어요.',
    );
  });
});

describe('counter-proposals', () => {
  beforeEach(async () => {
    await applyServerRecords(db, 'trades', [trade('theirsaaaaaaaaa')]);
  });

  it('answer a proposal to the fan: the old one shows countered at once', async () => {
    const id = await proposeTrade(
      { to: YOU, give: [B], get: [C], counterOf: 'theirsaaaaaaaaa' },
      db,
    );
    expect(await status('theirsaaaaaaaaa')).toBe('countered');
    expect(await db.trades.get(id)).toMatchObject({
      status: 'proposed',
      counterOf: 'theirsaaaaaaaaa',
    });
    expect((await rows()).map((r) => [r.kind, r.recordKey])).toEqual([
      [tradesKinds.tradeCreate, `trades/${id}`],
    ]);
    // a server copy of the old proposal pulled while the counter is queued stays countered
    await applyServerRecords(db, 'trades', [trade('theirsaaaaaaaaa', { updated: stamp(5) })]);
    expect(await status('theirsaaaaaaaaa')).toBe('countered');
    // unless the proposal moved on meanwhile (its proposer cancelled it)
    await applyServerRecords(db, 'trades', [
      trade('theirsaaaaaaaaa', { status: 'cancelled', updated: stamp(6) }),
    ]);
    expect(await status('theirsaaaaaaaaa')).toBe('cancelled');
  });

  it('only by its receiver, to its proposer, while it is proposed', async () => {
    await expect(
      proposeTrade({ to: 'someoneaaaaaaaa', give: [B], get: [], counterOf: 'theirsaaaaaaaaa' }, db),
    ).rejects.toThrow('내가 받은 교환 제안에만 역제안할 수 있어요.');
    await db.trades.put(trade('mineaaaaaaaaaaa', { proposer: ME, receiver: YOU }));
    await expect(
      proposeTrade({ to: YOU, give: [B], get: [], counterOf: 'mineaaaaaaaaaaa' }, db),
    ).rejects.toThrow('내가 받은 교환 제안에만 역제안할 수 있어요.');
    await declineTrade('theirsaaaaaaaaa', db);
    await expect(
      proposeTrade({ to: YOU, give: [B], get: [], counterOf: 'theirsaaaaaaaaa' }, db),
    ).rejects.toThrow('이미 답했거나 끝난 교환 제안에는 역제안할 수 없어요.');
  });
});

describe('status changes', () => {
  beforeEach(async () => {
    await applyServerRecords(db, 'trades', [
      trade('incomingaaaaaaa'),
      trade('outgoingaaaaaaa', { proposer: ME, receiver: YOU }),
    ]);
  });

  it('accept and decline: the receiver, while proposed', async () => {
    await expect(acceptTrade('outgoingaaaaaaa', db)).rejects.toThrow(
      '지금은 교환 제안을 이 상태로 바꿀 수 없어요.',
    );
    expect(await acceptTrade('incomingaaaaaaa', db)).toBe(true);
    expect(await status('incomingaaaaaaa')).toBe('accepted');
    await expect(declineTrade('incomingaaaaaaa', db)).rejects.toThrow(
      '지금은 교환 제안을 이 상태로 바꿀 수 없어요.',
    );
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: tradesKinds.tradeUpdate,
      recordKey: 'trades/incomingaaaaaaa',
      payload: { id: 'incomingaaaaaaa', action: 'accept', by: 'receiver' },
    });
    const m = mutationOf(row!);
    // the accept carries the terms this device showed, for the server to compare
    expect(m.kind.request(m.payload)).toEqual({
      method: 'PATCH',
      collection: 'trades',
      id: 'incomingaaaaaaa',
      body: {
        status: 'accepted',
        give: ['cardaaaaaaaaaaa'],
        get: ['cardbbbbbbbbbbb'],
        message: '',
      },
    });
    expect(m.kind.failureMessage(m.payload)).toBe('교환 제안을 수락하지 못했습니다.');
  });

  it('cancel: the proposer while proposed, either side once accepted; closed after', async () => {
    await expect(cancelTrade('incomingaaaaaaa', db)).rejects.toThrow(
      '지금은 교환 제안을 이 상태로 바꿀 수 없어요.',
    );
    await cancelTrade('outgoingaaaaaaa', db);
    expect(await status('outgoingaaaaaaa')).toBe('cancelled');
    await acceptTrade('incomingaaaaaaa', db);
    await cancelTrade('incomingaaaaaaa', db);
    expect(await status('incomingaaaaaaa')).toBe('cancelled');
    for (const change of [acceptTrade, declineTrade, cancelTrade, markTradeDone]) {
      await expect(change('incomingaaaaaaa', db)).rejects.toThrow(
        '이미 끝난 교환 제안이라 바꿀 수 없어요.',
      );
    }
  });

  it('done: each side once accepted; both sides make it completed', async () => {
    await expect(markTradeDone('incomingaaaaaaa', db)).rejects.toThrow(
      '지금은 교환 제안을 이 상태로 바꿀 수 없어요.',
    );
    await acceptTrade('incomingaaaaaaa', db);
    expect(await markTradeDone('incomingaaaaaaa', db)).toBe(true);
    expect(await markTradeDone('incomingaaaaaaa', db)).toBe(false);
    expect(await db.trades.get('incomingaaaaaaa')).toMatchObject({
      status: 'accepted',
      receiverDone: true,
    });
    // the other side's 완료 arrives from the server while mine is queued
    await applyServerRecords(db, 'trades', [
      trade('incomingaaaaaaa', { status: 'accepted', proposerDone: true, updated: stamp(7) }),
    ]);
    expect(await db.trades.get('incomingaaaaaaa')).toMatchObject({
      status: 'completed',
      proposerDone: true,
      receiverDone: true,
    });
    const summary = await getTradeSummary('incomingaaaaaaa', ME, db);
    expect(summary).toMatchObject({ side: 'receiver', other: YOU, pending: true });
  });

  it('a queued change the proposal moved past shows nothing locally', async () => {
    await acceptTrade('incomingaaaaaaa', db);
    await applyServerRecords(db, 'trades', [
      trade('incomingaaaaaaa', { status: 'cancelled', updated: stamp(8) }),
    ]);
    expect(await status('incomingaaaaaaa')).toBe('cancelled');
    expect(await db.outbox.count()).toBe(1);
  });

  it('edit: the proposer, while proposed, with the same card rules', async () => {
    await expect(editTrade('incomingaaaaaaa', { give: [C], get: [] }, db)).rejects.toThrow(
      '지금 이 교환 제안에서 바꿀 수 없는 항목이 포함되어 있어요.',
    );
    await expect(editTrade('outgoingaaaaaaa', { give: [C], get: [C] }, db)).rejects.toThrow(
      '같은 카드를 주면서 받을 수는 없어요.',
    );
    await editTrade('outgoingaaaaaaa', { give: [C], get: [A], message: '바꿔요' }, db);
    expect(await db.trades.get('outgoingaaaaaaa')).toMatchObject({
      give: [C],
      get: [A],
      message: '바꿔요',
      status: 'proposed',
    });
    // cards only: the message stays
    await editTrade('outgoingaaaaaaa', { give: [B], get: [A] }, db);
    expect(await db.trades.get('outgoingaaaaaaa')).toMatchObject({ give: [B], message: '바꿔요' });
    expect((await rows()).at(-1)?.payload).toEqual({
      id: 'outgoingaaaaaaa',
      action: 'edit',
      by: 'proposer',
      give: [B],
      get: [A],
    });
  });

  it('are refused with a fan the fan blocked, but ending a proposal stays possible', async () => {
    await blockFan(YOU, db);
    await expect(acceptTrade('incomingaaaaaaa', db)).rejects.toThrow(
      '차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.',
    );
    expect(await declineTrade('incomingaaaaaaa', db)).toBe(true);
    expect(await cancelTrade('outgoingaaaaaaa', db)).toBe(true);
  });
});

describe('the shipping step', () => {
  beforeEach(async () => {
    await applyServerRecords(db, 'trades', [trade('incomingaaaaaaa')]);
  });

  it('only once accepted; this side’s own fields, checked, shown at once', async () => {
    await expect(setTradeShipping('incomingaaaaaaa', { ship: 'half' }, db)).rejects.toThrow(
      '지금은 교환 제안을 이 상태로 바꿀 수 없어요.',
    );
    await acceptTrade('incomingaaaaaaa', db);
    await expect(
      setTradeShipping('incomingaaaaaaa', { carrier: 'epost', tracking: '12' }, db),
    ).rejects.toThrow('송장 번호는 숫자·영문·하이픈으로 6~30자예요.');
    await expect(
      setTradeShipping('incomingaaaaaaa', { tracking: '6012345678901' }, db),
    ).rejects.toThrow('송장 번호를 적으려면 택배사를 골라주세요.');
    await expect(
      setTradeShipping('incomingaaaaaaa', { address: '가'.repeat(201) }, db),
    ).rejects.toThrow('받을 곳은 200자까지 쓸 수 있어요.');

    expect(
      await setTradeShipping('incomingaaaaaaa', { ship: 'half', address: ' GS25 홍대점 ' }, db),
    ).toBe(true);
    expect(
      await setTradeShipping(
        'incomingaaaaaaa',
        { carrier: 'gs25', tracking: '3612 3456 7890' },
        db,
      ),
    ).toBe(true);
    // the same again changes nothing
    expect(await setTradeShipping('incomingaaaaaaa', { ship: 'half' }, db)).toBe(false);
    expect(await db.trades.get('incomingaaaaaaa')).toMatchObject({
      receiverShip: 'half',
      receiverAddress: 'GS25 홍대점',
      receiverCarrier: 'gs25',
      receiverTracking: '361234567890',
    });
    const sent = (await rows()).slice(-2).map((row) => {
      const m = mutationOf(row);
      return m.kind.request(m.payload).body;
    });
    expect(sent).toEqual([
      { receiverShip: 'half', receiverAddress: 'GS25 홍대점' },
      { receiverCarrier: 'gs25', receiverTracking: '361234567890' },
    ]);
    // a refused address keeps the fan's words
    const m = mutationOf((await rows()).at(-2)!);
    expect(m.kind.draft?.(m.payload)).toBe('GS25 홍대점');
  });

  it('받았어요 then 완료; both stay possible after a block, the rest does not', async () => {
    await acceptTrade('incomingaaaaaaa', db);
    await blockFan(YOU, db);
    await expect(setTradeShipping('incomingaaaaaaa', { address: '서울' }, db)).rejects.toThrow(
      '차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.',
    );
    expect(await markTradeReceived('incomingaaaaaaa', db)).toBe(true);
    expect(await markTradeReceived('incomingaaaaaaa', db)).toBe(false);
    expect((await db.trades.get('incomingaaaaaaa'))?.receiverReceived).toBe(true);
    expect(await markTradeDone('incomingaaaaaaa', db)).toBe(true);
    const m = mutationOf((await rows()).at(-1)!);
    expect(m.kind.request(m.payload).body).toEqual({ receiverDone: true, receiverReceived: true });
  });
});

describe('reviewTrade', () => {
  it('takes the tags that go with its rating', async () => {
    await applyServerRecords(db, 'trades', [
      trade('doneaaaaaaaaaaa', { status: 'completed', proposerDone: true, receiverDone: true }),
    ]);
    await expect(
      reviewTrade('doneaaaaaaaaaaa', { rating: 'good', tags: ['packing', 'late'] }, db),
    ).rejects.toThrow('고른 평가가 좋았어요/아쉬워요와 맞지 않아요.');
    const id = await reviewTrade(
      'doneaaaaaaaaaaa',
      { rating: 'good', tags: ['packing', 'fast', 'packing'] },
      db,
    );
    expect((await db.reviews.get(id))?.tags).toEqual(['packing', 'fast']);
    const m = mutationOf((await rows()).at(-1)!);
    expect(m.kind.request(m.payload).body).toMatchObject({ tags: ['packing', 'fast'] });
  });

  it('reviews the other side of a completed trade, once', async () => {
    await applyServerRecords(db, 'trades', [
      trade('openaaaaaaaaaaa', { status: 'accepted' }),
      trade('doneaaaaaaaaaaa', { status: 'completed', proposerDone: true, receiverDone: true }),
    ]);
    await expect(reviewTrade('openaaaaaaaaaaa', { rating: 'good' }, db)).rejects.toThrow(
      '완료된 거래에만 후기를 남길 수 있어요.',
    );
    await expect(
      reviewTrade('doneaaaaaaaaaaa', { rating: 'good', text: 'x'.repeat(101) }, db),
    ).rejects.toThrow('후기는 100자까지 쓸 수 있어요.');
    await expect(
      reviewTrade('doneaaaaaaaaaaa', { rating: 'bad', text: '씨발' }, db),
    ).rejects.toThrow('비속어가 포함된 글은 작성할 수 없습니다.');
    const id = await reviewTrade('doneaaaaaaaaaaa', { rating: 'good', text: ' 친절해요 ' }, db);
    expect(await db.reviews.get(id)).toMatchObject({
      trade: 'doneaaaaaaaaaaa',
      author: ME,
      subject: YOU,
      rating: 'good',
      text: '친절해요',
    });
    await expect(reviewTrade('doneaaaaaaaaaaa', { rating: 'good' }, db)).rejects.toThrow(
      '이 거래에는 이미 후기를 남겼어요.',
    );
    const [row] = await rows();
    const m = mutationOf(row!);
    // the subject is the server hook's to keep
    expect(m.kind.request(m.payload).body).not.toHaveProperty('subject');
    expect(m.kind.dependsOn?.(m.payload)).toEqual(['trades/doneaaaaaaaaaaa']);
  });
});

describe('a conversation of the pair', () => {
  it('must be one of the two fans’ to carry a proposal', async () => {
    const other = conversationRecord('otherconvaaaaaa', 'someoneaaaaaaaa', YOU);
    await db.conversations.put(other);
    await expect(
      proposeTrade({ to: YOU, give: [A], get: [], conversation: other.id }, db),
    ).rejects.toThrow('두 사람의 대화가 아니에요.');
  });
});
