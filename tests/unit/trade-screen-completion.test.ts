// The tidy-up a completed trade suggests (domains/trades/completion.ts) and the trade screens'
// pure steps (features/trades: the fan's sides of a proposal, the five groups, the form's picks).
import { describe, expect, it } from 'vitest';
import {
  bookSaves,
  completionChangeKey,
  planTradeCompletion,
  type CompletionInput,
} from '@/domains/trades/completion.ts';
import type { Trade } from '@/data/pb/records.ts';
import { emptyTradeGroups } from '@/domains/trades/queries.ts';
import { initialPicks, markedFirst, togglePick } from '@/features/trades/pick.ts';
import { counterOfTrade, doneMarks, groupTrades, mySides } from '@/features/trades/trade-sides.ts';

const base: CompletionInput = {
  received: [],
  given: [],
  cards: [
    { id: 'r1', group: 'gA' },
    { id: 'r2', group: 'gB' },
    { id: 'r3', group: 'gA' },
    { id: 'g1', group: 'gA' },
    { id: 'g2', group: 'gA' },
  ],
  books: [],
  posts: [],
  items: [],
};

describe('planTradeCompletion', () => {
  it('ticks a received card in the first book of its group, unless a book has it already', () => {
    const plan = planTradeCompletion({
      ...base,
      received: ['r1', 'r2', 'r3'],
      books: [
        { id: 'bB', group: 'gB', cardInfo: [] },
        { id: 'bA1', group: 'gA', cardInfo: ['r3'] },
        { id: 'bA2', group: 'gA', cardInfo: [] },
      ],
    });
    expect(plan.changes).toEqual([
      { kind: 'tick', card: 'r1', book: 'bA1' },
      { kind: 'tick', card: 'r2', book: 'bB' },
    ]);
    expect(plan.noBook).toEqual([]);
  });

  it('names received cards with no book of their group; unknown cards are left alone', () => {
    const plan = planTradeCompletion({
      ...base,
      received: ['r2', 'zz'],
      books: [{ id: 'bA', group: 'gA', cardInfo: [] }],
    });
    expect(plan.changes).toEqual([]);
    expect(plan.noBook).toEqual(['r2']);
  });

  it('unticks a given card only where it was the only copy', () => {
    const plan = planTradeCompletion({
      ...base,
      given: ['g1', 'g2', 'r2'],
      books: [
        { id: 'b1', group: 'gA', cardInfo: ['g1', 'g2'] },
        { id: 'b2', group: 'gA', cardInfo: ['g2'] },
      ],
    });
    // g2 is ticked in two books: a copy stays; r2 is in none
    expect(plan.changes).toEqual([{ kind: 'untick', card: 'g1', book: 'b1' }]);
  });

  it("moves the fan's open posts of traded cards to 교환완료", () => {
    const plan = planTradeCompletion({
      ...base,
      received: ['r1'],
      given: ['g1'],
      posts: [
        { id: 'p1', photoCard: 'r1', status: '교환대기중' },
        { id: 'p2', photoCard: 'g1', status: '교환중' },
        { id: 'p3', photoCard: 'g1', status: '교환완료' },
        { id: 'p4', photoCard: 'other', status: '교환대기중' },
      ],
    });
    expect(plan.changes.filter((c) => c.kind === 'post')).toEqual([
      { kind: 'post', card: 'r1', post: 'p1' },
      { kind: 'post', card: 'g1', post: 'p2' },
    ]);
  });

  it('takes received cards off 구함 and a spare off given cards', () => {
    const plan = planTradeCompletion({
      ...base,
      received: ['r1', 'r2'],
      given: ['g1', 'g2'],
      items: [
        { photoCard: 'r1', kind: 'want', spare: 0 },
        { photoCard: 'r2', kind: 'have', spare: 1 },
        { photoCard: 'g1', kind: 'have', spare: 3 },
        { photoCard: 'g2', kind: 'have', spare: 1 },
      ],
    });
    expect(plan.changes).toEqual([
      { kind: 'unwant', card: 'r1' },
      { kind: 'spare', card: 'g1', spare: 2 },
      { kind: 'spare', card: 'g2', spare: 0 },
    ]);
  });

  it('counts a card on both sides as received only, and each card once', () => {
    const plan = planTradeCompletion({
      ...base,
      received: ['r1', 'r1'],
      given: ['r1'],
      books: [{ id: 'b', group: 'gA', cardInfo: [] }],
    });
    expect(plan.changes).toEqual([{ kind: 'tick', card: 'r1', book: 'b' }]);
  });

  it('keys each change apart and groups the book changes per book', () => {
    const plan = planTradeCompletion({
      ...base,
      received: ['r1', 'r3'],
      given: ['g1'],
      books: [
        { id: 'b1', group: 'gA', cardInfo: ['g1'] },
        { id: 'b2', group: 'gB', cardInfo: [] },
      ],
      posts: [{ id: 'p', photoCard: 'g1', status: '교환중' }],
      items: [{ photoCard: 'g1', kind: 'have', spare: 2 }],
    });
    const keys = plan.changes.map(completionChangeKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...bookSaves(plan.changes)]).toEqual([['b1', { add: ['r1', 'r3'], remove: ['g1'] }]]);
  });
});

function trade(id: string, over: Partial<Trade> = {}): Trade {
  return {
    id,
    proposer: 'me',
    receiver: 'you',
    give: ['a'],
    get: ['b'],
    message: '',
    status: 'proposed',
    proposerDone: false,
    receiverDone: false,
    counterOf: '',
    conversation: '',
    created: '2026-11-20 10:00:00.000Z',
    updated: '2026-11-20 10:00:00.000Z',
    ...over,
  };
}

describe('trade sides and groups', () => {
  it('turns the record into what this fan gives and gets', () => {
    const t = trade('t1', { proposerDone: true });
    expect(mySides({ trade: t, side: 'proposer' })).toEqual({ iGive: ['a'], iGet: ['b'] });
    expect(mySides({ trade: t, side: 'receiver' })).toEqual({ iGive: ['b'], iGet: ['a'] });
    expect(doneMarks({ trade: t, side: 'receiver' })).toEqual({ mine: false, theirs: true });
  });

  it('splits proposed by side and merges the closed statuses, newest change first', () => {
    const s = (t: Trade, side: 'proposer' | 'receiver') => ({
      trade: t,
      side,
      other: 'x',
      pending: false,
    });
    const byStatus = emptyTradeGroups();
    byStatus.proposed.push(s(trade('in'), 'receiver'), s(trade('out'), 'proposer'));
    byStatus.declined.push(s(trade('d', { updated: '2026-11-21 00:00:00.000Z' }), 'proposer'));
    byStatus.countered.push(
      s(trade('c', { updated: '2026-11-22 00:00:00.000Z', status: 'countered' }), 'receiver'),
    );
    byStatus.accepted.push(s(trade('c2', { counterOf: 'c' }), 'proposer'));
    const groups = groupTrades(byStatus);
    expect(groups.incoming.map((x) => x.trade.id)).toEqual(['in']);
    expect(groups.outgoing.map((x) => x.trade.id)).toEqual(['out']);
    expect(groups.active.map((x) => x.trade.id)).toEqual(['c2']);
    expect(groups.closed.map((x) => x.trade.id)).toEqual(['c', 'd']);
    expect(counterOfTrade(byStatus, 'c')?.trade.id).toBe('c2');
    expect(counterOfTrade(byStatus, 'd')).toBeNull();
  });
});

describe('the proposal form picks', () => {
  it('toggles a card, but never onto a full side or one the other side has', () => {
    expect(togglePick(['a'], 'b', [], 20)).toEqual(['a', 'b']);
    expect(togglePick(['a', 'b'], 'a', [], 20)).toEqual(['b']);
    expect(togglePick(['a'], 'b', ['b'], 20)).toEqual(['a']);
    expect(togglePick(['a', 'b'], 'c', [], 2)).toEqual(['a', 'b']);
  });

  it('starts from the address, with the card it is about on the side it belongs to', () => {
    expect(initialPicks({ give: ['a', 'a'], get: ['a', 'b'] }, new Set(), 20)).toEqual({
      give: ['a'],
      get: ['b'],
    });
    expect(initialPicks({ give: [], get: [], card: 'c' }, new Set(['c']), 20)).toEqual({
      give: ['c'],
      get: [],
    });
    expect(initialPicks({ give: [], get: [], card: 'c' }, new Set(), 20)).toEqual({
      give: [],
      get: ['c'],
    });
    expect(initialPicks({ give: [], get: ['c'], card: 'c' }, new Set(['c']), 20).give).toEqual([]);
    expect(initialPicks({ give: ['a', 'b', 'c'], get: [] }, new Set(), 2).give).toEqual(['a', 'b']);
  });

  it('puts marked cards first', () => {
    expect(markedFirst(['a', 'b', 'c', 'd'], new Set(['c', 'a']))).toEqual(['a', 'c', 'b', 'd']);
  });
});
