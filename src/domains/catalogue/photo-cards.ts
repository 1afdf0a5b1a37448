/**
 * Reads of photo cards for the grids, the detail screen and the home rows. Every card comes back
 * with the like count the user should see (server count plus queued likes, see like-counts.ts),
 * so no screen does that arithmetic itself.
 *
 * A hidden card (taken out of the catalogue by an admin, or merged into another: docs/operators.md,
 * Catalogue management) stays in the store, since the pull brings it and a fan's rows may still
 * name it, but no list shows it: the grids, group pages, home rows and collect books read
 * `listPhotoCards`, which leaves it out. A read by id still finds it (a like or a list item of a
 * card hidden since).
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { PhotoCard } from '@/data/pb/records.ts';
import { queuedLikeDeltas, shownLikeCount } from '@/domains/likes/counts.ts';
import { compareKeys } from '@/lib/compare';
import { groupIdOf } from './groups.ts';

/** 최신순 (newest first), 찜높은순 (most liked first), 찜낮은순 (least liked first). */
export type PhotoCardSort = 'latest' | 'likesDesc' | 'likesAsc';

export interface PhotoCardQuery {
  /** Only the cards of this group id. */
  group?: string;
  sort?: PhotoCardSort;
  /** At most this many (the home rows show 20). */
  limit?: number;
  /**
   * The favourite group (an id, or a name for a guest's choice): its cards come first, up to half
   * of `limit` (docs/product-rules.md, Home), the rest keep the sort.
   */
  first?: string;
}

const newestFirst = (a: PhotoCard, b: PhotoCard) =>
  compareKeys(b.created, a.created) || compareKeys(b.id, a.id);

const SORTS: Record<PhotoCardSort, (a: PhotoCard, b: PhotoCard) => number> = {
  latest: newestFirst,
  likesDesc: (a, b) => b.likeCount - a.likeCount || newestFirst(a, b),
  likesAsc: (a, b) => a.likeCount - b.likeCount || newestFirst(a, b),
};

function withShownCounts(cards: PhotoCard[], deltas: Map<string, number>): PhotoCard[] {
  if (!deltas.size) return cards;
  return cards.map((c) =>
    deltas.has(c.id) ? { ...c, likeCount: shownLikeCount(c.likeCount, deltas.get(c.id)) } : c,
  );
}

/** Whether a card is shown in the catalogue's lists (not hidden by an admin, not merged). */
export function isListed(card: Pick<PhotoCard, 'hidden' | 'mergedInto'>): boolean {
  return card.hidden !== true && !card.mergedInto;
}

/** Photo cards, all or of one group, sorted, with the like counts to show; hidden ones left out. */
export async function listPhotoCards(
  query: PhotoCardQuery = {},
  db: AppDB = defaultDb,
): Promise<PhotoCard[]> {
  const [stored, deltas] = await Promise.all([
    query.group
      ? db.photoCards.where('group').equals(query.group).toArray()
      : db.photoCards.toArray(),
    queuedLikeDeltas(db),
  ]);
  const cards = stored.filter(isListed);
  const sorted = withShownCounts(cards, deltas).sort(SORTS[query.sort ?? 'latest']);
  const first = query.first && !query.group ? await groupIdOf(query.first, db) : null;
  const ordered = first ? groupFirst(sorted, first, query.limit) : sorted;
  return query.limit === undefined ? ordered : ordered.slice(0, query.limit);
}

/**
 * The cards of `group` first (at most half of `limit`, so a row still shows other groups), then
 * the others, each part keeping the given order.
 */
export function groupFirst(
  cards: readonly PhotoCard[],
  group: string,
  limit?: number,
): PhotoCard[] {
  const cap = limit === undefined ? Infinity : Math.ceil(limit / 2);
  const head: PhotoCard[] = [];
  const rest: PhotoCard[] = [];
  for (const c of cards) (c.group === group && head.length < cap ? head : rest).push(c);
  return [...head, ...rest];
}

/** One card with the like count to show, or null when it is not (or no longer) here. */
export async function getPhotoCard(id: string, db: AppDB = defaultDb): Promise<PhotoCard | null> {
  const [card, deltas] = await Promise.all([db.photoCards.get(id), queuedLikeDeltas(db)]);
  if (!card) return null;
  return withShownCounts([card], deltas)[0] ?? null;
}

/** Several cards by id, in the order asked, skipping ids that are not here. */
export async function getPhotoCards(
  ids: readonly string[],
  db: AppDB = defaultDb,
): Promise<PhotoCard[]> {
  const [cards, deltas] = await Promise.all([
    db.photoCards.bulkGet([...ids]),
    queuedLikeDeltas(db),
  ]);
  return withShownCounts(
    cards.filter((c): c is PhotoCard => c !== undefined),
    deltas,
  );
}
