/**
 * The chat and trade steps of the fault-injection test (tests/e2e/fault-injection.test.ts): a fan
 * writes a message (now and then with a photo, which is sent alone as multipart) in one of their
 * conversations, proposes a trade to the other fan with a device (sometimes naming their
 * conversation), or changes a proposal (accept, decline, cancel, 완료, or a counter-proposal),
 * all through the app's write API; and the readers of what the server and a device hold, for
 * ./fault-model-trades.ts to compare.
 *
 * A fan changes a proposal only in the state the model says it is in, as their device shows it,
 * and only once the other fan's device holds no queued change of it: a person answers what they
 * see, and a change the other side made must have reached the server for them to see it. (A
 * change whose answer was lost is still queued even though it landed; acting on it from the other
 * side then races the replay, which the server would refuse.) Within those rules the order the
 * server gets the changes in is the order the fans made them, so the final statuses are the
 * model's.
 */
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { expect } from 'vitest';
import type { seededRandom } from './fault-model.ts';
import {
  pairOf,
  tradeState,
  type ChatTradeModel,
  type ChatTradeSnapshot,
  type TradeMove,
} from './fault-model-trades.ts';

/** Proposals (counters included) a fan makes at most, under the server's 20 waiting. */
export const PROPOSALS_MAX = 18;

/**
 * How likely each change is among those ready, and the fan leaving things as they are (`wait`):
 * answers and 완료 more than ending a proposal, and a fan whose only choice is to cancel mostly
 * waits, so that runs reach accepted and completed trades rather than cancelling most proposals
 * before the other fan has seen them.
 */
const MOVE_WEIGHTS: Record<TradeMove | 'wait', number> = {
  accept: 4,
  done: 4,
  decline: 1,
  counter: 1.5,
  cancel: 1,
  wait: 2,
};

type Rnd = ReturnType<typeof seededRandom>;

export interface ChatFans {
  /** User ids by model number: 0 and 1 have devices, the rest are only written to. */
  ids: string[];
  cards: string[];
}

/** One to three cards, split at random between what the fan gives and gets. */
function pickCards(rnd: Rnd, cards: string[]): { give: string[]; get: string[] } {
  const picked = rnd.sample(cards, rnd.int(1, 3));
  const split = rnd.int(0, picked.length);
  return { give: picked.slice(0, split), get: picked.slice(split) };
}

/** A message from fan `u` to another fan, in the pair's conversation (opened if need be). */
export async function writeMessage(
  page: Page,
  u: number,
  step: number,
  fans: ChatFans,
  rnd: Rnd,
  model: ChatTradeModel,
): Promise<string> {
  const other = rnd.pick(fans.ids.map((_, i) => i).filter((i) => i !== u));
  const photo = rnd.chance(0.15);
  const text = `메시지 ${u}-${step}`;
  const id: string = await page.evaluate(
    async (a) => {
      const { repos } = window.__pocamarket;
      const conversation = await repos.openConversation(a.to);
      let image: Blob | null = null;
      if (a.photo) {
        const canvas = new OffscreenCanvas(8, 8);
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#e91e63';
        ctx.fillRect(0, 0, 8, 8);
        image = await canvas.convertToBlob({ type: 'image/png' });
      }
      return repos.sendMessage(conversation, a.text, image);
    },
    { to: fans.ids[other]!, text, photo },
  );
  model.sent({ id, pair: pairOf(u, other), sender: u, text, photo });
  return photo ? 'message with photo' : 'message';
}

/** A proposal from fan `u` (0 or 1) to the other fan with a device. */
export async function propose(
  page: Page,
  u: number,
  step: number,
  fans: ChatFans,
  rnd: Rnd,
  model: ChatTradeModel,
): Promise<string> {
  // drawn whether or not they are used, so a seed's steps do not depend on timing
  const { give, get } = pickCards(rnd, fans.cards);
  const withConversation = rnd.chance(0.4);
  if (model.proposals[u]! >= PROPOSALS_MAX) return 'skipped (proposal cap)';
  const to = 1 - u;
  const message = `제안 ${u}-${step}`;
  const id: string = await page.evaluate(
    async (a) => {
      const { repos } = window.__pocamarket;
      const { withConversation, ...proposal } = a;
      const conversation = withConversation ? await repos.openConversation(a.to) : undefined;
      return repos.proposeTrade({ ...proposal, conversation });
    },
    { to: fans.ids[to]!, give, get, message, withConversation },
  );
  model.proposed(id, {
    proposer: u,
    receiver: to,
    give,
    get,
    message,
    counterOf: '',
    conversation: withConversation ? pairOf(u, to) : '',
  });
  return 'propose';
}

/**
 * A change of one of fan `u`'s proposals, chosen among those their device shows in the model's
 * state and the other device (`otherPage`) has no queued change of; skipped when there is none.
 */
export async function changeProposal(
  page: Page,
  otherPage: Page,
  u: number,
  step: number,
  fans: ChatFans,
  rnd: Rnd,
  model: ChatTradeModel,
): Promise<string> {
  const roll = rnd.next();
  const { give, get } = pickCards(rnd, fans.cards);
  const moves = model
    .moves(u)
    .filter((m) => m.move !== 'counter' || model.proposals[u]! < PROPOSALS_MAX);
  if (!moves.length) return 'skipped (no proposal to change)';
  const ids = [...new Set(moves.map((m) => m.id))];
  const shown: Record<string, string> = await page.evaluate(async (ids) => {
    const { db } = window.__pocamarket;
    const out: Record<string, string> = {};
    for (const id of ids) {
      const t = await db.trades.get(id);
      out[id] = t ? `${t.status}/${t.proposerDone ? 1 : 0}${t.receiverDone ? 1 : 0}` : '';
    }
    return out;
  }, ids);
  const queuedThere: string[] = await otherPage.evaluate(async (ids) => {
    const rows: { recordKey: string; payload: { counterOf?: string } }[] =
      await window.__pocamarket.db.outbox.toArray();
    return ids.filter((id) =>
      rows.some((r) => r.recordKey === `trades/${id}` || r.payload?.counterOf === id),
    );
  }, ids);
  const ready = moves.filter(
    (m) => shown[m.id] === tradeState(model.trades.get(m.id)!) && !queuedThere.includes(m.id),
  );
  if (!ready.length) return 'skipped (proposal not synced)';
  let left = roll * ready.reduce((sum, m) => sum + MOVE_WEIGHTS[m.move], MOVE_WEIGHTS.wait);
  const chosen = ready.find((m) => (left -= MOVE_WEIGHTS[m.move]) < 0);
  if (!chosen) return 'proposal left as it is';
  const { id, move } = chosen;
  const trade = model.trades.get(id)!;
  if (move === 'counter') {
    const message = `역제안 ${u}-${step}`;
    const counter: string = await page.evaluate(
      async (a) => window.__pocamarket.repos.proposeTrade(a),
      { to: fans.ids[trade.proposer]!, give, get, message, counterOf: id },
    );
    model.proposed(counter, {
      proposer: u,
      receiver: trade.proposer,
      give,
      get,
      message,
      counterOf: id,
      conversation: '',
    });
    return 'trade counter';
  }
  const changed: boolean = await page.evaluate(
    async (a) => {
      const r = window.__pocamarket.repos;
      const write = { accept: r.acceptTrade, decline: r.declineTrade, cancel: r.cancelTrade };
      return (write[a.move as keyof typeof write] ?? r.markTradeDone)(a.id);
    },
    { id, move },
  );
  expect(changed, `step ${step}: ${move} ${id}`).toBe(true);
  model.moved(id, u, move);
  return `trade ${move}`;
}

/** Fans of `ids` as model numbers (-1 for anyone else). */
const numberOf = (ids: string[]) => (id: string) => ids.indexOf(id);

interface RawTrade {
  id: string;
  proposer: string;
  receiver: string;
  give: string[];
  get: string[];
  message: string;
  status: string;
  proposerDone: boolean;
  receiverDone: boolean;
  counterOf: string;
  conversation: string;
}
interface RawChat {
  conversations: { id: string; a: string; b: string }[];
  messages: {
    id: string;
    conversation: string;
    sender: string;
    text: string;
    image: string;
    created: string;
  }[];
  trades: RawTrade[];
}

function toSnapshot(raw: RawChat, ids: string[]): ChatTradeSnapshot {
  const n = numberOf(ids);
  return {
    conversations: raw.conversations.map((c) => ({ id: c.id, a: n(c.a), b: n(c.b) })),
    messages: raw.messages.map((m) => ({
      id: m.id,
      conversation: m.conversation,
      sender: n(m.sender),
      text: m.text,
      image: !!m.image,
      created: m.created,
    })),
    trades: raw.trades.map((t) => ({
      id: t.id,
      proposer: n(t.proposer),
      receiver: n(t.receiver),
      give: t.give,
      get: t.get,
      message: t.message,
      status: t.status,
      proposerDone: t.proposerDone,
      receiverDone: t.receiverDone,
      counterOf: t.counterOf,
      conversation: t.conversation,
    })),
  };
}

/** Every conversation, message and proposal on the server (the test's own), with each fan's count. */
export async function serverChatTrades(su: PocketBase, ids: string[]): Promise<ChatTradeSnapshot> {
  const [conversations, messages, trades, users] = await Promise.all([
    su.collection('conversations').getFullList(),
    su.collection('messages').getFullList(),
    su.collection('trades').getFullList(),
    Promise.all(ids.map((id) => su.collection('users').getOne(id))),
  ]);
  const raw = { conversations, messages, trades } as unknown as RawChat;
  return {
    ...toSnapshot(raw, ids),
    tradesCompleted: users.map((u) => u['tradesCompleted'] as number),
  };
}

/** The same records in a device's local store. */
export async function localChatTrades(page: Page, ids: string[]): Promise<ChatTradeSnapshot> {
  const raw: RawChat = await page.evaluate(async () => {
    const { db } = window.__pocamarket;
    const [conversations, messages, trades] = await Promise.all([
      db.conversations.toArray(),
      db.messages.toArray(),
      db.trades.toArray(),
    ]);
    return { conversations, messages, trades };
  });
  return toSnapshot(raw, ids);
}
