/**
 * The trade demo of the seed (docs/trades.md): fan1's and fan2's public have and want lists, a
 * conversation between them with a few messages, one completed trade with a tagged review from
 * each side, and one accepted trade in the shipping step (both have shared where they want the
 * cards; fan2 has sent a 반값택배 with its tracking number; fan1's turn to send). First as plain values (planTrades, deterministic like the rest of ./plan.ts), then written
 * (seedTrades), each get-or-create by its natural key. The hooks keep what they keep (the
 * conversation's last message, users.tradesCompleted); the superuser writes the completed trade
 * directly.
 */
import type { CardPlan, Fan } from './plan.ts';
import { rng } from './random.ts';
import { Q, withRetry } from './requests.ts';
import { exists, type SeedWriter } from './writer.ts';

export interface TradePlan {
  /** Public have (with spare copies) and want lists of each fan, by card key. */
  lists: { user: Fan; kind: 'have' | 'want'; cardKey: string; spare: number }[];
  /** What the conversation between fan1 and fan2 is about (a card key), and its messages. */
  conversation: { cardKey: string; messages: { from: Fan; text: string }[] };
  /** A trade fan1 proposed and both finished, with a review from each side. */
  completed: {
    giveKeys: string[];
    getKeys: string[];
    message: string;
    reviews: { author: Fan; rating: 'good' | 'bad'; text: string; tags: string[] }[];
  };
  /** A trade fan2 proposed and fan1 accepted, in the shipping step: fan2 has sent. */
  shipping: {
    giveKeys: string[];
    getKeys: string[];
    message: string;
    /** fan2's side (the proposer's): how it sends, where it wants the cards, its parcel. */
    proposer: { ship: 'half'; address: string; carrier: 'gs25'; tracking: string };
    /** fan1's side: how it will send and where it wants the cards; nothing sent yet. */
    receiver: { ship: 'half'; address: string };
  };
}

/**
 * The trade demo (docs/trades.md): fan1 and fan2 have public lists that match both ways (three
 * cards each way) plus a card each that only one of them lists, a conversation about one of the
 * cards, and a completed trade of two other cards with a review from each side.
 */
export function planTrades(cards: CardPlan[]): TradePlan {
  const r = rng('trades');
  const riize = cards.filter((c) => c.group.groupName === 'RIIZE');
  const picked = r.sample(riize, 10).map((c) => c.key);
  const [a1, a2, a3, b1, b2, b3, onlyHave, onlyWant, give, get] = picked as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // the shipping trade's two cards, drawn apart so the lists above stay as they were
  const [shipGive, shipGet] = rng('trades-shipping')
    .sample(
      riize.filter((c) => !picked.includes(c.key)),
      2,
    )
    .map((c) => c.key) as [string, string];
  const both = (user: Fan, kind: 'have' | 'want', keys: string[]) =>
    keys.map((cardKey, i) => ({ user, kind, cardKey, spare: kind === 'have' ? 1 + (i % 2) : 0 }));
  return {
    lists: [
      // fan1 has a1–a3 (fan2 wants them) and wants b1–b3 (fan2 has them)
      ...both('fan1', 'have', [a1, a2, a3, onlyHave]),
      ...both('fan1', 'want', [b1, b2, b3]),
      ...both('fan2', 'have', [b1, b2, b3]),
      ...both('fan2', 'want', [a1, a2, a3, onlyWant]),
    ],
    conversation: {
      cardKey: a1,
      messages: [
        { from: 'fan1', text: '안녕하세요! 매칭 보고 연락드려요 :)' },
        { from: 'fan2', text: '안녕하세요~ 원빈 포카 아직 교환 가능하신가요?' },
        { from: 'fan1', text: '네 가능해요! 쇼타로 포카랑 1:1 어떠세요?' },
        { from: 'fan2', text: '좋아요! 교환 제안 보내주세요 🙏' },
      ],
    },
    completed: {
      giveKeys: [give],
      getKeys: [get],
      message: '지난번 얘기한 포카 1:1 교환해요!',
      reviews: [
        {
          author: 'fan1',
          rating: 'good',
          text: '포장도 꼼꼼하고 답장이 빨랐어요',
          tags: ['packing', 'reply'],
        },
        {
          author: 'fan2',
          rating: 'good',
          text: '친절하셨어요 또 교환해요!',
          tags: ['kind', 'fast'],
        },
      ],
    },
    shipping: {
      giveKeys: [shipGive],
      getKeys: [shipGet],
      message: '반값택배로 보내드릴게요! 배송지 남겨주세요',
      proposer: {
        ship: 'half',
        address: 'GS25 망원한강점 (포카팬 앞)',
        carrier: 'gs25',
        tracking: '362810245578',
      },
      receiver: { ship: 'half', address: 'GS25 합정역점 (포카팬 앞)' },
    },
  };
}

export interface TradeIds {
  fanId: (f: Fan) => string;
  cardIds: Map<string, string>;
}

/** Whether the trade demo is there already (fan1 has list items). */
export async function tradesSeeded(w: SeedWriter, ids: TradeIds): Promise<boolean> {
  return exists(w.pb, 'tradeItems', w.pb.filter('user = {:u}', { u: ids.fanId('fan1') }));
}

async function seedLists(w: SeedWriter, ids: TradeIds, lists: TradePlan['lists']) {
  for (const f of ['fan1', 'fan2'] as const) {
    await withRetry(() => w.pb.collection('users').update(ids.fanId(f), { tradePublic: true }, Q));
  }
  const have = new Set(
    (
      await w.all('tradeItems', {
        filter: ['fan1', 'fan2']
          .map((f) => w.pb.filter('user = {:u}', { u: ids.fanId(f as Fan) }))
          .join(' || '),
        fields: 'user,photoCard',
      })
    ).map((i) => `${i.user}|${i.photoCard}`),
  );
  for (const item of lists) {
    const user = ids.fanId(item.user);
    const photoCard = ids.cardIds.get(item.cardKey)!;
    if (have.has(`${user}|${photoCard}`)) continue;
    await w.create('tradeItems', { user, photoCard, kind: item.kind, spare: item.spare });
  }
}

async function seedConversation(
  w: SeedWriter,
  ids: TradeIds,
  plan: TradePlan['conversation'],
): Promise<string> {
  const [a, b] = [ids.fanId('fan1'), ids.fanId('fan2')].sort() as [string, string];
  const { id } = await w.findOrCreate(
    'conversations',
    w.pb.filter('a = {:a} && b = {:b}', { a, b }),
    {
      a,
      b,
      starter: ids.fanId('fan1'),
      photoCard: ids.cardIds.get(plan.cardKey),
    },
  );
  const sent = new Set(
    (
      await w.all('messages', {
        filter: w.pb.filter('conversation = {:c}', { c: id }),
        fields: 'sender,text',
      })
    ).map((m) => `${m.sender}|${m.text}`),
  );
  // one at a time: the thread reads in the planned order
  for (const m of plan.messages) {
    const sender = ids.fanId(m.from);
    if (sent.has(`${sender}|${m.text}`)) continue;
    await w.create('messages', { conversation: id, sender, text: m.text });
  }
  return id;
}

/** The demo trade of `proposer` and `receiver` with the plan's message (each has its own). */
function tradeFilter(
  w: SeedWriter,
  proposer: string,
  receiver: string,
  plan: { message: string },
): string {
  return w.pb.filter('proposer = {:p} && receiver = {:r} && message = {:m}', {
    p: proposer,
    r: receiver,
    m: plan.message,
  });
}

async function seedCompletedTrade(
  w: SeedWriter,
  ids: TradeIds,
  plan: TradePlan['completed'],
  conversation: string,
): Promise<void> {
  const proposer = ids.fanId('fan1');
  const receiver = ids.fanId('fan2');
  const { id: trade } = await w.findOrCreate('trades', tradeFilter(w, proposer, receiver, plan), {
    proposer,
    receiver,
    give: plan.giveKeys.map((k) => ids.cardIds.get(k)!),
    get: plan.getKeys.map((k) => ids.cardIds.get(k)!),
    message: plan.message,
    status: 'completed',
    proposerDone: true,
    receiverDone: true,
    conversation,
  });
  const current = await withRetry(() =>
    w.pb.collection('conversations').getOne(conversation, { fields: 'trade', ...Q }),
  );
  if (current.trade !== trade) {
    await withRetry(() => w.pb.collection('conversations').update(conversation, { trade }, Q));
  }
  const reviewed = new Set(
    (
      await w.all('reviews', {
        filter: w.pb.filter('trade = {:t}', { t: trade }),
        fields: 'author',
      })
    ).map((r) => r.author as string),
  );
  for (const r of plan.reviews) {
    const author = ids.fanId(r.author);
    if (reviewed.has(author)) continue;
    await w.create('reviews', {
      trade,
      author,
      subject: author === proposer ? receiver : proposer,
      rating: r.rating,
      text: r.text,
      tags: r.tags,
    });
  }
}

/**
 * The trade in the shipping step: fan2 proposed, fan1 accepted, both shared where to send, fan2
 * sent a 반값택배; fan1's parcel and 받았어요 wait (거래 shows it as fan1's turn).
 */
async function seedShippingTrade(
  w: SeedWriter,
  ids: TradeIds,
  plan: TradePlan['shipping'],
  conversation: string,
): Promise<void> {
  const proposer = ids.fanId('fan2');
  const receiver = ids.fanId('fan1');
  await w.findOrCreate('trades', tradeFilter(w, proposer, receiver, plan), {
    proposer,
    receiver,
    give: plan.giveKeys.map((k) => ids.cardIds.get(k)!),
    get: plan.getKeys.map((k) => ids.cardIds.get(k)!),
    message: plan.message,
    status: 'accepted',
    conversation,
    proposerShip: plan.proposer.ship,
    proposerAddress: plan.proposer.address,
    proposerCarrier: plan.proposer.carrier,
    proposerTracking: plan.proposer.tracking,
    receiverShip: plan.receiver.ship,
    receiverAddress: plan.receiver.address,
  });
}

export async function seedTrades(w: SeedWriter, ids: TradeIds, plan: TradePlan): Promise<void> {
  await seedLists(w, ids, plan.lists);
  const conversation = await seedConversation(w, ids, plan.conversation);
  await seedCompletedTrade(w, ids, plan.completed, conversation);
  await seedShippingTrade(w, ids, plan.shipping, conversation);
}
