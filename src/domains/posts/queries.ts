/**
 * Reads of exchange posts (교환 글). A post written offline is already here (optimistic), newest
 * first like the rest; its pending mark comes from the outbox (see sync.ts).
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { ExchangePost } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';
import { recordKey } from '@/data/outbox/names.ts';
import { postTypeOf, type PostType, type ShippingMethod } from './terms.ts';

const newestFirst = (a: ExchangePost, b: ExchangePost) =>
  compareKeys(b.created, a.created) || compareKeys(b.id, a.id);

/**
 * The newest `limit` posts about one photo card (all of them without a limit), newest first. The
 * card page shows them a page at a time, so neither its first screen nor its render grows with a
 * busy card (docs/product-rules.md, Exchange posts).
 */
export async function listExchangePostsOfCard(
  cardId: string,
  limit?: number,
  db: AppDB = defaultDb,
): Promise<ExchangePost[]> {
  const posts = await db.exchangeList.where('photoCard').equals(cardId).toArray();
  posts.sort(newestFirst);
  return limit === undefined ? posts : posts.slice(0, Math.max(0, limit));
}

/** How many posts about one photo card this store holds (the card page's '교환 글 N개'). */
export function countExchangePostsOfCard(cardId: string, db: AppDB = defaultDb): Promise<number> {
  return db.exchangeList.where('photoCard').equals(cardId).count();
}

/** The posts one user wrote, newest first. */
export async function listExchangePostsByWriter(
  writerId: string,
  db: AppDB = defaultDb,
): Promise<ExchangePost[]> {
  const posts = await db.exchangeList.where('writer').equals(writerId).toArray();
  return posts.sort(newestFirst);
}

export async function getExchangePost(
  id: string,
  db: AppDB = defaultDb,
): Promise<ExchangePost | null> {
  return (await db.exchangeList.get(id)) ?? null;
}

/** What the card page's list is narrowed to: a type, a shipping method, or both ('' for any). */
export interface PostFilter {
  postType: PostType | '';
  shipping: ShippingMethod | '';
}

export function matchesFilter(post: ExchangePost, filter: PostFilter): boolean {
  if (filter.postType && postTypeOf(post) !== filter.postType) return false;
  if (filter.shipping && !(post.shipping ?? []).includes(filter.shipping)) return false;
  return true;
}

/** A page of a card's posts under a filter, and how many match in all. */
export interface FilteredPosts {
  posts: ExchangePost[];
  total: number;
}

/**
 * The newest `limit` posts about one card that match `filter`, newest first, with their count.
 * Filtered in memory: a card's posts here are at most its window's 200 and the fan's own, so no
 * index is needed.
 */
export async function listExchangePostsOfCardFiltered(
  cardId: string,
  filter: PostFilter,
  limit: number,
  db: AppDB = defaultDb,
): Promise<FilteredPosts> {
  const posts = (await listExchangePostsOfCard(cardId, undefined, db)).filter((p) =>
    matchesFilter(p, filter),
  );
  return { posts: posts.slice(0, Math.max(0, limit)), total: posts.length };
}

/** How many of a card's posts there are of each type and each shipping method (the chips). */
export interface PostFacets {
  all: number;
  types: Record<PostType, number>;
  shipping: Record<ShippingMethod, number>;
}

export async function countPostFacetsOfCard(
  cardId: string,
  db: AppDB = defaultDb,
): Promise<PostFacets> {
  const facets: PostFacets = {
    all: 0,
    types: { exchange: 0, sell: 0, want: 0 },
    shipping: { semi: 0, half: 0, parcel: 0, meet: 0 },
  };
  await db.exchangeList
    .where('photoCard')
    .equals(cardId)
    .each((post) => {
      facets.all++;
      facets.types[postTypeOf(post)]++;
      for (const s of new Set(post.shipping ?? [])) facets.shipping[s]++;
    });
  return facets;
}

/**
 * The photos of a post still waiting in its queued create (shown until the server has them and
 * names the stored files), or none.
 */
export async function pendingPostPhotos(id: string, db: AppDB = defaultDb): Promise<Blob[]> {
  const rows = await db.outbox.where('recordKey').equals(recordKey('exchangeList', id)).toArray();
  for (const row of rows) {
    const photos = (row.payload as { photos?: unknown } | null)?.photos;
    if (Array.isArray(photos)) return photos.filter((p): p is Blob => p instanceof Blob);
  }
  return [];
}
