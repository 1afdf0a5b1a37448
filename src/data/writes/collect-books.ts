/**
 * Collect books: create one (with its thumbnail), and save ticked or unticked cards as relation
 * set operations.
 */
import { ko } from '@/i18n/ko.ts';
import { isBlank } from '@/lib/text.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import {
  collectBookAddCards,
  collectBookCreate,
  collectBookRemoveCards,
} from '@/data/outbox/index.ts';
import { pbTimestamp } from '@/data/time.ts';
import { InvalidInputError, queueMutation } from './queue.ts';

export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

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
    ({ userId }) => ({
      id: newRecordId(),
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
      throw new InvalidInputError(ko.sync.failures.collectBookCards);
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
