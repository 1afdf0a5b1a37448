/**
 * The activity steps of the seed: fan1's collect book, exchange posts, meetup comments and likes,
 * each get-or-create by its natural key. Counters and back-relations are the server hooks' work.
 */
import type { GroupDef } from './groups.ts';
import { drawCollectBookCover } from './images.ts';
import type { ActivityPlan, Fan } from './plan.ts';
import { mapLimit, Q, withRetry } from './requests.ts';
import { exists, type SeedWriter } from './writer.ts';

/** The ids the activity refers to: fans, groups (by name), cards and meetups (by plan key). */
export interface SeededIds {
  fanId: (f: Fan) => string;
  groupIds: Map<string, string>;
  cardIds: Map<string, string>;
  meetupIds: Map<string, string>;
}

/** A filter matching `field` = fan1 or fan2. */
function fanFilter(w: SeedWriter, ids: SeededIds, field: string): string {
  return (['fan1', 'fan2'] as const)
    .map((f) => w.pb.filter(`${field} = {:id}`, { id: ids.fanId(f) }))
    .join(' || ');
}

export async function seedCollectBook(
  w: SeedWriter,
  ids: SeededIds,
  book: ActivityPlan['collectBook'],
  coverGroup: GroupDef,
): Promise<void> {
  const owner = ids.fanId('fan1');
  const have = await exists(
    w.pb,
    'collectBook',
    w.pb.filter('users = {:u} && title = {:t}', { u: owner, t: book.title }),
  );
  if (have) return;
  await w.create('collectBook', {
    users: owner,
    title: book.title,
    group: ids.groupIds.get(book.groupName),
    thumbNail: w.file(
      drawCollectBookCover({
        palette: coverGroup.palette,
        title: book.title,
        monogram: coverGroup.groupName,
      }),
      'cover.png',
    ),
    cardInfo: book.cardKeys.map((k) => ids.cardIds.get(k)!),
  });
}

const postKey = (writer: string, card: string, description: string) =>
  `${writer}|${card}|${description}`;

export async function seedPosts(
  w: SeedWriter,
  ids: SeededIds,
  posts: ActivityPlan['posts'],
): Promise<void> {
  const have = new Set(
    (
      await w.all('exchangeList', {
        filter: fanFilter(w, ids, 'writer'),
        fields: 'writer,photoCard,description',
      })
    ).map((p) => postKey(p.writer, p.photoCard, p.description)),
  );
  // One at a time, so the posts' created order follows the plan.
  for (const p of posts) {
    const writer = ids.fanId(p.writer);
    const card = ids.cardIds.get(p.cardKey)!;
    if (have.has(postKey(writer, card, p.description))) continue;
    // The server accepts only '교환대기중' on create; later states are an update.
    const rec = await w.create('exchangeList', {
      writer,
      photoCard: card,
      description: p.description,
      status: '교환대기중',
      ...p.terms,
    });
    if (p.status !== '교환대기중') {
      await withRetry(() =>
        w.pb
          .collection('exchangeList')
          .update(rec.id, { status: p.status, chatContent: p.chatContent }, Q),
      );
    }
  }
}

const commentKey = (user: string, meetUp: string, ment: string) => `${user}|${meetUp}|${ment}`;

export async function seedComments(
  w: SeedWriter,
  ids: SeededIds,
  comments: ActivityPlan['comments'],
): Promise<void> {
  const have = new Set(
    (
      await w.all('comments', { filter: fanFilter(w, ids, 'name'), fields: 'name,meetUp,ment' })
    ).map((c) => commentKey(c.name, c.meetUp, c.ment)),
  );
  for (const c of comments) {
    const user = ids.fanId(c.user);
    const meetUp = ids.meetupIds.get(c.meetupKey)!;
    if (have.has(commentKey(user, meetUp, c.ment))) continue;
    await w.create('comments', { name: user, meetUp, ment: c.ment });
  }
}

export async function seedLikes(
  w: SeedWriter,
  ids: SeededIds,
  likes: ActivityPlan['likes'],
): Promise<void> {
  const have = new Set(
    (await w.all('likes', { filter: fanFilter(w, ids, 'user'), fields: 'user,photoCard' })).map(
      (l) => `${l.user}|${l.photoCard}`,
    ),
  );
  const card = (l: { cardKey: string }) => ids.cardIds.get(l.cardKey)!;
  await mapLimit(
    likes.filter((l) => !have.has(`${ids.fanId(l.user)}|${card(l)}`)),
    w.limit,
    (l) => w.create('likes', { user: ids.fanId(l.user), photoCard: card(l) }),
  );
}
