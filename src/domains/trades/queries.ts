/**
 * Reads of the signed-in fan's trades (docs/trades.md): proposals by status, one proposal, a proposal's reviews, and the last match answer kept
 * for offline use. Queued changes are in the tables already (optimistic); `pending` says which
 * records still wait to be sent.
 */
import { db as defaultDb, matchesKey, type AppDB, type MatchesRow } from '@/data/db/index.ts';
import { recordKey } from '@/data/outbox/names.ts';
import { TRADE_STATUSES, type Review, type Trade, type TradeStatus } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';
import { waitsFor } from './waiting.ts';

export interface TradeSummary {
  trade: Trade;
  /** This fan's side. */
  side: 'proposer' | 'receiver';
  /** The other fan's id. */
  other: string;
  /** A change of it is still waiting to be sent. */
  pending: boolean;
}

function summarise(trade: Trade, userId: string, pendingKeys: ReadonlySet<string>): TradeSummary {
  const side = trade.proposer === userId ? 'proposer' : 'receiver';
  return {
    trade,
    side,
    other: side === 'proposer' ? trade.receiver : trade.proposer,
    pending: pendingKeys.has(recordKey('trades', trade.id)),
  };
}

async function pendingTradeKeys(db: AppDB): Promise<Set<string>> {
  const keys = await db.outbox.where('recordKey').startsWith(recordKey('trades', '')).uniqueKeys();
  return new Set(keys.map(String));
}

export type TradesByStatus = Record<TradeStatus, TradeSummary[]>;

/** Every status with no proposal in it. */
export function emptyTradeGroups(): TradesByStatus {
  return Object.fromEntries(TRADE_STATUSES.map((s) => [s, []])) as unknown as TradesByStatus;
}

/** The fan's proposals, in and out, by status; each group most recently changed first. */
export async function listTradesByStatus(
  userId: string,
  db: AppDB = defaultDb,
): Promise<TradesByStatus> {
  const [out, incoming, pending] = await Promise.all([
    db.trades.where('proposer').equals(userId).toArray(),
    db.trades.where('receiver').equals(userId).toArray(),
    pendingTradeKeys(db),
  ]);
  const groups = Object.fromEntries(
    TRADE_STATUSES.map((s) => [s, []]),
  ) as unknown as TradesByStatus;
  const all = [...out, ...incoming].sort(
    (x, y) =>
      compareKeys(y.updated, x.updated) ||
      compareKeys(y.created, x.created) ||
      compareKeys(x.id, y.id),
  );
  for (const trade of all) groups[trade.status].push(summarise(trade, userId, pending));
  return groups;
}

/** How many of the fan's trades wait for them (an answer, their 완료). */
export async function countTradesWaiting(userId: string, db: AppDB = defaultDb): Promise<number> {
  const [out, incoming] = await Promise.all([
    db.trades.where('proposer').equals(userId).toArray(),
    db.trades.where('receiver').equals(userId).toArray(),
  ]);
  return [...out, ...incoming].filter((t) => waitsFor(t, userId)).length;
}

/** One proposal of the fan's, or null. */
export async function getTradeSummary(
  id: string,
  userId: string,
  db: AppDB = defaultDb,
): Promise<TradeSummary | null> {
  const [trade, pending] = await Promise.all([db.trades.get(id), pendingTradeKeys(db)]);
  if (!trade || (trade.proposer !== userId && trade.receiver !== userId)) return null;
  return summarise(trade, userId, pending);
}

/** The reviews of one trade (at most one per side), oldest first. */
export async function listReviewsOfTrade(
  tradeId: string,
  db: AppDB = defaultDb,
): Promise<Review[]> {
  const reviews = await db.reviews.where('trade').equals(tradeId).toArray();
  return reviews.sort((x, y) => compareKeys(x.created, y.created) || compareKeys(x.id, y.id));
}

/**
 * The photos of a proposal still waiting in its queued create (shown until the server has them
 * and names the stored files), or none.
 */
export async function pendingTradePhotos(id: string, db: AppDB = defaultDb): Promise<Blob[]> {
  const rows = await db.outbox.where('recordKey').equals(recordKey('trades', id)).toArray();
  for (const row of rows) {
    const photos = (row.payload as { photos?: unknown } | null)?.photos;
    if (Array.isArray(photos)) return photos.filter((p): p is Blob => p instanceof Blob);
  }
  return [];
}

/** The last match answer this device got for the fan (and card), or null. */
export async function getCachedMatches(
  userId: string,
  card = '',
  db: AppDB = defaultDb,
): Promise<MatchesRow | null> {
  return (await db.matches.get(matchesKey(userId, card))) ?? null;
}
