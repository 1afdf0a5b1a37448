/** The trades' live reads (proposals, reviews, the last match answer), for src/domains/tables/reads.ts. */
import {
  countTradesWaiting,
  emptyTradeGroups,
  getCachedMatches,
  getTradeSummary,
  listReviewsOfTrade,
  listTradesByStatus,
  pendingTradePhotos,
} from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  tradesByStatus: (userId: Id) =>
    userId ? listTradesByStatus(userId) : Promise.resolve(emptyTradeGroups()),
  tradesWaiting: (userId: Id) => (userId ? countTradesWaiting(userId) : Promise.resolve(0)),
  trade: (userId: Id, id: Id) =>
    userId && id ? getTradeSummary(id, userId) : Promise.resolve(null),
  reviewsOfTrade: (tradeId: Id) => (tradeId ? listReviewsOfTrade(tradeId) : Promise.resolve([])),
  cachedMatches: (userId: Id, card: string) =>
    userId ? getCachedMatches(userId, card) : Promise.resolve(null),
  /** A queued proposal's photos, until the server has them. */
  pendingTradePhotos: (id: Id) => (id ? pendingTradePhotos(id) : Promise.resolve([])),
};
