/**
 * What in a fan's trades waits for them (docs/trades.md, 거래): a proposal they received and have
 * not answered, and an accepted trade they have not marked 완료. The /trades list marks these rows
 * 내 차례, and the profile's 거래 link counts them. Pure: no store, so screens import it freely.
 */
import type { Trade } from '@/data/pb/records.ts';

export function waitsFor(trade: Trade, userId: string): boolean {
  if (trade.status === 'proposed') return trade.receiver === userId;
  if (trade.status === 'accepted') {
    return trade.proposer === userId ? !trade.proposerDone : !trade.receiverDone;
  }
  return false;
}
