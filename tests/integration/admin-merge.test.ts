/**
 * Merging two catalogue cards against the real server (docs/operators.md, Merging two cards;
 * pb_hooks/lib/card-merge.js; the redirects, pb_hooks/lib/card-redirects.js): two fans' likes (one
 * liked both), have/want items (one had both), books (cards and cover), a post, a proposal, an
 * encounter, a conversation and an earlier merge all move to the survivor in one audited
 * transaction; the like counts stay right; the loser stays as a hidden redirect. The fans' next
 * pull (the real pull route, from their checkpoints) brings their rows pointing at the survivor and
 * the loser hidden; writes queued before the merge that still name the loser land on the survivor.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { failure, newId, type Actor, type Catalogue } from '../helpers/pb-fixtures.ts';
import type { TestServer } from '../helpers/pocketbase.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;

const { fan, cards } = setupCatalogueServer(async (env) => {
  ({ server, su, cat } = env);
});

const MERGE = '/api/pocamarket/admin/cards/merge';
const PULL = '/api/pocamarket/pull';

interface PullPage {
  items: RecordModel[];
  more: boolean;
  cursor: { updated: string; id: string } | null;
}
type Cursors = Record<string, { updated: string; id: string } | undefined>;

/** One pull round of `entries` from `cursors` (updated in place); the pages by key. */
async function pull(
  pb: PocketBase,
  entries: Array<{ name: string; key?: string; ids?: string[] }>,
  cursors: Cursors,
): Promise<Record<string, PullPage>> {
  const res: { collections: Record<string, PullPage> } = await pb.send(PULL, {
    method: 'POST',
    body: {
      collections: entries.map((e) => ({ ...e, ...(cursors[e.key ?? e.name] ?? {}) })),
    },
    requestKey: null,
  });
  for (const [key, page] of Object.entries(res.collections)) {
    expect(page.more, key).toBe(false);
    if (page.cursor) cursors[key] = page.cursor;
  }
  return res.collections;
}

interface MergeAnswer {
  survivor: RecordModel;
  loser: RecordModel;
  moved: Record<string, number>;
}

function merge(pb: PocketBase, body: unknown): Promise<MergeAnswer> {
  return pb.send<MergeAnswer>(MERGE, { method: 'POST', body, requestKey: null });
}

describe('merging two cards', () => {
  let admin: Actor;
  let fan1: Actor;
  let fan2: Actor;
  let fan3: Actor;
  let survivor: RecordModel;
  let loser: RecordModel;
  let other: RecordModel;
  let earlier: RecordModel;
  const ids: Record<string, string> = {};
  const cursors1: Cursors = {};
  const cursors2: Cursors = {};
  let entries: Array<{ name: string; key?: string; ids?: string[] }>;
  let answer: MergeAnswer;

  beforeAll(async () => {
    [admin, fan1, fan2, fan3] = await Promise.all([fan({ role: 'admin' }), fan(), fan(), fan()]);
    [survivor, loser, other, earlier] = await cards(4);

    // likes: fan1 liked both, fan2 the loser only
    ids['like1s'] = (
      await fan1.pb.collection('likes').create({ user: fan1.id, photoCard: survivor.id })
    ).id;
    ids['like1l'] = (
      await fan1.pb.collection('likes').create({ user: fan1.id, photoCard: loser.id })
    ).id;
    ids['like2l'] = (
      await fan2.pb.collection('likes').create({ user: fan2.id, photoCard: loser.id })
    ).id;

    // lists: fan1 has both (spares add up), fan2 wants the loser
    ids['item1s'] = (
      await fan1.pb
        .collection('tradeItems')
        .create({ user: fan1.id, photoCard: survivor.id, kind: 'have', spare: 2 })
    ).id;
    ids['item1l'] = (
      await fan1.pb
        .collection('tradeItems')
        .create({ user: fan1.id, photoCard: loser.id, kind: 'have', spare: 1 })
    ).id;
    ids['item2l'] = (
      await fan2.pb
        .collection('tradeItems')
        .create({ user: fan2.id, photoCard: loser.id, kind: 'want', spare: 0 })
    ).id;

    // books: fan1's names the loser and has it as cover; fan2's has both
    ids['book1'] = (
      await fan1.pb.collection('collectBook').create({
        users: fan1.id,
        title: '내 콜렉트북',
        group: cat.group.id,
        cardInfo: [loser.id, other.id],
        cover: loser.id,
      })
    ).id;
    ids['book2'] = (
      await fan2.pb.collection('collectBook').create({
        users: fan2.id,
        title: '둘 다 있는 책',
        cardInfo: [survivor.id, loser.id],
      })
    ).id;

    // a post, a proposal, an encounter and a conversation about the loser
    ids['post'] = (
      await fan2.pb.collection('exchangeList').create({
        writer: fan2.id,
        photoCard: loser.id,
        description: '원빈 포카 교환해요',
        status: '교환대기중',
      })
    ).id;
    ids['trade'] = (
      await su.collection('trades').create({
        proposer: fan1.id,
        receiver: fan2.id,
        give: [loser.id, other.id],
        get: [survivor.id],
        status: 'proposed',
      })
    ).id;
    ids['encounter'] = (
      await su.collection('encounters').create({
        user: fan1.id,
        fan: fan2.id,
        fanName: '만난팬',
        theyHave: [loser.id],
        metAt: new Date().toISOString().replace('T', ' '),
      })
    ).id;
    const [a, b] = [fan1.id, fan2.id].sort();
    ids['conversation'] = (
      await su.collection('conversations').create({ a, b, photoCard: loser.id })
    ).id;

    // a card merged into the loser before: it will redirect to the survivor
    await merge(admin.pb, { survivor: loser.id, loser: earlier.id });

    entries = [
      { name: 'likes' },
      { name: 'tradeItems' },
      { name: 'collectBook' },
      { name: 'tombstones' },
      { name: 'photoCards', key: 'photoCards@ids:merge', ids: [survivor.id, loser.id] },
    ];
    // the devices are up to date before the merge
    await pull(fan1.pb, entries, cursors1);
    await pull(fan2.pb, entries, cursors2);

    answer = await merge(admin.pb, { survivor: survivor.id, loser: loser.id });
  });

  it('moves every kind of reference to the survivor', async () => {
    // likes: fan1 keeps one, fan2's moved (same record)
    const likes1 = await su.collection('likes').getFullList({ filter: `user = "${fan1.id}"` });
    expect(likes1.map((l) => [l.id, l['photoCard']])).toEqual([[ids['like1s'], survivor.id]]);
    expect((await su.collection('likes').getOne(ids['like2l']!))['photoCard']).toBe(survivor.id);

    // like counts: the survivor has both fans, the loser none
    const [s, l] = await Promise.all([
      su.collection('photoCards').getOne(survivor.id),
      su.collection('photoCards').getOne(loser.id),
    ]);
    expect(s['likeCount']).toBe(2);
    expect(l['likeCount']).toBe(0);

    // lists: fan1's two items are one have with both spares; fan2's want moved
    const items1 = await su.collection('tradeItems').getFullList({ filter: `user = "${fan1.id}"` });
    expect(items1.map((i) => [i.id, i['photoCard'], i['kind'], i['spare']])).toEqual([
      [ids['item1s'], survivor.id, 'have', 3],
    ]);
    expect(await su.collection('tradeItems').getOne(ids['item2l']!)).toMatchObject({
      photoCard: survivor.id,
      kind: 'want',
    });

    // books: the cards and the cover, once each
    expect(await su.collection('collectBook').getOne(ids['book1']!)).toMatchObject({
      cardInfo: [survivor.id, other.id],
      cover: survivor.id,
    });
    expect((await su.collection('collectBook').getOne(ids['book2']!))['cardInfo']).toEqual([
      survivor.id,
    ]);

    // the post (and the cards' lists of posts), the proposal, the encounter, the conversation
    expect((await su.collection('exchangeList').getOne(ids['post']!))['photoCard']).toBe(
      survivor.id,
    );
    expect(s['exchangeList']).toContain(ids['post']);
    expect(l['exchangeList']).toEqual([]);
    expect(await su.collection('trades').getOne(ids['trade']!)).toMatchObject({
      give: [survivor.id, other.id],
      get: [survivor.id],
    });
    expect((await su.collection('encounters').getOne(ids['encounter']!))['theyHave']).toEqual([
      survivor.id,
    ]);
    expect((await su.collection('conversations').getOne(ids['conversation']!))['photoCard']).toBe(
      survivor.id,
    );

    // the loser is a hidden redirect, and so is the card merged into it before
    expect(l).toMatchObject({ hidden: true, mergedInto: survivor.id });
    expect(await su.collection('photoCards').getOne(earlier.id)).toMatchObject({
      hidden: true,
      mergedInto: survivor.id,
    });
    expect(s).toMatchObject({ hidden: false, mergedInto: '' });

    expect(answer.moved).toMatchObject({
      likes: 1,
      likesDropped: 1,
      tradeItems: 1,
      tradeItemsMerged: 1,
      tradeItemsDropped: 1,
    });
  });

  it('is one audit entry with the moved rows’ ids', async () => {
    const entries = await admin.pb.collection('auditLog').getFullList({
      filter: admin.pb.filter('action = "card.merge" && targetId = {:id}', { id: loser.id }),
    });
    expect(entries).toHaveLength(1);
    const after = entries[0]!['after'] as {
      moved: Record<string, { count: number; ids: string[] }>;
      loser: RecordModel;
    };
    expect(entries[0]!['actor']).toBe(admin.id);
    expect(entries[0]!['before']).toMatchObject({
      survivor: { id: survivor.id, likeCount: 1 },
      loser: { id: loser.id, likeCount: 2, hidden: false },
    });
    expect(after.loser).toMatchObject({ hidden: true, mergedInto: survivor.id });
    expect(after.moved['likes']!.ids).toEqual([ids['like2l']]);
    expect(after.moved['likesDropped']!.ids).toEqual([ids['like1l']]);
    expect(after.moved['tradeItems']!.ids).toEqual([ids['item2l']]);
    expect(after.moved['exchangeList.photoCard']!.ids).toEqual([ids['post']]);
    expect(after.moved['collectBook.cardInfo']!.ids.sort()).toEqual(
      [ids['book1'], ids['book2']].sort(),
    );
    expect(after.moved['collectBook.cover']!.ids).toEqual([ids['book1']]);
    expect(after.moved['trades.give']!.ids).toEqual([ids['trade']]);
    expect(after.moved['encounters.theyHave']!.ids).toEqual([ids['encounter']]);
    expect(after.moved['conversations.photoCard']!.ids).toEqual([ids['conversation']]);
    expect(after.moved['photoCards.mergedInto']!.ids).toEqual([earlier.id]);
  });

  it('reaches each fan through their next pull', async () => {
    const one = await pull(fan1.pb, entries, cursors1);
    // fan1: the loser's like and item are gone (tombstones), the kept item and the book point at
    // the survivor, and the loser comes hidden with its survivor
    const gone = one['tombstones']!.items.map((t) => t['recordId']);
    expect(gone).toEqual(expect.arrayContaining([ids['like1l'], ids['item1l']]));
    expect(one['tradeItems']!.items.map((i) => [i.id, i['photoCard'], i['spare']])).toEqual([
      [ids['item1s'], survivor.id, 3],
    ]);
    const book = one['collectBook']!.items.find((b) => b.id === ids['book1']);
    expect(book).toMatchObject({ cardInfo: [survivor.id, other.id], cover: survivor.id });
    const pulledCards = one['photoCards@ids:merge']!.items;
    expect(pulledCards.find((c) => c.id === loser.id)).toMatchObject({
      hidden: true,
      mergedInto: survivor.id,
    });
    expect(pulledCards.find((c) => c.id === survivor.id)).toMatchObject({ likeCount: 2 });

    // fan2: their like, want item and book, on the survivor
    const two = await pull(fan2.pb, entries, cursors2);
    expect(two['likes']!.items.map((l) => [l.id, l['photoCard']])).toEqual([
      [ids['like2l'], survivor.id],
    ]);
    expect(two['tradeItems']!.items.map((i) => [i.id, i['photoCard']])).toEqual([
      [ids['item2l'], survivor.id],
    ]);
    expect(two['collectBook']!.items.map((b) => [b.id, b['cardInfo']])).toEqual([
      [ids['book2'], [survivor.id]],
    ]);
  });

  it('lands writes queued before the merge on the survivor', async () => {
    // a like, a list item and a post naming the loser, as an offline device sends them later
    // (a like is moved by a trigger: the create's answer still names the loser, the store and the
    // next pull the survivor)
    const like = await fan3.pb
      .collection('likes')
      .create({ id: newId(), user: fan3.id, photoCard: loser.id });
    expect((await su.collection('likes').getOne(like.id))['photoCard']).toBe(survivor.id);
    const pulled = await pull(fan3.pb, [{ name: 'likes' }], {});
    expect(pulled['likes']!.items.map((l) => [l.id, l['photoCard']])).toEqual([
      [like.id, survivor.id],
    ]);
    const item = await fan3.pb
      .collection('tradeItems')
      .create({ id: newId(), user: fan3.id, photoCard: loser.id, kind: 'have', spare: 1 });
    expect(item['photoCard']).toBe(survivor.id);
    const post = await fan3.pb.collection('exchangeList').create({
      id: newId(),
      writer: fan3.id,
      photoCard: loser.id,
      description: '늦게 도착한 글',
      status: '교환대기중',
    });
    expect(post['photoCard']).toBe(survivor.id);
    expect((await su.collection('photoCards').getOne(survivor.id))['exchangeList']).toContain(
      post.id,
    );
    // a book tick (a set operation) naming the loser: the survivor, once
    await fan2.pb
      .collection('collectBook')
      .update(ids['book2']!, { 'cardInfo+': [loser.id, other.id] });
    expect((await su.collection('collectBook').getOne(ids['book2']!))['cardInfo']).toEqual([
      survivor.id,
      other.id,
    ]);
    // an untick naming the loser takes the survivor out
    await fan2.pb.collection('collectBook').update(ids['book2']!, { 'cardInfo-': [loser.id] });
    expect((await su.collection('collectBook').getOne(ids['book2']!))['cardInfo']).toEqual([
      other.id,
    ]);
    // a like fan1 already has under the survivor is a duplicate, not a second like
    const dup = await failure(
      fan1.pb.collection('likes').create({ id: newId(), user: fan1.id, photoCard: loser.id }),
    );
    expect(dup.status).toBe(400);
    const counts = await su.collection('photoCards').getOne(survivor.id);
    expect(counts['likeCount']).toBe(3); // fan1, fan2, fan3
    expect((await su.collection('photoCards').getOne(loser.id))['likeCount']).toBe(0);
    expect(
      await su.collection('likes').getFullList({ filter: `user = "${fan1.id}"` }),
    ).toHaveLength(1);
  });

  it('refuses what cannot be merged, and anyone but an admin', async () => {
    const [a, b] = await cards(2);
    const before = await su.collection('photoCards').getFullList({
      filter: `id = "${a!.id}" || id = "${b!.id}"`,
    });
    const cases: Array<[PocketBase, unknown, number]> = [
      [admin.pb, { survivor: a!.id, loser: a!.id }, 400],
      [admin.pb, { survivor: a!.id }, 400],
      [admin.pb, { survivor: a!.id, loser: 'nosuchcard12345' }, 404],
      [admin.pb, { survivor: survivor.id, loser: loser.id }, 409],
      [admin.pb, { survivor: loser.id, loser: a!.id }, 409],
      [fan1.pb, { survivor: a!.id, loser: b!.id }, 403],
      [server.client(), { survivor: a!.id, loser: b!.id }, 401],
    ];
    for (const [pb, body, status] of cases) {
      const err = await failure(merge(pb, body));
      expect(err.status, JSON.stringify(body)).toBe(status);
      expect(err.message).toMatch(/[가-힣]/);
    }
    const after = await su.collection('photoCards').getFullList({
      filter: `id = "${a!.id}" || id = "${b!.id}"`,
    });
    expect(after).toEqual(before);
    expect(
      await su.collection('auditLog').getList(1, 1, {
        filter: `targetId = "${a!.id}" || targetId = "${b!.id}"`,
      }),
    ).toMatchObject({ totalItems: 0 });
  });
});
