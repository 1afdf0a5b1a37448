/**
 * Collect books: create one (with its thumbnail), and save ticked or unticked cards as relation
 * set operations.
 */
import { ko } from '@/i18n/ko.ts';
import { isBlank } from '@/lib/text.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { koMySpace } from '@/i18n/ko-my-space.ts';
import type { CollectBook } from '@/data/pb/records.ts';
import { sortShelf } from './queries.ts';
import {
  collectBookAddCards,
  collectBookCreate,
  collectBookDelete,
  collectBookRemoveCards,
  collectBookUpdate,
} from './kinds.ts';
import { pbTimestamp } from '@/data/time.ts';
import { change, InvalidInputError, queueChanges, queueMutation } from '@/data/writes/queue.ts';
import { collectBooksKo } from './ko.ts';

export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** A new book's place: after every book the fan has moved (none moved: creation order does it). */
async function endOfShelf(db: AppDB, userId: string): Promise<{ shelfOrder?: number }> {
  const books = await db.collectBook.where('users').equals(userId).toArray();
  const last = Math.max(0, ...books.map((b) => b.shelfOrder ?? 0));
  return last > 0 ? { shelfOrder: Math.min(9999, last + 1) } : {};
}

/** Creates a collect book; returns its id. */
export async function createCollectBook(
  input: { title: string; group: string; thumbNail?: Blob; cardInfo?: string[] },
  db: AppDB = defaultDb,
): Promise<string> {
  const title = input.title.trim();
  if (isBlank(title) || Array.from(title).length > 50)
    throw new InvalidInputError(ko.sync.bookTitleInvalid);
  const thumb = input.thumbNail;
  if (thumb && (!THUMBNAIL_TYPES.includes(thumb.type) || thumb.size > THUMBNAIL_MAX_BYTES)) {
    throw new InvalidInputError(ko.sync.imageInvalid);
  }
  const p = await queueMutation(
    collectBookCreate,
    async ({ db, userId }) => ({
      id: newRecordId(),
      ...(await endOfShelf(db, userId)),
      users: userId,
      title,
      group: input.group,
      cardInfo: input.cardInfo ?? [],
      ...(thumb ? { thumbNail: thumb } : {}),
      createdAt: pbTimestamp(),
    }),
    db,
  );
  return p!.id;
}

/**
 * Saves ticks of a book: cards to add and cards to remove, each as one set operation. Cards
 * already in (or already out of) the book are left out.
 */
export async function saveCollectBookCards(
  bookId: string,
  change: { add?: string[]; remove?: string[] },
  db: AppDB = defaultDb,
): Promise<void> {
  const remove = new Set(change.remove ?? []);
  const add = [...new Set(change.add ?? [])].filter((c) => !remove.has(c));
  const ensureOwn = async (d: AppDB, userId: string) => {
    const book = await d.collectBook.get(bookId);
    if (!book || book.users !== userId)
      throw new InvalidInputError(collectBooksKo.failures.collectBookCards);
    return new Set(book.cardInfo);
  };
  if (add.length) {
    await queueMutation(
      collectBookAddCards,
      async ({ db, userId }) => {
        const have = await ensureOwn(db, userId);
        const cards = add.filter((c) => !have.has(c));
        return cards.length ? { id: bookId, cards } : null;
      },
      db,
    );
  }
  if (remove.size) {
    await queueMutation(
      collectBookRemoveCards,
      async ({ db, userId }) => {
        const have = await ensureOwn(db, userId);
        const cards = [...remove].filter((c) => have.has(c));
        return cards.length ? { id: bookId, cards } : null;
      },
      db,
    );
  }
}

const m = koMySpace.bookManage;

async function ownBook(db: AppDB, bookId: string, userId: string): Promise<CollectBook> {
  const book = await db.collectBook.get(bookId);
  if (!book || book.users !== userId) throw new InvalidInputError(m.notFound);
  return book;
}

/** Renames a book (1–50 characters after trimming, as the server checks). Returns whether it changed. */
export async function renameCollectBook(
  bookId: string,
  title: string,
  db: AppDB = defaultDb,
): Promise<boolean> {
  const t = title.trim();
  if (isBlank(t) || Array.from(t).length > 50) throw new InvalidInputError(m.titleInvalid);
  const q = await queueMutation(
    collectBookUpdate,
    async ({ db, userId }) => {
      const book = await ownBook(db, bookId, userId);
      return book.title === t ? null : { id: bookId, title: t };
    },
    db,
  );
  return q !== null;
}

/** Sets a book's cover to one of its own cards. Returns whether it changed. */
export async function setCollectBookCover(
  bookId: string,
  cardId: string,
  db: AppDB = defaultDb,
): Promise<boolean> {
  const q = await queueMutation(
    collectBookUpdate,
    async ({ db, userId }) => {
      const book = await ownBook(db, bookId, userId);
      if (!book.cardInfo.includes(cardId)) throw new InvalidInputError(m.coverInvalid);
      return (book.cover ?? '') === cardId ? null : { id: bookId, cover: cardId };
    },
    db,
  );
  return q !== null;
}

/** Deletes a book (its ticks go with it; trade list items made from it stay, without the book). */
export async function deleteCollectBook(bookId: string, db: AppDB = defaultDb): Promise<void> {
  await queueMutation(
    collectBookDelete,
    async ({ db, userId }) => {
      await ownBook(db, bookId, userId);
      return { id: bookId };
    },
    db,
  );
}

/**
 * The shelf places that move `bookId` one step (`-1` to the front, `1` to the back): every book
 * gets its index in the new order, and only the books whose stored place differs are returned,
 * so a first move numbers the shelf once and later moves change two books.
 */
export function shelfMoves(
  books: readonly CollectBook[],
  bookId: string,
  step: -1 | 1,
): { id: string; shelfOrder: number }[] {
  const order = sortShelf(books).map((b) => b.id);
  const i = order.indexOf(bookId);
  const j = i + step;
  if (i < 0 || j < 0 || j >= order.length) return [];
  [order[i], order[j]] = [order[j]!, order[i]!];
  const byId = new Map(books.map((b) => [b.id, b]));
  return order
    .map((id, index) => ({ id, shelfOrder: index }))
    .filter(({ id, shelfOrder }) => (byId.get(id)?.shelfOrder ?? 0) !== shelfOrder);
}

/** Moves a book one place on the profile shelf, as one queued change per book that moves. */
export async function moveCollectBook(
  bookId: string,
  step: -1 | 1,
  db: AppDB = defaultDb,
): Promise<boolean> {
  const queued = await queueChanges(async ({ db, userId }) => {
    await ownBook(db, bookId, userId);
    const books = await db.collectBook.where('users').equals(userId).toArray();
    return shelfMoves(books, bookId, step).map((p) => change(collectBookUpdate, p));
  }, db);
  return queued.length > 0;
}
