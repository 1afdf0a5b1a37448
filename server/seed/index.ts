/**
 * Demo data for a fresh PocketBase: groups, photo cards, meetups around Seoul, three accounts and
 * a little activity (exchange posts, comments, likes, a collect book). Every image is drawn here
 * (./images.ts, kept in a disk cache by ./image-cache.ts); nothing is fetched from the internet.
 *
 * Idempotent: when the RIIZE group and the fan1 account both exist the seed does nothing. Below
 * that marker every step is get-or-create by a natural key (group name, card group|member|title|
 * label, meetup title|cafe, username, ...), so a run that died half-way is completed by the next
 * one without duplicates. Counters and back-relations (likeCount, likeList, exchangeList,
 * comments, collectBook, photoCards) are left to the server hooks: the seed only writes the
 * records a client would write, plus a baseline likeCount set when a card is created.
 */
import type { RecordModel } from 'pocketbase';
import { mapLimit, png, Q, withRetry } from './requests.ts';
import type PocketBase from 'pocketbase';
import { GROUPS, MARKER_GROUP, type GroupDef } from './groups.ts';
import {
  drawArtist,
  drawAvatar,
  drawCollectBookCover,
  drawEvent,
  drawGroupLogo,
  drawPhotoCard,
} from './images.ts';
import { cachedImage } from './image-cache.ts';
import { cardKey, DEMO_TODAY, planActivity, planCards, planMeetups, type Fan } from './plan.ts';

export const DEMO_PASSWORD = 'photocard1234';

export const DEMO_ACCOUNTS = [
  { username: 'fan1', email: 'fan1@example.com', name: '김팬일', role: 'user' },
  { username: 'fan2', email: 'fan2@example.com', name: '이팬이', role: 'user' },
  { username: 'admin', email: 'admin@example.com', name: '관리자', role: 'admin' },
] as const;

const COLLECTIONS = [
  'groups',
  'photoCards',
  'meetUps',
  'users',
  'exchangeList',
  'comments',
  'likes',
  'collectBook',
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

async function exists(pb: PocketBase, collection: string, filter: string): Promise<boolean> {
  const res = await pb.collection(collection).getList(1, 1, { filter, skipTotal: true, ...Q });
  return res.items.length > 0;
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

export async function seedDemo(pb: PocketBase, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const say = opts.log ?? (() => {});
  const log = (msg: string) => say(`${msg} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const limit = opts.concurrency ?? 8;

  const marker =
    (await exists(pb, 'groups', pb.filter('groupName = {:g}', { g: MARKER_GROUP }))) &&
    (await exists(pb, 'users', pb.filter('username = {:u}', { u: 'fan1' })));
  if (marker) {
    const summary = {
      skipped: true,
      created: 0,
      imageBytes: 0,
      ms: Date.now() - started,
      ...(await counts(pb)),
    };
    say(
      `seed: demo data already present (${summary.groups} groups, ${summary.photoCards} cards), nothing to do`,
    );
    return summary;
  }

  let created = 0;
  let imageBytes = 0;
  const file = (bytes: Buffer, name: string) => {
    imageBytes += bytes.length;
    return png(bytes, name);
  };
  const create = async (
    collection: string,
    body: Record<string, unknown>,
  ): Promise<RecordModel> => {
    const rec = await withRetry(() => pb.collection(collection).create(body, Q));
    created++;
    return rec;
  };
  const all = (collection: string, options: { filter?: string; fields?: string } = {}) =>
    withRetry(() => pb.collection(collection).getFullList({ batch: 1000, ...options, ...Q }));

  // ---- groups
  const groupIds = new Map<string, string>();
  for (const g of await all('groups', { fields: 'id,groupName' }))
    groupIds.set(g.groupName as string, g.id);
  const logos = new Map<string, Buffer>(
    GROUPS.map((g) => {
      const input = { monogram: g.monogram, palette: g.palette };
      return [g.groupName, cachedImage('logo', input, () => drawGroupLogo(input))];
    }),
  );
  await mapLimit(
    GROUPS.filter((g) => !groupIds.has(g.groupName)),
    limit,
    async (g) => {
      const rec = await create('groups', {
        groupName: g.groupName,
        logoImage: file(logos.get(g.groupName)!, 'logo.png'),
      });
      groupIds.set(g.groupName, rec.id);
    },
  );
  const groupId = (g: GroupDef) => groupIds.get(g.groupName)!;
  log(`seed: ${groupIds.size} groups`);

  // ---- photo cards
  const cards = planCards();
  const cardIds = new Map<string, string>();
  for (const c of await all('photoCards', { fields: 'id,groupName,memberName,title,label' })) {
    cardIds.set(cardKey(c.groupName, c.memberName, c.title, c.label), c.id);
  }
  await mapLimit(
    cards.filter((c) => !cardIds.has(c.key)),
    limit,
    async (c) => {
      const input = {
        groupLatin: c.group.groupName,
        memberLatin: c.member.latin,
        caption: c.caption,
        tag: c.tag,
        palette: c.group.palette,
        seed: c.key,
      };
      const image = cachedImage('card', input, () => drawPhotoCard(input));
      const rec = await create('photoCards', {
        group: groupId(c.group),
        groupName: c.group.groupName,
        memberName: c.member.ko,
        memberNameEn: c.member.latin,
        title: c.title,
        label: c.label,
        likeCount: c.baselineLikes,
        cardImg: file(image, 'card.png'),
        // No per-card logoImage copy: the client shows the group's logo, so phones cache one
        // logo per group instead of one per card.
      });
      cardIds.set(c.key, rec.id);
    },
  );
  log(`seed: ${cardIds.size} photo cards`);

  // ---- meetups
  const meetups = planMeetups(opts.today ?? DEMO_TODAY);
  const meetupIds = new Map<string, string>();
  for (const m of await all('meetUps', { fields: 'id,eventTitle,cafeName' })) {
    meetupIds.set(`${m.eventTitle}|${m.cafeName}`, m.id);
  }
  await mapLimit(
    meetups.filter((m) => !meetupIds.has(m.key)),
    limit,
    async (m) => {
      const events = Array.from({ length: m.eventImages }, (_, v) => {
        const input = {
          palette: m.group.palette,
          seed: m.key,
          headline: m.headline,
          dates: m.datesLatin,
          variant: v,
        };
        return file(
          cachedImage('event', input, () => drawEvent(input)),
          `event${v + 1}.png`,
        );
      });
      const artist = { palette: m.group.palette, seed: `${m.group.groupName}|${m.member.ko}` };
      const rec = await create('meetUps', {
        eventTitle: m.eventTitle,
        cafeName: m.venue.cafeName,
        address: m.venue.address,
        date: m.date,
        startDate: m.startDate,
        endDate: m.endDate,
        ...(m.withCoords ? { lat: m.venue.lat, lng: m.venue.lng } : {}),
        artistName: m.member.ko,
        artistImg: file(
          cachedImage('artist', artist, () => drawArtist(artist)),
          'artist.png',
        ),
        eventImg: events,
        source: m.source,
        basicGift: m.basicGift,
        desertGift: m.desertGift,
        priorityGift: m.priorityGift,
        firstHashtag: m.firstHashtag,
        secondHashtag: m.secondHashtag,
        group: groupId(m.group),
      });
      meetupIds.set(m.key, rec.id);
    },
  );
  log(`seed: ${meetupIds.size} meetups`);

  // ---- accounts
  const userIds = new Map<string, string>();
  const usernames = DEMO_ACCOUNTS.map((a) => pb.filter('username = {:u}', { u: a.username })).join(
    ' || ',
  );
  for (const u of await all('users', { filter: usernames, fields: 'id,username' }))
    userIds.set(u.username as string, u.id);
  const riize = GROUPS.find((g) => g.groupName === MARKER_GROUP)!;
  // fan1 is half of the marker, so it comes last: a run that stops before it is simply redone.
  // (One that stops after it, in the activity below, is not: delete fan1 and run again.)
  const accountOrder = [...DEMO_ACCOUNTS.filter((a) => a.username !== 'fan1'), DEMO_ACCOUNTS[0]];
  for (const a of accountOrder) {
    if (userIds.has(a.username)) continue;
    const extra =
      a.username === 'fan1'
        ? {
            biasGroup: groupId(riize),
            avatar: file(drawAvatar('fan1', riize.palette), 'avatar.png'),
          }
        : {};
    const rec = await create('users', {
      email: a.email,
      password: DEMO_PASSWORD,
      passwordConfirm: DEMO_PASSWORD,
      username: a.username,
      name: a.name,
      role: a.role,
      verified: true,
      emailVisibility: false,
      ...extra,
    });
    userIds.set(a.username, rec.id);
  }
  const fanId = (f: Fan) => userIds.get(f)!;
  log(`seed: accounts ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} (password ${DEMO_PASSWORD})`);

  // ---- activity
  const activity = planActivity(cards, meetups);
  const fanFilter = (field: string) =>
    (['fan1', 'fan2'] as const)
      .map((f) => pb.filter(`${field} = {:id}`, { id: fanId(f) }))
      .join(' || ');

  const book = activity.collectBook;
  const haveBook = await exists(
    pb,
    'collectBook',
    pb.filter('users = {:u} && title = {:t}', { u: fanId('fan1'), t: book.title }),
  );
  if (!haveBook) {
    await create('collectBook', {
      users: fanId('fan1'),
      title: book.title,
      group: groupIds.get(book.groupName),
      thumbNail: file(
        drawCollectBookCover({
          palette: riize.palette,
          title: book.title,
          monogram: riize.groupName,
        }),
        'cover.png',
      ),
      cardInfo: book.cardKeys.map((k) => cardIds.get(k)!),
    });
  }

  const postKey = (writer: string, card: string, description: string) =>
    `${writer}|${card}|${description}`;
  const havePosts = new Set(
    (
      await all('exchangeList', {
        filter: fanFilter('writer'),
        fields: 'writer,photoCard,description',
      })
    ).map((p) => postKey(p.writer, p.photoCard, p.description)),
  );
  // One at a time, so the posts' created order follows the plan.
  for (const p of activity.posts) {
    const writer = fanId(p.writer);
    const card = cardIds.get(p.cardKey)!;
    if (havePosts.has(postKey(writer, card, p.description))) continue;
    // The server accepts only '교환대기중' on create; later states are an update.
    const rec = await create('exchangeList', {
      writer,
      photoCard: card,
      description: p.description,
      status: '교환대기중',
    });
    if (p.status !== '교환대기중') {
      await withRetry(() =>
        pb
          .collection('exchangeList')
          .update(rec.id, { status: p.status, chatContent: p.chatContent }, Q),
      );
    }
  }

  const commentKey = (user: string, meetUp: string, ment: string) => `${user}|${meetUp}|${ment}`;
  const haveComments = new Set(
    (await all('comments', { filter: fanFilter('name'), fields: 'name,meetUp,ment' })).map((c) =>
      commentKey(c.name, c.meetUp, c.ment),
    ),
  );
  for (const c of activity.comments) {
    const user = fanId(c.user);
    const meetUp = meetupIds.get(c.meetupKey)!;
    if (haveComments.has(commentKey(user, meetUp, c.ment))) continue;
    await create('comments', { name: user, meetUp, ment: c.ment });
  }

  const haveLikes = new Set(
    (await all('likes', { filter: fanFilter('user'), fields: 'user,photoCard' })).map(
      (l) => `${l.user}|${l.photoCard}`,
    ),
  );
  await mapLimit(
    activity.likes.filter((l) => !haveLikes.has(`${fanId(l.user)}|${cardIds.get(l.cardKey)!}`)),
    limit,
    (l) => create('likes', { user: fanId(l.user), photoCard: cardIds.get(l.cardKey)! }),
  );
  log(
    `seed: ${activity.posts.length} exchange posts, ${activity.comments.length} comments, ${activity.likes.length} likes, 1 collect book`,
  );

  const summary: SeedSummary = {
    skipped: false,
    created,
    imageBytes,
    ms: Date.now() - started,
    ...(await counts(pb)),
  };
  say(
    `seed: done in ${(summary.ms / 1000).toFixed(1)} s: ${created} records, ${(imageBytes / 1024 / 1024).toFixed(1)} MB of images`,
  );
  return summary;
}
