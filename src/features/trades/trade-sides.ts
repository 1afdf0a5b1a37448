/**
 * A proposal as the signed-in fan sees it: the cards they give and get (the record keeps the
 * proposer's view), whether their 완료 is marked, and the screens' five groups of proposals
 * (docs/trades.md, 거래). Pure: no React, no store.
 */
import type { TradesByStatus, TradeSummary } from '@/domains/trades/hooks';
import { compareKeys } from '@/lib/compare';

export interface MySides {
  /** Cards this fan gives. */
  iGive: string[];
  /** Cards this fan gets. */
  iGet: string[];
}

export function mySides({ trade, side }: Pick<TradeSummary, 'trade' | 'side'>): MySides {
  return side === 'proposer'
    ? { iGive: trade.give, iGet: trade.get }
    : { iGive: trade.get, iGet: trade.give };
}

/** Whether each side has marked an accepted trade 완료. */
export function doneMarks({ trade, side }: Pick<TradeSummary, 'trade' | 'side'>): {
  mine: boolean;
  theirs: boolean;
} {
  return side === 'proposer'
    ? { mine: trade.proposerDone, theirs: trade.receiverDone }
    : { mine: trade.receiverDone, theirs: trade.proposerDone };
}

export const TRADE_GROUPS = ['incoming', 'outgoing', 'active', 'completed', 'closed'] as const;
export type TradeGroup = (typeof TRADE_GROUPS)[number];

/**
 * 받은 제안 / 보낸 제안 (proposed, by side), 진행 중 (accepted), 완료, 종료 (declined, cancelled,
 * countered); each most recently changed first.
 */
export function groupTrades(byStatus: TradesByStatus): Record<TradeGroup, TradeSummary[]> {
  const closed = [...byStatus.declined, ...byStatus.cancelled, ...byStatus.countered].sort(
    (x, y) => compareKeys(y.trade.updated, x.trade.updated) || compareKeys(x.trade.id, y.trade.id),
  );
  return {
    incoming: byStatus.proposed.filter((s) => s.side === 'receiver'),
    outgoing: byStatus.proposed.filter((s) => s.side === 'proposer'),
    active: byStatus.accepted,
    completed: byStatus.completed,
    closed,
  };
}

/** The proposal that answered `tradeId` with a counter-proposal, among the fan's; or null. */
export function counterOfTrade(byStatus: TradesByStatus, tradeId: string): TradeSummary | null {
  for (const group of Object.values(byStatus)) {
    const found = group.find((s) => s.trade.counterOf === tradeId);
    if (found) return found;
  }
  return null;
}
