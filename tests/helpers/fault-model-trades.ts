/**
 * The chat and trade side of the fault-injection model (tests/e2e/fault-injection.test.ts, with
 * ./fault-model.ts for the rest): the conversations the fans opened (one per pair of fans), the
 * messages each wrote in the order they wrote them, the proposals they made and every change of
 * them (accept, decline, cancel, 완료 from either side, counter-proposals), and the comparison of
 * stored records with it.
 *
 * Fans are numbered as in the test (0 and 1 have devices; others are only written to). A pair is
 * `i-j` with i < j: the conversation of a pair is whichever id the server kept (two devices may
 * open the same pair offline), so messages and proposals name the pair, not an id.
 *
 * The comparison counts five kinds of difference, each of which must be zero:
 * - lost: a message, proposal or opened conversation that is not there;
 * - duplicated: one stored twice (the same text under another id, two conversations of a pair);
 * - outOfOrder: two messages of one fan in one conversation stored in the opposite order to the
 *   one they were written in (ordered by `created`, then id, as the thread shows them);
 * - unexpected: something nobody wrote;
 * - stale: a record that differs from the model (a proposal's status, 완료 marks, cards or
 *   conversation; a message's text, sender or photo; a fan's completed-trade count).
 */
import type { Difference } from './fault-model.ts';

export type TradeStatus =
  'proposed' | 'accepted' | 'declined' | 'cancelled' | 'countered' | 'completed';
export type TradeMove = 'accept' | 'decline' | 'cancel' | 'done' | 'counter';

export type ChatDifference = Omit<Difference, 'kind'> & {
  kind: Difference['kind'] | 'outOfOrder';
};

export interface ModelTrade {
  proposer: number;
  receiver: number;
  give: string[];
  get: string[];
  message: string;
  status: TradeStatus;
  proposerDone: boolean;
  receiverDone: boolean;
  counterOf: string;
  /** The pair whose conversation the proposal names ('' for none). */
  conversation: string;
}

export interface ModelMessage {
  id: string;
  pair: string;
  sender: number;
  text: string;
  photo: boolean;
}

/** The pair key of two fans. */
export function pairOf(x: number, y: number): string {
  return x < y ? `${x}-${y}` : `${y}-${x}`;
}

const inPair = (pair: string, user: number) => pair.split('-').includes(String(user));

/** What the fans wrote and did to proposals, as the server should end up holding it. */
export class ChatTradeModel {
  /** Pairs whose conversation a fan opened. */
  readonly conversations = new Set<string>();
  /** Every message, in the order written. */
  readonly messages: ModelMessage[] = [];
  readonly trades = new Map<string, ModelTrade>();
  /** Proposals (counters included) each fan made. */
  readonly proposals: number[];

  constructor(users: number) {
    this.proposals = Array.from({ length: users }, () => 0);
  }

  opened(pair: string): void {
    this.conversations.add(pair);
  }

  sent(message: ModelMessage): void {
    this.conversations.add(message.pair);
    this.messages.push(message);
  }

  proposed(id: string, trade: Omit<ModelTrade, 'status' | 'proposerDone' | 'receiverDone'>): void {
    if (trade.conversation) this.conversations.add(trade.conversation);
    if (trade.counterOf) this.trades.get(trade.counterOf)!.status = 'countered';
    this.trades.set(id, { ...trade, status: 'proposed', proposerDone: false, receiverDone: false });
    this.proposals[trade.proposer]! += 1;
  }

  /** The changes `user` may make now, by the model's state (a counter is recorded as proposed). */
  moves(user: number): { id: string; move: TradeMove }[] {
    const out: { id: string; move: TradeMove }[] = [];
    for (const [id, t] of this.trades) {
      const side = t.proposer === user ? 'proposer' : t.receiver === user ? 'receiver' : null;
      if (!side) continue;
      if (t.status === 'proposed') {
        if (side === 'proposer') out.push({ id, move: 'cancel' });
        else for (const move of ['accept', 'decline', 'counter'] as const) out.push({ id, move });
      } else if (t.status === 'accepted') {
        out.push({ id, move: 'cancel' });
        if (!t[`${side}Done`]) out.push({ id, move: 'done' });
      }
    }
    return out;
  }

  /** A change of a proposal by `user` (not a counter: that is `proposed` with `counterOf`). */
  moved(id: string, user: number, move: Exclude<TradeMove, 'counter'>): void {
    const t = this.trades.get(id)!;
    if (move === 'accept') t.status = 'accepted';
    else if (move === 'decline') t.status = 'declined';
    else if (move === 'cancel') t.status = 'cancelled';
    else {
      if (t.proposer === user) t.proposerDone = true;
      else t.receiverDone = true;
      if (t.proposerDone && t.receiverDone) t.status = 'completed';
    }
  }

  /** Completed trades each fan was part of. */
  completed(users: number): number[] {
    const out = Array.from({ length: users }, () => 0);
    for (const t of this.trades.values()) {
      if (t.status !== 'completed') continue;
      out[t.proposer]! += 1;
      out[t.receiver]! += 1;
    }
    return out;
  }
}

/** The state the model says a proposal is in, as compared with a device's copy. */
export function tradeState(t: {
  status: string;
  proposerDone: boolean;
  receiverDone: boolean;
}): string {
  return `${t.status}/${t.proposerDone ? 1 : 0}${t.receiverDone ? 1 : 0}`;
}

/**
 * Stored chat and trade records with fans as model numbers (-1: a fan outside the model).
 * `tradesCompleted` only from the server.
 */
export interface ChatTradeSnapshot {
  conversations: { id: string; a: number; b: number }[];
  messages: {
    id: string;
    conversation: string;
    sender: number;
    text: string;
    image: boolean;
    created: string;
  }[];
  trades: {
    id: string;
    proposer: number;
    receiver: number;
    give: string[];
    get: string[];
    message: string;
    status: string;
    proposerDone: boolean;
    receiverDone: boolean;
    counterOf: string;
    conversation: string;
  }[];
  tradesCompleted?: number[];
}

const sameSet = (x: readonly string[], y: readonly string[]) =>
  x.length === y.length && [...x].sort().join() === [...y].sort().join();

/**
 * Every way `snap` differs from the model. With `user`, only what that fan's device holds is
 * compared (their conversations, those conversations' messages, their proposals).
 */
export function compareChatTrades(
  model: ChatTradeModel,
  snap: ChatTradeSnapshot,
  user?: number,
): ChatDifference[] {
  const out: ChatDifference[] = [];
  const add = (kind: ChatDifference['kind'], what: string) => out.push({ kind, what });
  const mine = (pair: string) => user === undefined || inPair(pair, user);
  const where = user === undefined ? 'server' : `device ${user}`;

  // --- conversations: one per opened pair
  const convPair = new Map<string, string>();
  const byPair = new Map<string, string[]>();
  for (const c of snap.conversations) {
    const pair = c.a < 0 || c.b < 0 ? `?${c.id}` : pairOf(c.a, c.b);
    convPair.set(c.id, pair);
    byPair.set(pair, [...(byPair.get(pair) ?? []), c.id]);
  }
  for (const pair of model.conversations) {
    if (!mine(pair)) continue;
    const ids = byPair.get(pair) ?? [];
    if (!ids.length) add('lost', `${where}: conversation ${pair}`);
    if (ids.length > 1) add('duplicated', `${where}: conversation ${pair} ×${ids.length}`);
  }
  for (const [pair, ids] of byPair) {
    if (!model.conversations.has(pair)) add('unexpected', `${where}: conversation ${ids.join()}`);
  }
  const convOf = (pair: string) => byPair.get(pair)?.[0] ?? '';

  // --- messages: each once, in its pair's conversation, in the order its fan wrote it
  const wanted = model.messages.filter((m) => mine(m.pair));
  const modelById = new Map(wanted.map((m) => [m.id, m]));
  const stored = new Map(snap.messages.map((m) => [m.id, m]));
  const textCount = new Map<string, number>();
  for (const m of snap.messages) textCount.set(m.text, (textCount.get(m.text) ?? 0) + 1);
  for (const m of wanted) {
    const s = stored.get(m.id);
    if (!s) add('lost', `${where}: message ${m.id} (${m.text})`);
    else if (
      convPair.get(s.conversation) !== m.pair ||
      s.sender !== m.sender ||
      s.text !== m.text ||
      s.image !== m.photo
    ) {
      add('stale', `${where}: message ${m.id}: ${JSON.stringify(s)}, want ${JSON.stringify(m)}`);
    }
    const n = textCount.get(m.text) ?? 0;
    if (n > 1) add('duplicated', `${where}: message "${m.text}" ×${n}`);
  }
  const modelTexts = new Set(wanted.map((m) => m.text));
  for (const m of snap.messages) {
    // a copy of a written message under another id is counted as duplicated above
    if (!modelById.has(m.id) && !modelTexts.has(m.text)) {
      add('unexpected', `${where}: message ${m.id} (${m.text})`);
    }
  }
  const order = new Map(wanted.map((m, i) => [m.id, i]));
  const threads = new Map<string, ChatTradeSnapshot['messages']>();
  for (const m of snap.messages) {
    if (!order.has(m.id)) continue;
    const key = `${m.conversation}/${m.sender}`;
    threads.set(key, [...(threads.get(key) ?? []), m]);
  }
  for (const [key, list] of threads) {
    list.sort((x, y) =>
      x.created < y.created ? -1 : x.created > y.created ? 1 : x.id < y.id ? -1 : 1,
    );
    for (let i = 1; i < list.length; i++) {
      if (order.get(list[i - 1]!.id)! > order.get(list[i]!.id)!) {
        add(
          'outOfOrder',
          `${where}: ${key}: "${list[i]!.text}" stored after "${list[i - 1]!.text}"`,
        );
      }
    }
  }

  // --- proposals: each once, in the state the model says
  const trades = new Map(snap.trades.map((t) => [t.id, t]));
  for (const [id, t] of model.trades) {
    if (user !== undefined && t.proposer !== user && t.receiver !== user) continue;
    const s = trades.get(id);
    if (!s) {
      add('lost', `${where}: proposal ${id} (${t.message})`);
      continue;
    }
    const conversation = t.conversation ? convOf(t.conversation) : '';
    const same =
      s.proposer === t.proposer &&
      s.receiver === t.receiver &&
      s.message === t.message &&
      sameSet(s.give, t.give) &&
      sameSet(s.get, t.get) &&
      tradeState(s) === tradeState(t) &&
      s.counterOf === t.counterOf &&
      s.conversation === conversation;
    if (!same) {
      add(
        'stale',
        `${where}: proposal ${id} (${t.message}): ${tradeState(s)} counterOf ${s.counterOf || '-'} conversation ${s.conversation || '-'}, want ${tradeState(t)} ${t.counterOf || '-'} ${conversation || '-'}`,
      );
    }
  }
  const modelMessages = new Map([...model.trades].map(([id, t]) => [t.message, id]));
  for (const t of snap.trades) {
    if (model.trades.has(t.id)) continue;
    const original = modelMessages.get(t.message);
    if (original) add('duplicated', `${where}: proposal "${t.message}" again as ${t.id}`);
    else add('unexpected', `${where}: proposal ${t.id} (${t.message})`);
  }

  // --- completed trades, counted by the server's hook
  if (snap.tradesCompleted) {
    const want = model.completed(snap.tradesCompleted.length);
    snap.tradesCompleted.forEach((n, u) => {
      if (n !== want[u]) add('stale', `${where}: user ${u} tradesCompleted ${n}, want ${want[u]}`);
    });
  }
  return out;
}

/** The count of each kind of difference (all five keys, zeros included). */
export function tallyChat(diffs: ChatDifference[]): Record<ChatDifference['kind'], number> {
  const t = { lost: 0, duplicated: 0, outOfOrder: 0, unexpected: 0, stale: 0 };
  for (const d of diffs) t[d.kind] += 1;
  return t;
}
