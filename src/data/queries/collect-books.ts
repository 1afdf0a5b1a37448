/**
 * Reads of collect books (콜렉트북). Only the signed-in owner can read them, so the table holds one
 * user's books; a book made offline is here already, its thumbnail still in the outbox row (see
 * `pendingFile` in sync.ts).
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { CollectBook } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

/** The user's books, oldest first (the shelf order; new books go at the end). */
export async function listCollectBooksOf(
  userId: string,
  db: AppDB = defaultDb,
): Promise<CollectBook[]> {
  const books = await db.collectBook.where('users').equals(userId).toArray();
  return books.sort((a, b) => compareKeys(a.created, b.created) || compareKeys(a.id, b.id));
}

export async function getCollectBook(
  id: string,
  db: AppDB = defaultDb,
): Promise<CollectBook | null> {
  return (await db.collectBook.get(id)) ?? null;
}
