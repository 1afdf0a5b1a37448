import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { EmptyState } from '@/components/cards/empty-state';
import { useNow } from '@/components/hooks/use-now';
import { ScreenTitle } from '@/components/ui/screen-title';
import { usePublicProfiles } from '@/domains/accounts/hooks';
import { useTradesByStatus } from '@/domains/trades/hooks';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { useCardMap } from '@/features/trades/hooks/use-card-map';
import { groupTrades, TRADE_GROUPS } from '@/features/trades/trade-sides';
import { SignedOutNotice } from './signed-out-notice';
import { TradeRow } from './trade-row';
import ui from '@/components/ui/panels.module.css';
import styles from './trades-screen.module.css';

const t = koTradeScreens.trades;

/**
 * /trades (docs/trades.md, 거래): my proposals, in and out, in five groups: 받은 제안, 보낸 제안,
 * 진행 중, 완료, 종료. Read from the device, so it opens offline with the changes queued there.
 */
export function TradesScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  return (
    <section className={`${ui.screen} ${ui.wide}`}>
      <ScreenTitle title={t.title} back />
      {userId ? <TradeGroups /> : <SignedOutNotice body={koTradeScreens.login.tradesBody} />}
    </section>
  );
}

function TradeGroups() {
  const byStatus = useTradesByStatus();
  const groups = useMemo(() => (byStatus ? groupTrades(byStatus) : undefined), [byStatus]);
  const all = useMemo(() => (groups ? TRADE_GROUPS.flatMap((g) => groups[g]) : []), [groups]);
  const profiles = usePublicProfiles(useMemo(() => all.map((s) => s.other), [all]));
  const cards = useCardMap(
    useMemo(() => all.flatMap((s) => [...s.trade.give, ...s.trade.get]), [all]),
  );
  const now = useNow(60_000);

  if (!groups) {
    return (
      <p className={ui.status} role="status">
        {koTradeScreens.fan.loading}
      </p>
    );
  }
  if (!all.length) {
    return (
      <EmptyState
        title={t.empty}
        body={t.emptyBody}
        action={<Link to="/matching">{t.toMatching}</Link>}
      />
    );
  }
  return (
    <>
      <nav className={styles.summary} aria-label={t.groupsLabel}>
        {TRADE_GROUPS.map((g) => (
          <button
            key={g}
            type="button"
            className={styles.summaryItem}
            disabled={!groups[g].length}
            onClick={() => document.getElementById(`trades-${g}`)?.scrollIntoView()}
            data-testid={`trades-count-${g}`}
          >
            <span>{t.groups[g]}</span>
            <strong>{groups[g].length}</strong>
          </button>
        ))}
      </nav>
      <div className={styles.groups}>
        {TRADE_GROUPS.filter((g) => groups[g].length).map((g) => (
          <section
            key={g}
            id={`trades-${g}`}
            className={styles.group}
            aria-labelledby={`trades-${g}-title`}
            data-testid={`trades-${g}`}
          >
            <h2 id={`trades-${g}-title`} className={styles.groupTitle}>
              {t.groups[g]} <span className={styles.groupCount}>{groups[g].length}</span>
            </h2>
            <ul className={styles.rows}>
              {groups[g].map((s) => (
                <TradeRow
                  key={s.trade.id}
                  summary={s}
                  profile={profiles?.get(s.other) ?? (profiles ? null : undefined)}
                  cards={cards}
                  now={now}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
