/**
 * Reads of collect books (콜렉트북). Only the signed-in owner can read them, so the table holds one
 * user's books; a book made offline is here already, its thumbnail still in the outbox row (see
 * `pendingFile` in sync.ts).
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { CollectBook } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

/**
 * The shelf order: the fan's own places (`shelfOrder`, set by moving a book) first, then oldest
 * first, so new books (place 0 until moved) go where their creation puts them among unmoved ones.
 */
export function sortShelf<T extends Pick<CollectBook, 'created' | 'id' | 'shelfOrder'>>(
  books: readonly T[],
): T[] {
  return [...books].sort(
    (a, b) =>
      (a.shelfOrder ?? 0) - (b.shelfOrder ?? 0) ||
      compareKeys(a.created, b.created) ||
      compareKeys(a.id, b.id),
  );
}

/** The user's books in shelf order (sortShelf). */
export async function listCollectBooksOf(
  userId: string,
  db: AppDB = defaultDb,
): Promise<CollectBook[]> {
  return sortShelf(await db.collectBook.where('users').equals(userId).toArray());
}

export async function getCollectBook(
  id: string,
  db: AppDB = defaultDb,
): Promise<CollectBook | null> {
  return (await db.collectBook.get(id)) ?? null;
}
