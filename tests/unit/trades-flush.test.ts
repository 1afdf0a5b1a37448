// @vitest-environment node
/**
 * Sending trade changes (docs/trades.md, Outbox kinds; docs/sync.md, Replays) against the
 * in-memory PocketBase of the outbox tests: a conversation the other fan opened first takes our
 * queued messages with it, a message waits for its conversation, a list item made on two devices
 * keeps the later changes, and a refused counter-proposal puts the proposal it answered back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { AppDB } from '@/data/db/index.ts';
import { KINDS } from '@/domains/trades/names.ts';
import { getThread, resolveConversation } from '@/domains/chat/queries.ts';
import { applyServerRecords } from '@/data/sync/apply.ts';
import { flushOutbox } from '@/data/sync/flush.ts';
import { markRead, openConversation, sendMessage } from '@/domains/chat/writes.ts';
import { setTradeItem } from '@/domains/trade-lists/writes.ts';
import { proposeTrade } from '@/domains/trades/writes.ts';
import {
  fakeToken,
  FakePocketBase,
  FakeServerState,
  type Fault,
} from '../helpers/fake-pocketbase.ts';
import { ME, tradeRecord, YOU } from '../helpers/trade-records.ts';

const CARD = 'cardaaaaaaaaaaa';
const stamp = '2026-03-01 10:00:00.000Z';
let db: AppDB;
let state: FakeServerState;
let fake: FakePocketBase;
let clock: number;

beforeEach(async () => {
  db = new AppDB(`trades-flush-${Math.random().toString(36).slice(2)}`);
  state = new FakeServerState();
  fake = new FakePocketBase(state);
  clock = 1_000_000;
  const token = fakeToken(ME, 1);
  fake.tokens.set(token, ME);
  await db.auth.put({ key: 'session', token, record: { id: ME } });
});

afterEach(async () => {
  await db.delete();
});

const flush = (ignoreBackoff = false) =>
  flushOutbox({ db, pb: fake as unknown as PocketBase, now: () => clock, ignoreBackoff });

function faults(...list: Fault[]) {
  fake.nextFault = () => list.shift() ?? 'ok';
}

/** A record already on the server, as another device or fan made it. */
function onServer(collection: string, rec: Record<string, unknown> & { id: string }) {
  state.table(collection).set(rec.id, { created: stamp, updated: stamp, ...rec });
}

/** YOU's proposal to ME of CARD, waiting for an answer: on the server and pulled to this device. */
async function theirProposal() {
  const theirs = tradeRecord('theirsaaaaaaaaa', {
    give: [CARD],
    get: [],
    created: stamp,
    updated: stamp,
  });
  onServer('trades', theirs);
  await applyServerRecords(db, 'trades', [theirs]);
  return theirs;
}

describe('a conversation the other fan opened first', () => {
  it('takes the messages and reads queued for ours, in order', async () => {
    onServer('conversations', { id: 'serverconvaaaaa', a: ME, b: YOU, aReadAt: '', bReadAt: '' });
    onServer('messages', {
      id: 'theirsaaaaaaaaa',
      conversation: 'serverconvaaaaa',
      sender: YOU,
      text: '안녕',
    });
    // offline, before any pull: this device opens the pair itself
    const mine = await openConversation(YOU, {}, db);
    const first = await sendMessage(mine, '첫 번째', null, db);
    const second = await sendMessage(mine, '두 번째', null, db);

    const report = await flush();
    expect(report).toMatchObject({ dead: 0, remaining: 0 });
    const sent = [...state.table('messages').values()].filter((m) => m['sender'] === ME);
    expect(sent.map((m) => [m.id, m['conversation']])).toEqual([
      [first, 'serverconvaaaaa'],
      [second, 'serverconvaaaaa'],
    ]);
    expect(state.table('conversations').size).toBe(1);
    // locally: the server's conversation, our messages in it, our id still finds it
    expect(await db.conversations.get(mine)).toBeUndefined();
    expect((await db.messages.get(first))?.conversation).toBe('serverconvaaaaa');
    expect((await resolveConversation(mine, ME, db))?.id).toBe('serverconvaaaaa');
    const thread = await getThread(mine, ME, db);
    expect(thread?.messages.map((m) => [m.message.id, m.pending])).toEqual([
      [first, false],
      [second, false],
    ]);
  });

  it('a read queued for ours is sent to theirs', async () => {
    onServer('conversations', { id: 'serverconvaaaaa', a: ME, b: YOU, aReadAt: '', bReadAt: '' });
    const mine = await openConversation(YOU, {}, db);
    await db.messages.put({
      id: 'theirsaaaaaaaaa',
      conversation: mine,
      sender: YOU,
      text: '',
      image: '',
      created: stamp,
      updated: stamp,
    });
    expect(await markRead(mine, db)).toBe(true);
    expect(await flush()).toMatchObject({ dead: 0, remaining: 0 });
    expect(state.table('conversations').get('serverconvaaaaa')?.['aReadAt']).toBe(stamp);
  });
});

describe('a message and its conversation', () => {
  it('waits while the conversation it belongs to is backing off', async () => {
    const conv = await openConversation(YOU, {}, db);
    faults('500');
    expect(await flush()).toMatchObject({ stopped: 'network', remaining: 1 });
    const message = await sendMessage(conv, '안녕하세요', null, db);
    // the conversation is still backing off: the message must not overtake it
    expect(await flush()).toMatchObject({ done: 0, remaining: 2, requests: 0 });
    expect(state.table('messages').size).toBe(0);
    expect(await flush(true)).toMatchObject({ done: 2, dead: 0, remaining: 0 });
    expect(state.log.map((op) => op.collection)).toEqual(['conversations', 'messages']);
    expect(state.table('messages').get(message)?.['conversation']).toBe(conv);
  });

  it('a photo goes alone as multipart, after the text before it', async () => {
    const conv = await openConversation(YOU, {}, db);
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const text = await sendMessage(conv, '사진 보낼게요', null, db);
    const photo = await sendMessage(conv, '', png, db);
    expect(await flush()).toMatchObject({ done: 3, remaining: 0, requests: 2 });
    expect(state.log.map((op) => op.id)).toEqual([conv, text, photo]);
    expect(state.log[2]!.body['image']).toBeInstanceOf(File);
    expect(await db.messages.get(photo)).toMatchObject({ image: 'image.png', conversation: conv });
  });
});

describe('a list item made on two devices', () => {
  it("is done, and the change queued after it lands on the server's item", async () => {
    await db.photoCards.put({
      id: CARD,
      group: 'g1',
      groupName: 'RIIZE',
      cardImg: '',
      logoImage: '',
      memberName: '',
      memberNameEn: '',
      title: '',
      label: '',
      likeCount: 0,
      exchangeList: [],
      created: stamp,
      updated: stamp,
    });
    onServer('tradeItems', {
      id: 'serveritemaaaaa',
      user: ME,
      photoCard: CARD,
      kind: 'want',
      spare: 0,
    });
    const mine = await setTradeItem(CARD, { kind: 'want' }, db);
    await setTradeItem(CARD, { kind: 'have', spare: 2 }, db);
    expect(await flush()).toMatchObject({ dead: 0, remaining: 0 });
    expect([...state.table('tradeItems').values()]).toMatchObject([
      { id: 'serveritemaaaaa', kind: 'have', spare: 2 },
    ]);
    expect(await db.tradeItems.get(mine!)).toBeUndefined();
    expect(await db.tradeItems.get('serveritemaaaaa')).toMatchObject({ kind: 'have', spare: 2 });
  });
});

describe('a counter-proposal the server refuses', () => {
  it('goes to dead letters and puts the proposal it answered back', async () => {
    const theirs = await theirProposal();
    // meanwhile its proposer withdrew it (not pulled yet)
    state.table('trades').set(theirs.id, {
      ...state.table('trades').get(theirs.id)!,
      status: 'cancelled',
      updated: '2026-03-01 10:05:00.000Z',
    });
    const counter = await proposeTrade(
      { to: YOU, give: [], get: [CARD], counterOf: theirs.id },
      db,
    );
    expect((await db.trades.get(theirs.id))?.status).toBe('countered');

    expect(await flush()).toMatchObject({ dead: 1, remaining: 0 });
    const [dead] = await db.deadLetters.toArray();
    expect(dead).toMatchObject({
      kind: KINDS.tradeCreate,
      message: '교환 제안을 보내지 못했습니다.',
    });
    expect(dead!.detail).toContain('이미 끝난 교환 제안이에요.');
    expect(await db.trades.get(counter)).toBeUndefined();
    expect((await db.trades.get(theirs.id))?.status).toBe('cancelled');
  });

  it('lands, and the server marks the old one countered', async () => {
    const theirs = await theirProposal();
    await proposeTrade({ to: YOU, give: [], get: [CARD], counterOf: theirs.id }, db);
    expect(await flush()).toMatchObject({ done: 1, dead: 0 });
    expect(state.table('trades').get(theirs.id)?.['status']).toBe('countered');
    expect((await db.trades.get(theirs.id))?.status).toBe('countered');
  });
});
