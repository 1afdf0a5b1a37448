/**
 * Have and want lists (docs/trades.md, `tradeItems`): mark a card 보유·교환 가능 (with its spare
 * copies) or 구함, take it off, fill the lists from collect books, and the two 공개 switches.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import {
  collectBookSetPublic,
  tradeItemDelete,
  tradeItemSet,
  tradeItemUpdate,
  tradePublicSet,
} from './kinds.ts';
import type { CollectBook, TradeItemKind } from '@/data/pb/records.ts';
import { pbTimestamp } from '@/data/time.ts';
import {
  change,
  InvalidInputError,
  queueChanges,
  queueMutation,
  queueMutations,
} from '@/data/writes/queue.ts';
import { checkSpare, SPARE_MAX, TRADE_ITEMS_MAX } from '@/domains/trades/rules.ts';
import { tradeListsKo } from './ko.ts';

const r = tradeListsKo.rules;

async function assertRoom(db: AppDB, userId: string, adding: number): Promise<void> {
  if (!adding) return;
  const count = await db.tradeItems
    .where('[user+photoCard]')
    .between([userId, ''], [userId, '\uffff'])
    .count();
  if (count + adding > TRADE_ITEMS_MAX) throw new InvalidInputError(r.itemLimit(TRADE_ITEMS_MAX));
}

/** One of the fan's books (`missing`: the message when it is not). */
async function ownBook(
  db: AppDB,
  bookId: string,
  userId: string,
  missing: string = r.bookNotOwn,
): Promise<CollectBook> {
  const book = await db.collectBook.get(bookId);
  if (!book || book.users !== userId) throw new InvalidInputError(missing);
  return book;
}

/**
 * Puts a card on the have list (`spare` copies to trade, 1 by default) or the want list, moving it
 * from the other list when it is there: a card is on one list at a time. Returns the item's id, or
 * null when the card already had that mark.
 */
export async function setTradeItem(
  photoCard: string,
  mark: { kind: TradeItemKind; spare?: number; book?: string },
  db: AppDB = defaultDb,
): Promise<string | null> {
  const spare = mark.kind === 'want' ? 0 : (mark.spare ?? 1);
  if (mark.kind === 'have') {
    const problem = checkSpare(spare);
    if (problem) throw new InvalidInputError(problem);
  }
  const [queued] = await queueChanges(async ({ db, userId }) => {
    if (!(await db.photoCards.get(photoCard))) throw new InvalidInputError(r.cardNotFound);
    const existing = await db.tradeItems.where({ user: userId, photoCard }).first();
    if (existing) {
      if (existing.kind === mark.kind && existing.spare === spare) return [];
      return [
        change(tradeItemUpdate, {
          id: existing.id,
          user: userId,
          photoCard,
          kind: mark.kind,
          spare,
        }),
      ];
    }
    if (mark.book) await ownBook(db, mark.book, userId);
    await assertRoom(db, userId, 1);
    return [
      change(tradeItemSet, {
        id: newRecordId(),
        user: userId,
        photoCard,
        kind: mark.kind,
        spare,
        book: mark.book ?? '',
        createdAt: pbTimestamp(),
      }),
    ];
  }, db);
  return queued ? (queued.payload as { id: string }).id : null;
}

/** Takes a card off the fan's lists. Returns whether it was on one. */
export async function removeTradeItem(photoCard: string, db: AppDB = defaultDb): Promise<boolean> {
  const queued = await queueMutations(
    tradeItemDelete,
    async ({ db, userId }) => {
      const items = await db.tradeItems.where({ user: userId, photoCard }).toArray();
      return items.map((i) => ({ id: i.id, user: userId, photoCard }));
    },
    db,
  );
  return queued.length > 0;
}

/**
 * The collect book's one action for the want list: every card of the book's group the fan owns in
 * none of their books (unticked everywhere) goes on the want list, marked as added from this book,
 * unless it is on a list already. Returns how many were added.
 */
export async function addUnownedToWants(bookId: string, db: AppDB = defaultDb): Promise<number> {
  const queued = await queueMutations(
    tradeItemSet,
    async ({ db, userId }) => {
      const book = await ownBook(db, bookId, userId);
      if (!book.group) return [];
      const [cards, books, items] = await Promise.all([
        db.photoCards.where('group').equals(book.group).toArray(),
        db.collectBook.where('users').equals(userId).toArray(),
        db.tradeItems.where({ user: userId }).toArray(),
      ]);
      const owned = new Set(books.flatMap((b) => b.cardInfo));
      const listed = new Set(items.map((i) => i.photoCard));
      const wanted = cards
        .filter((c) => !owned.has(c.id) && !listed.has(c.id))
        .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
      await assertRoom(db, userId, wanted.length);
      const createdAt = pbTimestamp();
      return wanted.map((c) => ({
        id: newRecordId(),
        user: userId,
        photoCard: c.id,
        kind: 'want' as const,
        spare: 0,
        book: bookId,
        createdAt,
      }));
    },
    db,
  );
  return queued.length;
}

/**
 * The collect books' one action for the have list: every card ticked in two or more of the fan's
 * books is a duplicate; it goes on the have list with the copies beyond one as spares, unless it
 * is on a list already. Returns how many were added.
 */
export async function addDuplicatesToHaves(db: AppDB = defaultDb): Promise<number> {
  const queued = await queueMutations(
    tradeItemSet,
    async ({ db, userId }) => {
      const [books, items] = await Promise.all([
        db.collectBook.where('users').equals(userId).toArray(),
        db.tradeItems.where({ user: userId }).toArray(),
      ]);
      const copies = new Map<string, number>();
      for (const b of books) {
        for (const c of new Set(b.cardInfo)) copies.set(c, (copies.get(c) ?? 0) + 1);
      }
      const listed = new Set(items.map((i) => i.photoCard));
      const known = new Set(
        (await db.photoCards.bulkGet([...copies.keys()])).flatMap((c) => (c ? [c.id] : [])),
      );
      const dupes = [...copies]
        .filter(([card, n]) => n >= 2 && !listed.has(card) && known.has(card))
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
      await assertRoom(db, userId, dupes.length);
      const createdAt = pbTimestamp();
      return dupes.map(([card, n]) => ({
        id: newRecordId(),
        user: userId,
        photoCard: card,
        kind: 'have' as const,
        spare: Math.min(SPARE_MAX, n - 1),
        book: '',
        createdAt,
      }));
    },
    db,
  );
  return queued.length;
}

/** The list-level 공개 switch. Returns whether it changed. */
export async function setTradePublic(on: boolean, db: AppDB = defaultDb): Promise<boolean> {
  const queued = await queueMutation(
    tradePublicSet,
    async ({ db, userId }) => {
      const me = await db.users.get(userId);
      return Boolean(me?.tradePublic) === on ? null : { id: userId, tradePublic: on };
    },
    db,
  );
  return queued !== null;
}

/** A collect book's 나만 보기 (false) / 자랑하기 (true) switch. Returns whether it changed. */
export async function setCollectBookPublic(
  bookId: string,
  on: boolean,
  db: AppDB = defaultDb,
): Promise<boolean> {
  const queued = await queueMutation(
    collectBookSetPublic,
    async ({ db, userId }) => {
      const book = await ownBook(db, bookId, userId, r.bookNotFound);
      return Boolean(book.isPublic) === on ? null : { id: bookId, isPublic: on };
    },
    db,
  );
  return queued !== null;
}
