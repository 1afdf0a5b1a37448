/** The have and want lists' live reads, by name, for src/domains/tables/reads.ts (docs/trades.md). */
import { getTradeItemOfCard, getTradeLists, getTradeMarks } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  tradeLists: (userId: Id) =>
    userId ? getTradeLists(userId) : Promise.resolve({ have: [], want: [] }),
  tradeItemOfCard: (userId: Id, cardId: Id) =>
    userId && cardId ? getTradeItemOfCard(userId, cardId) : Promise.resolve(null),
  tradeMarks: (userId: Id) =>
    userId ? getTradeMarks(userId) : Promise.resolve(new Map<string, 'have' | 'want'>()),
};
