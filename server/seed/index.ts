/**
 * Demo data for a fresh PocketBase: groups, photo cards, meetups around Seoul, three accounts and
 * a little activity (exchange posts, comments, likes, a collect book) and trades (public lists
 * that match, a conversation, a completed trade with reviews), one step each (./catalogue.ts,
 * ./accounts.ts, ./activity.ts, ./trades.ts, writing through ./writer.ts). Every image is drawn
 * here (./images.ts, kept in a disk cache by ./image-cache.ts); nothing is fetched from the
 * internet.
 *
 * Idempotent: when the RIIZE group and the fan1 account both exist the seed does nothing but the
 * trade step, and that only when fan1 has no list items yet (data seeded before trades). Below
 * that marker every step is get-or-create by a natural key (group name, card group|member|title|
 * label, meetup title|cafe, username, ...), so a run that died half-way is completed by the next
 * one without duplicates. Counters and back-relations (likeCount, likeList, exchangeList,
 * comments, collectBook, photoCards) are left to the server hooks: the seed only writes the
 * records a client would write, plus a baseline likeCount set when a card is created.
 */
import type PocketBase from 'pocketbase';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedAccounts } from './accounts.ts';
import { seedCollectBook, seedComments, seedLikes, seedPosts, type SeededIds } from './activity.ts';
import { groupIdOf, seedCards, seedGroups, seedMeetups } from './catalogue.ts';
import { GROUPS, MARKER_GROUP } from './groups.ts';
import { cardKey, DEMO_TODAY, planActivity, planCards, planMeetups } from './plan.ts';
import { Q } from './requests.ts';
import { seedNotices } from './notices.ts';
import { planTrades, seedTrades, tradesSeeded, type TradeIds } from './trades.ts';
import { exists, SeedWriter } from './writer.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

const COLLECTIONS = [
  'groups',
  'photoCards',
  'meetUps',
  'users',
  'exchangeList',
  'comments',
  'likes',
  'collectBook',
  'tradeItems',
  'conversations',
  'messages',
  'trades',
  'reviews',
] as const;
type Counted = (typeof COLLECTIONS)[number];

export interface SeedSummary extends Record<Counted, number> {
  /** True when the marker was found and nothing was written. */
  skipped: boolean;
  /** Records created by this run. */
  created: number;
  /** Bytes of the images uploaded by this run. */
  imageBytes: number;
  /** Wall time of this run, in milliseconds. */
  ms: number;
}

export interface SeedOptions {
  log?: (msg: string) => void;
  /** Parallel requests; the superuser is exempt from the rate limiter. */
  concurrency?: number;
  /** The date meetups are planned around (YYYY-MM-DD). */
  today?: string;
}

async function counts(pb: PocketBase): Promise<Record<Counted, number>> {
  const entries = await Promise.all(
    COLLECTIONS.map(
      async (c) =>
        [c, (await pb.collection(c).getList(1, 1, { fields: 'id', ...Q })).totalItems] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<Counted, number>;
}

/** The marker: the RIIZE group and the fan1 account both exist. */
async function alreadySeeded(pb: PocketBase): Promise<boolean> {
  return (
    (await exists(pb, 'groups', pb.filter('groupName = {:g}', { g: MARKER_GROUP }))) &&
    (await exists(pb, 'users', pb.filter('email = {:e}', { e: 'fan1@example.com' })))
  );
}

async function summarize(
  pb: PocketBase,
  started: number,
  w: SeedWriter | null,
): Promise<SeedSummary> {
  return {
    skipped: !w,
    created: w?.created ?? 0,
    imageBytes: w?.imageBytes ?? 0,
    ms: Date.now() - started,
    ...(await counts(pb)),
  };
}

/** Groups, cards, meetups and accounts, then their activity; `log` hears each step. */
async function seedAll(w: SeedWriter, today: string, log: (msg: string) => void): Promise<void> {
  const groupIds = await seedGroups(w);
  log(`seed: ${groupIds.size} groups`);
  const cards = planCards();
  const cardIds = await seedCards(w, groupIds, cards);
  log(`seed: ${cardIds.size} photo cards`);
  const meetups = planMeetups(today);
  const meetupIds = await seedMeetups(w, groupIds, meetups);
  log(`seed: ${meetupIds.size} meetups`);

  const riize = GROUPS.find((g) => g.groupName === MARKER_GROUP)!;
  const fanId = await seedAccounts(w, riize, groupIdOf(groupIds, riize));
  log(`seed: accounts ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} (password ${DEMO_PASSWORD})`);

  const activity = planActivity(cards, meetups);
  const ids: SeededIds = { fanId, groupIds, cardIds, meetupIds };
  await seedCollectBook(w, ids, activity.collectBook, riize);
  await seedPosts(w, ids, activity.posts);
  await seedComments(w, ids, activity.comments);
  await seedLikes(w, ids, activity.likes);
  log(
    `seed: ${activity.posts.length} exchange posts, ${activity.comments.length} comments, ${activity.likes.length} likes, 1 collect book`,
  );
  await seedTradeDemo(w, { fanId, cardIds }, cards, log);
}

async function seedTradeDemo(
  w: SeedWriter,
  ids: TradeIds,
  cards: ReturnType<typeof planCards>,
  log: (msg: string) => void,
): Promise<void> {
  const plan = planTrades(cards);
  await seedTrades(w, ids, plan);
  log(
    `seed: trades: ${plan.lists.length} list items, ${plan.conversation.messages.length} messages, 1 completed trade with ${plan.completed.reviews.length} reviews`,
  );
}

/**
 * Data seeded before trades existed gets the trade demo once: the ids of the demo fans and the
 * cards are read back (nothing else is written when fan1 has list items already).
 */
async function addTradesToOlderSeed(
  pb: PocketBase,
  log: (msg: string) => void,
): Promise<SeedWriter | null> {
  const w = new SeedWriter(pb, 8);
  const users = new Map<string, string>();
  for (const u of await w.all('users', {
    filter: "email = 'fan1@example.com' || email = 'fan2@example.com'",
    fields: 'id,email',
  })) {
    // the plan names the demo fans fan1 and fan2 (their nicknames are friendlier)
    users.set(String(u.email).split('@')[0]!, u.id);
  }
  if (!users.has('fan1') || !users.has('fan2')) return null;
  const ids: TradeIds = { fanId: (f) => users.get(f)!, cardIds: new Map() };
  if (await tradesSeeded(w, ids)) return null;
  const cards = planCards();
  for (const c of await w.all('photoCards', { fields: 'id,groupName,memberName,title,label' })) {
    ids.cardIds.set(cardKey(c.groupName, c.memberName, c.title, c.label), c.id);
  }
  // a catalogue that lost a planned card is not the demo's: leave it alone
  const plan = planTrades(cards);
  const keys = [
    ...plan.lists.map((l) => l.cardKey),
    ...plan.completed.giveKeys,
    ...plan.completed.getKeys,
  ];
  if (!keys.every((k) => ids.cardIds.has(k))) return null;
  await seedTradeDemo(w, ids, cards, log);
  return w;
}

export async function seedDemo(pb: PocketBase, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const say = opts.log ?? (() => {});
  const log = (msg: string) => say(`${msg} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // get-or-create by title: data seeded before notices existed gets them too
  const notices = await seedNotices(pb);
  if (notices) log(`seed: ${notices} notices`);

  if (await alreadySeeded(pb)) {
    const added = await addTradesToOlderSeed(pb, log);
    if (added) return summarize(pb, started, added);
    const summary = await summarize(pb, started, null);
    say(
      `seed: demo data already present (${summary.groups} groups, ${summary.photoCards} cards), nothing to do`,
    );
    return summary;
  }

  const w = new SeedWriter(pb, opts.concurrency ?? 8);
  await seedAll(w, opts.today ?? DEMO_TODAY, log);
  const summary = await summarize(pb, started, w);
  say(
    `seed: done in ${(summary.ms / 1000).toFixed(1)} s: ${summary.created} records, ${(summary.imageBytes / 1024 / 1024).toFixed(1)} MB of images`,
  );
  return summary;
}
