import { useMemo } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { useMyCollectBooks } from '@/domains/collect-books/hooks';
import { useExchangePostsByWriter } from '@/domains/posts/hooks';
import { type TradeSummary } from '@/domains/trades/hooks';
import { useTradeLists } from '@/domains/trade-lists/hooks';
import type { CollectBook, PhotoCard } from '@/data/pb/records';
import { planTradeCompletion, type CompletionPlan } from '@/domains/trades/completion';
import { useCardMap } from './use-card-map';
import { mySides } from '@/features/trades/trade-sides';

export interface CompletionData {
  plan: CompletionPlan;
  cards: ReadonlyMap<string, PhotoCard>;
  books: ReadonlyMap<string, CollectBook>;
}

/**
 * What a completed trade suggests changing in the fan's books, posts and lists
 * (domains/trades/completion.ts), from the live store; undefined while any of it loads.
 */
export function useCompletionPlan(summary: TradeSummary): CompletionData | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  const { iGive, iGet } = mySides(summary);
  const books = useMyCollectBooks();
  const posts = useExchangePostsByWriter(userId);
  const lists = useTradeLists();
  const cards = useCardMap(useMemo(() => [...iGive, ...iGet], [iGive, iGet]));
  return useMemo(() => {
    if (!books || !posts || !lists || !cards) return undefined;
    const plan = planTradeCompletion({
      received: iGet,
      given: iGive,
      cards: [...cards.values()],
      books,
      posts,
      items: [...lists.have, ...lists.want],
    });
    return { plan, cards, books: new Map(books.map((b) => [b.id, b])) };
  }, [books, posts, lists, cards, iGive, iGet]);
}
