/**
 * Wantlist alerts against the real server (pb_hooks/lib/wanted.js; docs/trades.md, Wantlist
 * alerts): a card on a fan's 구함 list that gets an exchange or sell post, or shows up on another
 * fan's public have list, puts one `wanted` alert in that fan's inbox, pushed only when a device
 * lists the topic; at most one an hour per card per fan (posts and have lists share the slot);
 * never to the poster, never across a block, never for a 구함 post or a private list.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { uniq, type Actor } from '../helpers/pb-fixtures.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

let su: PocketBase;

/** The file's cap on fans alerted per event (500 unless an operator sets another). */
const CAP = 3;

const { fans, cards } = setupCatalogueServer(
  (env) => {
    ({ su } = env);
  },
  { env: { WANTED_ALERT_CAP: String(CAP) } },
);

type Body = Record<string, unknown>;

async function subscribe(a: Actor, topics: string[]) {
  await a.pb.collection('pushSubscriptions').create({
    user: a.id,
    endpoint: `https://push.test/${uniq()}`,
    keys: { p256dh: 'key', auth: 'secret' },
    topics,
  });
}

function want(a: Actor, card: RecordModel): Promise<RecordModel> {
  return a.pb.collection('tradeItems').create({ user: a.id, photoCard: card.id, kind: 'want' });
}

function have(a: Actor, card: RecordModel, extra: Body = {}): Promise<RecordModel> {
  return a.pb
    .collection('tradeItems')
    .create({ user: a.id, photoCard: card.id, kind: 'have', spare: 1, ...extra });
}

function post(a: Actor, card: RecordModel, extra: Body = {}): Promise<RecordModel> {
  return a.pb.collection('exchangeList').create({
    writer: a.id,
    photoCard: card.id,
    description: '교환 원해요 연락 주세요',
    status: '교환대기중',
    ...extra,
  });
}

const sell = (a: Actor, card: RecordModel) => post(a, card, { postType: 'sell', price: 3000 });

/** The fan's `wanted` alerts, oldest first. */
const alertsOf = (a: Actor) =>
  su.collection('notifications').getFullList({
    filter: su.filter('user = {:u} && topic = "wanted"', { u: a.id }),
    sort: 'created',
  });

const postUrl = (card: RecordModel) => `/exchangeDetail/${card.id}`;
const matchUrl = (card: RecordModel) => `/matching?card=${card.id}`;
const nameOf = (card: RecordModel) => `${card['memberName']} ${card['title']}`;
const nick = (a: Actor) => a.record['username'] as string;

describe('a post of a wanted card', () => {
  it('alerts each fan who wants it once, not the poster; a second post within the hour adds nothing', async () => {
    const [wanter, poster, other] = await fans(3);
    const [x] = await cards(1);
    await subscribe(wanter, ['wanted']);
    await want(wanter, x);

    await sell(poster, x);
    const rows = await alertsOf(wanter);
    expect(rows.map((n) => [n['title'], n['url'], n['read']])).toEqual([
      ['구함 카드가 올라왔어요', postUrl(x), false],
    ]);
    expect(rows[0]!['body']).toBe(
      `${nick(poster)}님이 ${nameOf(x)} 양도 글을 올렸어요: 교환 원해요 연락 주세요`,
    );
    // the device lists the topic: left for the dispatcher to push
    expect(rows[0]!['sentAt']).toBe('');
    expect(rows[0]!['at']).not.toBe('');

    // the same poster again, and another fan, within the hour: still the one alert, unchanged
    await post(poster, x, { description: '한 번 더' });
    await post(other, x);
    const again = await alertsOf(wanter);
    expect(again.map((n) => [n.id, n['body'], n['updated']])).toEqual([
      [rows[0]!.id, rows[0]!['body'], rows[0]!['updated']],
    ]);
    // nobody else was alerted: the posters do not want it
    expect(await alertsOf(poster)).toEqual([]);
    expect(await alertsOf(other)).toEqual([]);
  });

  it('an exchange post alerts (a missing type is an exchange); a 구함 post alerts nobody', async () => {
    const [wanter, poster] = await fans(2);
    const [x, y] = await cards(2);
    await want(wanter, x);
    await want(wanter, y);

    await post(poster, y, { postType: 'want' });
    expect(await alertsOf(wanter)).toEqual([]);

    await post(poster, x);
    const rows = await alertsOf(wanter);
    expect(rows.map((n) => [n['url'], n['body']])).toEqual([
      [postUrl(x), `${nick(poster)}님이 ${nameOf(x)} 교환 글을 올렸어요: 교환 원해요 연락 주세요`],
    ]);
  });

  it('never alerts the poster, even when the card is on their own 구함 list', async () => {
    const [poster, wanter] = await fans(2);
    const [x] = await cards(1);
    await want(poster, x);
    await want(wanter, x);
    await post(poster, x);
    expect(await alertsOf(poster)).toEqual([]);
    expect((await alertsOf(wanter)).map((n) => n['url'])).toEqual([postUrl(x)]);
  });

  it('batches one poster’s posts of several wanted cards into one unread alert', async () => {
    const [wanter, poster, other] = await fans(3);
    const [x, y] = await cards(2);
    await want(wanter, x);
    await want(wanter, y);
    await post(poster, x);
    await sell(poster, y);
    const rows = await alertsOf(wanter);
    expect(rows.map((n) => [n['title'], n['body'], n['url'], n['count']])).toEqual([
      [
        '구함 카드가 올라왔어요',
        `${nick(poster)}님이 구함 카드 2장의 교환·양도 글을 올렸어요`,
        '/exchange',
        2,
      ],
    ]);
    // another fan's post is its own alert, the batch is by the fan who caused it
    await post(other, x);
    expect((await alertsOf(wanter)).map((n) => n['url'])).toEqual(['/exchange', postUrl(x)]);
  });

  it('is in the inbox of a fan with push off, already marked sent', async () => {
    const [quiet, elsewhere, poster] = await fans(3);
    const [x] = await cards(1);
    // no device at all, and a device with other topics only
    await subscribe(elsewhere, ['chat', 'trade', 'exchange']);
    await want(quiet, x);
    await want(elsewhere, x);
    await post(poster, x);
    for (const a of [quiet, elsewhere]) {
      const rows = await alertsOf(a);
      expect(rows.map((n) => n['title'])).toEqual(['구함 카드가 올라왔어요']);
      expect(rows[0]!['sentAt']).not.toBe('');
      // and nothing else was written for them
      const all = await su.collection('notifications').getFullList({
        filter: su.filter('user = {:u}', { u: a.id }),
      });
      expect(all.map((n) => n.id)).toEqual([rows[0]!.id]);
    }
  });

  it('is not sent across a block, either way', async () => {
    const [blocker, blocked, poster] = await fans(3);
    const [x] = await cards(1);
    await want(blocker, x);
    await want(blocked, x);
    // blocker blocked the poster; the poster blocked `blocked`
    await blocker.pb.collection('blocks').create({ user: blocker.id, blocked: poster.id });
    await poster.pb.collection('blocks').create({ user: poster.id, blocked: blocked.id });
    await sell(poster, x);
    expect(await alertsOf(blocker)).toEqual([]);
    expect(await alertsOf(blocked)).toEqual([]);
  });
});

describe('a wanted card on a have list', () => {
  it('on a public list alerts with the match; a post within the hour then adds nothing', async () => {
    const [wanter, lister, poster] = await fans(3);
    const [x] = await cards(1);
    await subscribe(wanter, ['wanted']);
    await want(wanter, x);
    await lister.pb.collection('users').update(lister.id, { tradePublic: true });

    await have(lister, x, { spare: 2 });
    const rows = await alertsOf(wanter);
    expect(rows.map((n) => [n['title'], n['body'], n['url'], n['sentAt']])).toEqual([
      [
        '구함 카드를 가진 팬이 있어요',
        `${nick(lister)}님이 ${nameOf(x)} 카드를 갖고 있어요`,
        matchUrl(x),
        '',
      ],
    ]);
    expect(await alertsOf(lister)).toEqual([]);

    // posts and have lists share the hourly slot
    await sell(poster, x);
    expect((await alertsOf(wanter)).map((n) => n.id)).toEqual([rows[0]!.id]);
  });

  it('on a private list alerts nobody, nor does making the list public afterwards', async () => {
    const [wanter, lister] = await fans(2);
    const [x] = await cards(1);
    await want(wanter, x);
    await have(lister, x);
    expect(await alertsOf(wanter)).toEqual([]);
    await lister.pb.collection('users').update(lister.id, { tradePublic: true });
    expect(await alertsOf(wanter)).toEqual([]);
  });

  it('from a public book alerts; from a private book does not', async () => {
    const [wanter, lister] = await fans(2);
    const [x, y] = await cards(2);
    await want(wanter, x);
    await want(wanter, y);
    const books = lister.pb.collection('collectBook');
    const shown = await books.create({ users: lister.id, title: '자랑', isPublic: true });
    const hidden = await books.create({ users: lister.id, title: '나만' });
    await have(lister, y, { book: hidden.id });
    expect(await alertsOf(wanter)).toEqual([]);
    await have(lister, x, { book: shown.id });
    expect((await alertsOf(wanter)).map((n) => n['url'])).toEqual([matchUrl(x)]);
  });

  it('a card moved from the want list to a public have list alerts; a spare count change does not', async () => {
    const [wanter, lister, late] = await fans(3);
    const [x, y] = await cards(2);
    await lister.pb.collection('users').update(lister.id, { tradePublic: true });
    await want(wanter, x);
    const item = await want(lister, x);
    expect(await alertsOf(wanter)).toEqual([]);
    await lister.pb.collection('tradeItems').update(item.id, { kind: 'have', spare: 1 });
    expect((await alertsOf(wanter)).map((n) => n['url'])).toEqual([matchUrl(x)]);

    // a fan who wants y only after it was listed is not told of a change to its spare copies
    const listed = await have(lister, y);
    await want(late, y);
    await lister.pb.collection('tradeItems').update(listed.id, { spare: 3 });
    expect(await alertsOf(late)).toEqual([]);
  });

  it('batches the cards of one fan’s list changes sent at once, as the outbox sends them', async () => {
    const [wanter, lister] = await fans(2);
    const [x, y, z] = await cards(3);
    await lister.pb.collection('users').update(lister.id, { tradePublic: true });
    await want(wanter, x);
    await want(wanter, y);
    const item = await want(lister, y);
    const batch = lister.pb.createBatch();
    batch
      .collection('tradeItems')
      .create({ user: lister.id, photoCard: x.id, kind: 'have', spare: 1 });
    batch.collection('tradeItems').update(item.id, { kind: 'have', spare: 2 });
    await sendAgainOn503(() => batch.send());
    const rows = await alertsOf(wanter);
    expect(rows.map((n) => [n['title'], n['body'], n['url'], n['count'], n['read']])).toEqual([
      [
        '구함 카드를 가진 팬이 있어요',
        `${nick(lister)}님이 구함 카드 2장을 갖고 있어요`,
        '/matching',
        2,
        false,
      ],
    ]);

    // once read, the next card the fan lists is an alert of its own
    await wanter.pb.collection('notifications').update(rows[0]!.id, { read: true });
    await want(wanter, z);
    await have(lister, z);
    expect((await alertsOf(wanter)).map((n) => [n['url'], n['count']])).toEqual([
      ['/matching', 2],
      [matchUrl(z), 1],
    ]);
  });

  it('is not sent across a block, either way', async () => {
    const [blocker, blocked, lister] = await fans(3);
    const [x] = await cards(1);
    await lister.pb.collection('users').update(lister.id, { tradePublic: true });
    await want(blocker, x);
    await want(blocked, x);
    await blocker.pb.collection('blocks').create({ user: blocker.id, blocked: lister.id });
    await lister.pb.collection('blocks').create({ user: lister.id, blocked: blocked.id });
    await have(lister, x);
    expect(await alertsOf(blocker)).toEqual([]);
    expect(await alertsOf(blocked)).toEqual([]);
  });
});

describe('the wanted topic', () => {
  it('is one a device can opt into, and the alert goes with the poster’s account', async () => {
    const [wanter, poster] = await fans(2);
    const [x] = await cards(1);
    await subscribe(wanter, ['wanted', 'trade']);
    await want(wanter, x);
    await post(poster, x);
    expect(await alertsOf(wanter)).toHaveLength(1);
    await poster.pb.collection('users').delete(poster.id);
    expect(await alertsOf(wanter)).toEqual([]);
  });

  it('reaches at most the cap per event, the longest-standing wants first; the next event the rest', async () => {
    const wanters = await fans(CAP + 1);
    const [poster] = await fans(1);
    const [x] = await cards(1);
    for (const w of wanters) await want(w, x);
    await post(poster, x);
    const alerted = async () => Promise.all(wanters.map(async (w) => (await alertsOf(w)).length));
    expect(await alerted()).toEqual([...Array.from({ length: CAP }, () => 1), 0]);
    // those alerted are in their hour; another post reaches the one left out
    await post(poster, x, { description: '다시 올려요' });
    expect(await alerted()).toEqual(Array.from({ length: CAP + 1 }, () => 1));
  });
});
