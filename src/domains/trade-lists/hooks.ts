// Live reads of the signed-in fan's have and want lists (docs/trades.md): both lists, one card's
// mark, the marks of a grid. Undefined while loading; null when not here.
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { useRead } from '@/live/use-read';
import type { TradeItem, TradeItemKind } from '@/data/pb/records';
import type { TradeLists } from './queries';

export type { TradeLists } from './queries';

/** My have and want lists, newest first (empty when logged out). */
export function useTradeLists(): TradeLists | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('tradeLists', userId);
}

/** My item of one card: its 보유·교환 가능 (with spares) / 구함 mark; null when on no list. */
export function useTradeItemOfCard(
  cardId: string | null | undefined,
): TradeItem | null | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('tradeItemOfCard', userId, cardId ?? null);
}

/** Card id → my list for it, for the marks on a grid of cards. */
export function useTradeMarks(): ReadonlyMap<string, TradeItemKind> | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('tradeMarks', userId);
}
