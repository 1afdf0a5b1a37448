/**
 * Reads of exchange posts (교환 글). A post written offline is already here (optimistic), newest
 * first like the rest; its pending mark comes from the outbox (see sync.ts).
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { ExchangePost } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

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
