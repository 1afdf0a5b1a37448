/**
 * Reads of the signed-in fan's have and want lists (docs/trades.md): both lists, one card's mark,
 * the marks of a whole grid. Queued changes are in the table already (optimistic).
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { TradeItem, TradeItemKind } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

const newestFirst = (x: { created: string; id: string }, y: { created: string; id: string }) =>
  compareKeys(y.created, x.created) || compareKeys(x.id, y.id);

/** One list of the fan's, newest first. */
export async function listTradeItems(
  userId: string,
  kind: TradeItemKind,
  db: AppDB = defaultDb,
): Promise<TradeItem[]> {
  const items = await db.tradeItems.where({ user: userId, kind }).toArray();
  return items.sort(newestFirst);
}

export interface TradeLists {
  have: TradeItem[];
  want: TradeItem[];
}

/** Both lists of the fan's (내 교환 목록). */
export async function getTradeLists(userId: string, db: AppDB = defaultDb): Promise<TradeLists> {
  const [have, want] = await Promise.all([
    listTradeItems(userId, 'have', db),
    listTradeItems(userId, 'want', db),
  ]);
  return { have, want };
}

/** The fan's item of one card (its 보유·교환 가능 / 구함 mark), or null. */
export async function getTradeItemOfCard(
  userId: string,
  cardId: string,
  db: AppDB = defaultDb,
): Promise<TradeItem | null> {
  return (await db.tradeItems.where({ user: userId, photoCard: cardId }).first()) ?? null;
}

/** Card id → the fan's list for it: a grid's marks in one read. */
export async function getTradeMarks(
  userId: string,
  db: AppDB = defaultDb,
): Promise<Map<string, TradeItemKind>> {
  const items = await db.tradeItems
    .where('[user+photoCard]')
    .between([userId, ''], [userId, '\uffff'])
    .toArray();
  return new Map(items.map((i) => [i.photoCard, i.kind]));
}
