import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { PendingMark } from '@/components/ui/pending-mark';
import type { PublicProfile } from '@/domains/accounts/hooks';
import type { TradeSummary } from '@/domains/trades/hooks';
import type { PhotoCard } from '@/data/pb/records';
import { pbTimestampMs } from '@/data/time';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { relativeTime } from '@/lib/relative-time';
import { doneMarks, mySides } from '@/features/trades/trade-sides';
import { waitsFor } from '@/domains/trades/waiting';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { CardStrip } from './card-strip';
import { FanHeader } from './fan-header';
import { TradeStatusChip } from './trade-status-chip';
import styles from './trades-screen.module.css';

const t = koTradeScreens.trades;

export interface TradeRowProps {
  summary: TradeSummary;
  profile: PublicProfile | null | undefined;
  cards: ReadonlyMap<string, PhotoCard> | undefined;
  now: number;
}

/** One proposal in the list: the other fan, what I give and get, its status and time; opens it. */
export const TradeRow = memo(function TradeRow({ summary, profile, cards, now }: TradeRowProps) {
  const { trade, other, pending } = summary;
  const { iGive, iGet } = mySides(summary);
  const done = doneMarks(summary);
  const userId = useAtomValue(sessionUserIdAtom);
  const myTurn = userId ? waitsFor(trade, userId) : false;
  const changed = pbTimestampMs(trade.updated || trade.created);
  return (
    <li>
      <Link
        to="/trades/$id"
        params={{ id: trade.id }}
        className={styles.row}
        data-testid="trade-row"
        data-trade-id={trade.id}
      >
        <FanHeader fanId={other} profile={profile ?? null}>
          {pending ? <PendingMark /> : null}
          {myTurn ? (
            <span className={styles.myTurn} data-testid="trade-my-turn">
              {t.myTurn}
            </span>
          ) : null}
          <TradeStatusChip status={trade.status} />
        </FanHeader>
        <div className={styles.rowSides}>
          {[
            { key: 'give', label: t.iGive, ids: iGive },
            { key: 'get', label: t.iGet, ids: iGet },
          ].map((s) => (
            <div key={s.key} className={styles.rowSide} data-side={s.key}>
              <span className={styles.rowSideLabel}>
                {s.label} {koTradeScreens.cards.count(s.ids.length)}
              </span>
              {s.ids.length ? <CardStrip ids={s.ids} cards={cards} max={4} /> : null}
            </div>
          ))}
        </div>
        <div className={styles.rowFoot}>
          {trade.status === 'accepted' && (done.mine || done.theirs) ? (
            <span className={styles.rowDone}>{done.mine ? t.waitingOther : t.waitingMe}</span>
          ) : (
            <span />
          )}
          {Number.isNaN(changed) ? null : (
            <time className={styles.rowTime} dateTime={new Date(changed).toISOString()}>
              {relativeTime(changed, now)}
            </time>
          )}
        </div>
      </Link>
    </li>
  );
});
