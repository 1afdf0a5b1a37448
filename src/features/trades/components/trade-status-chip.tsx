import type { TradeStatus } from '@/data/pb/records';
import styles from './trade-status-chip.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const TONE: Record<TradeStatus, string | undefined> = {
  proposed: styles.proposed,
  accepted: styles.accepted,
  completed: styles.completed,
  declined: styles.closed,
  cancelled: styles.closed,
  countered: styles.closed,
};

/** A proposal's status as a small chip (제안됨, 수락됨, 완료, …). */
export function TradeStatusChip({ status }: { status: TradeStatus }) {
  return (
    <span
      className={`${styles.chip} ${TONE[status] ?? ''}`}
      data-testid="trade-status"
      data-status={status}
    >
      {tradesKo.statuses[status]}
    </span>
  );
}
