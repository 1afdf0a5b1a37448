/**
 * Reads of exchange posts (교환 글). A post written offline is already here (optimistic), newest
 * first like the rest; its pending mark comes from the outbox (see sync.ts).
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { ExchangePost } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

const newestFirst = (a: ExchangePost, b: ExchangePost) =>
  compareKeys(b.created, a.created) || compareKeys(b.id, a.id);

/** The posts about one photo card, newest first. */
export async function listExchangePostsOfCard(
  cardId: string,
  db: AppDB = defaultDb,
): Promise<ExchangePost[]> {
  const posts = await db.exchangeList.where('photoCard').equals(cardId).toArray();
  return posts.sort(newestFirst);
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
