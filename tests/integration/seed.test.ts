/**
 * The demo seed against the real PocketBase with the project's migrations and hooks: what a fresh
 * install shows (groups, cards, meetups, accounts, activity, trades), counters kept by the hooks,
 * and a second run that changes nothing.
 */
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemo,
  type SeedSummary,
} from '../../server/seed/index.ts';
import { cardKey, planCards } from '../../server/seed/plan.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';

let server: TestServer;
let admin: PocketBase;
let first: SeedSummary;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  first = await seedDemo(admin);
});

afterAll(async () => {
  await server?.stop();
});

const Q = { requestKey: null } as const;

async function fetchImage(url: string): Promise<{ type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('seedDemo', () => {
  it('creates the groups with logos that are served as PNG', async () => {
    const groups = await server.client().collection('groups').getFullList(Q);
    expect(groups.length).toBeGreaterThanOrEqual(8);
    const riize = groups.find((g) => g.groupName === 'RIIZE');
    expect(riize?.logoImage).toBeTruthy();
    const logo = await fetchImage(server.client().files.getURL(riize!, riize!.logoImage));
    expect(logo.type).toBe('image/png');
    const img = PNG.sync.read(logo.bytes);
    expect([img.width, img.height]).toEqual([128, 128]);
    // groups.cardCount is kept by the database as cards are created; no group lists its cards
    const riizeCards = await server
      .client()
      .collection('photoCards')
      .getList(1, 1, { filter: `group = "${riize!.id}"`, ...Q });
    expect(riizeCards.totalItems).toBeGreaterThan(0);
    expect(riize!.cardCount).toBe(riizeCards.totalItems);
    expect(riize!['photoCards']).toBeUndefined();
  });

  it('creates at least 300 photo cards, each with an image', async () => {
    const cards = await server
      .client()
      .collection('photoCards')
      .getFullList({ batch: 1000, ...Q });
    expect(cards.length).toBeGreaterThanOrEqual(300);
    expect(cards.every((c) => typeof c.cardImg === 'string' && c.cardImg.length > 0)).toBe(true);
    expect(new Set(cards.map((c) => c.groupName)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(cards.map((c) => c.label))).toEqual(
      new Set(['앨범', '특전', '팬싸', '시즌그리팅', '기타']),
    );
    const card = cards[0]!;
    const image = await fetchImage(server.client().files.getURL(card, card.cardImg));
    expect(image.type).toBe('image/png');
    expect(image.bytes.length).toBeLessThanOrEqual(30 * 1024);
    const img = PNG.sync.read(image.bytes);
    expect([img.width, img.height]).toEqual([300, 450]);
  });

  it('gives every card its own front and an album back, both served with thumbs', async () => {
    const cards = await server
      .client()
      .collection('photoCards')
      .getFullList({ batch: 1000, ...Q });
    expect(cards.every((c) => typeof c.cardBackImg === 'string' && c.cardBackImg.length > 0)).toBe(
      true,
    );
    const sample = cards.slice(0, 8);
    const fronts = await Promise.all(
      sample.map((c) => fetchImage(server.client().files.getURL(c, c.cardImg))),
    );
    const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(new Set(fronts.map((f) => hash(f.bytes))).size).toBe(sample.length);
    const card = cards[0]!;
    const back = await fetchImage(server.client().files.getURL(card, card.cardBackImg));
    expect(back.type).toBe('image/png');
    expect(back.bytes.length).toBeLessThanOrEqual(30 * 1024);
    expect(hash(back.bytes)).not.toBe(hash(fronts[0]!.bytes));
    const img = PNG.sync.read(back.bytes);
    expect([img.width, img.height]).toEqual([300, 450]);
    // the back takes the front's uploads: the same size limit, image types and thumb sizes
    const fields = (await admin.collections.getOne('photoCards', Q)).fields;
    const field = (name: string) => fields.find((f) => f.name === name)!;
    for (const key of ['maxSize', 'mimeTypes', 'thumbs', 'protected']) {
      expect(field('cardBackImg')[key]).toEqual(field('cardImg')[key]);
    }
    const thumb = await fetchImage(
      server.client().files.getURL(card, card.cardBackImg, { thumb: '160x320f' }),
    );
    expect(PNG.sync.read(thumb.bytes).width).toBe(160);
  });

  it('creates meetups around Seoul, a few of them without coordinates', async () => {
    const meetups = await server.client().collection('meetUps').getFullList(Q);
    expect(meetups.length).toBeGreaterThanOrEqual(40);
    // an unset number field reads as 0
    const placed = meetups.filter((m) => m.lat !== 0 && m.lng !== 0);
    expect(meetups.length - placed.length).toBeGreaterThanOrEqual(3);
    for (const m of placed) {
      expect(m.lat).toBeGreaterThan(37.45);
      expect(m.lat).toBeLessThan(37.65);
      expect(m.lng).toBeGreaterThan(126.85);
      expect(m.lng).toBeLessThan(127.15);
    }
    for (const m of meetups) {
      expect(m.artistImg).toBeTruthy();
      expect((m.eventImg as string[]).length).toBeGreaterThanOrEqual(1);
      expect(m.group).toBeTruthy();
      expect(m.date).toMatch(/^\d{4}\.\d{2}\.\d{2} - \d{4}\.\d{2}\.\d{2}$/);
    }
  });

  it('creates the three accounts, which log in with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const pb = server.client();
      const auth = await pb.collection('users').authWithPassword(account.email, DEMO_PASSWORD, Q);
      expect(auth.record.username).toBe(account.username);
      expect(auth.record.verified).toBe(true);
      if (account.username === 'admin') expect(auth.record.role).toBe('admin');
      if (account.key === 'fan1') {
        const riize = await pb.collection('groups').getFirstListItem('groupName = "RIIZE"', Q);
        expect(auth.record.biasGroup).toBe(riize.id);
        expect(auth.record.avatar).toBeTruthy();
        expect((auth.record.collectBook as string[]).length).toBe(1);
      }
    }
  });

  it('keeps likeCount at the baseline plus the likes', async () => {
    const likes = await admin.collection('likes').getFullList(Q);
    expect(likes.length).toBeGreaterThan(0);
    const perCard = new Map<string, number>();
    for (const l of likes) perCard.set(l.photoCard, (perCard.get(l.photoCard) ?? 0) + 1);
    const [cardId, n] = [...perCard].sort((a, b) => b[1] - a[1])[0]!;
    expect(n).toBe(2);
    const card = await admin.collection('photoCards').getOne(cardId, Q);
    const plan = planCards().find(
      (c) => c.key === cardKey(card.groupName, card.memberName, card.title, card.label),
    );
    expect(plan).toBeDefined();
    expect(card.likeCount).toBe(plan!.baselineLikes + n);
    // the like list is shown to its owner alone (read from the likes, not stored)
    const fan1 = server.client();
    const auth = await fan1
      .collection('users')
      .authWithPassword('fan1@example.com', DEMO_PASSWORD, Q);
    expect(auth.record.likeList).toContain(cardId);
  });

  it('adds exchange posts in every status, comments and a collect book', async () => {
    const posts = await server.client().collection('exchangeList').getFullList(Q);
    expect(posts.length).toBeGreaterThanOrEqual(15);
    expect(new Set(posts.map((p) => p.status))).toEqual(
      new Set(['교환대기중', '교환중', '교환완료']),
    );
    expect(new Set(posts.map((p) => p.photoCard)).size).toBeGreaterThanOrEqual(5);
    // 교환, 양도 (with a price and its shipping) and 구함 posts, as fans write them
    expect(new Set(posts.map((p) => p.postType))).toEqual(new Set(['exchange', 'sell', 'want']));
    for (const sell of posts.filter((p) => p.postType === 'sell')) {
      expect(sell.price).toBeGreaterThanOrEqual(100);
      expect(sell.shipping).toContain('half');
      expect(sell.cvs).toBe('gs25');
    }

    const comments = await server.client().collection('comments').getFullList(Q);
    expect(comments.length).toBeGreaterThan(0);
    const meetup = await server.client().collection('meetUps').getOne(comments[0]!.meetUp, Q);
    expect(meetup.comments).toContain(comments[0]!.id);

    const books = await admin.collection('collectBook').getFullList({ expand: 'group', ...Q });
    expect(books).toHaveLength(1);
    expect(books[0]!.title).toBe('RIIZE 콜렉트북');
    expect(books[0]!.expand?.group?.groupName).toBe('RIIZE');
    expect((books[0]!.cardInfo as string[]).length).toBeGreaterThan(10);
    expect(books[0]!.thumbNail).toBeTruthy();
  });

  it('gives fan1 and fan2 public lists that match both ways, a chat and a reviewed trade', async () => {
    const fan1 = server.client();
    await fan1.collection('users').authWithPassword('fan1@example.com', DEMO_PASSWORD, Q);
    const fan2Id = (
      await admin.collection('users').getFirstListItem('email = "fan2@example.com"', Q)
    ).id;
    expect(fan1.authStore.record?.tradePublic).toBe(true);
    expect(fan1.authStore.record?.tradesCompleted).toBe(1);
    const matches = (await fan1.send('/api/pocamarket/matches', Q)) as {
      items: { user: string; twoWay: boolean; theyHaveCount: number; theyWantCount: number }[];
    };
    expect(matches.items[0]).toMatchObject({
      user: fan2Id,
      twoWay: true,
      theyHaveCount: 3,
      theyWantCount: 3,
    });

    const [conversation] = await fan1.collection('conversations').getFullList(Q);
    expect([conversation?.a, conversation?.b].sort()).toEqual(
      [fan1.authStore.record?.id, fan2Id].sort(),
    );
    const messages = await fan1
      .collection('messages')
      .getFullList({ filter: `conversation = "${conversation?.id}"`, sort: 'created,id', ...Q });
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(conversation?.lastMessage).toBe(messages.at(-1)?.text);

    const trades = await fan1.collection('trades').getFullList({ sort: 'status', ...Q });
    expect(trades.map((t) => t.status)).toEqual(['accepted', 'completed']);
    const [shipping, completed] = trades;
    expect(conversation?.trade).toBe(completed?.id);
    const reviews = await admin
      .collection('reviews')
      .getFullList({ filter: `trade = "${completed?.id}"`, ...Q });
    expect(reviews.map((r) => r.subject).sort()).toEqual(
      [fan1.authStore.record?.id, fan2Id].sort(),
    );
    expect(reviews.every((r) => (r.tags as string[]).length > 0)).toBe(true);
    // the trade in the shipping step: fan2 sent a 반값택배 to fan1's store; fan1 has yet to send
    expect(shipping).toMatchObject({
      proposer: fan2Id,
      receiver: fan1.authStore.record?.id,
      proposerShip: 'half',
      proposerCarrier: 'gs25',
      receiverShip: 'half',
      receiverTracking: '',
      receiverReceived: false,
    });
    expect(shipping?.proposerTracking).toMatch(/^\d+$/);
    expect(shipping?.receiverAddress).toContain('GS25');
    const trust = await fan1.send(`/api/pocamarket/fans/${fan2Id}/trust`, Q);
    expect(trust.tradesCompleted).toBe(1);
    expect(trust.reviews).toHaveLength(1);
  });

  it('reports what it created, and a second run adds nothing', async () => {
    expect(first.skipped).toBe(false);
    expect(first.photoCards).toBeGreaterThanOrEqual(300);
    expect(first.users).toBe(3);
    const again = await seedDemo(admin);
    expect(again.skipped).toBe(true);
    expect(again.created).toBe(0);
    const { ms: _a, skipped: _b, created: _c, imageBytes: _d, ...before } = first;
    const { ms: _e, skipped: _f, created: _g, imageBytes: _h, ...after } = again;
    expect(after).toEqual(before);
  });

  it('adds the trade demo to data seeded before trades existed', async () => {
    const items = await admin.collection('tradeItems').getFullList(Q);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) await admin.collection('tradeItems').delete(item.id, Q);
    const again = await seedDemo(admin);
    expect(again.skipped).toBe(false);
    expect(again.created).toBe(items.length);
    expect(again.tradeItems).toBe(items.length);
    // the conversation, the trade and the reviews were there: nothing doubled
    expect([again.conversations, again.trades, again.reviews]).toEqual([
      first.conversations,
      first.trades,
      first.reviews,
    ]);
  });
});
