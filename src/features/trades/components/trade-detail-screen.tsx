import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionUserIdAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { useNow } from '@/components/hooks/use-now';
import { usePageVisible } from '@/components/hooks/use-page-visible';
import { useReadAlertsHere } from '@/domains/alerts/hooks';
import { CompassIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { PendingMark } from '@/components/ui/pending-mark';
import { ScreenTitle } from '@/components/ui/screen-title';
import { toast } from '@/components/ui/toast';
import { usePublicProfile } from '@/domains/accounts/hooks';
import {
  useFanTrust,
  useTrade,
  useTradesByStatus,
  type TradeSummary,
} from '@/domains/trades/hooks';
import { pbTimestampMs } from '@/data/time';
import { loadRepos } from '@/domains/tables/lazy';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { relativeTime } from '@/lib/relative-time';
import { useCardMap } from '@/features/trades/hooks/use-card-map';
import { counterOfTrade, mySides } from '@/features/trades/trade-sides';
import { CardThumb, cardName } from './card-strip';
import { CompletionPanel } from './completion-panel';
import { FanHeader, fanName } from './fan-header';
import { ProposalForm, type ProposalDraft } from './proposal-form';
import { ReviewSection } from './review-section';
import { ShippingPanel } from './shipping-panel';
import { SignedOutNotice } from './signed-out-notice';
import { TradeActions } from './trade-actions';
import { TradePhotos } from './trade-photos';
import { TradeStatusChip } from './trade-status-chip';
import ui from '@/components/ui/panels.module.css';
import styles from './trade-detail-screen.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const route = getRouteApi('/main/trades/$id');
const t = koTradeScreens.detail;

/**
 * /trades/$id (docs/trades.md, 거래): one of my proposals: both sides' cards, the message, its
 * status and history, what I may do with it now, and once completed the tidy-up of my books and
 * posts and the reviews. Read from the device, so it opens offline.
 */
export function TradeDetailScreen() {
  const { id } = route.useParams();
  const userId = useAtomValue(sessionUserIdAtom);
  return (
    <section className={ui.screen}>
      <ScreenTitle title={t.title} back />
      {userId ? (
        <Detail key={id} id={id} />
      ) : (
        <SignedOutNotice body={koTradeScreens.login.tradesBody} />
      )}
    </section>
  );
}

function Detail({ id }: { id: string }) {
  const summary = useTrade(id);
  // this trade's alerts (a proposal, an accept, a review) are seen here
  useReadAlertsHere(`/trades/${id}`, usePageVisible());
  const status = useAtomValue(syncStatusAtom);
  const [editing, setEditing] = useState(false);

  // still reading, or a first pull on this device has not brought the trades yet
  if (summary === undefined || (summary === null && status.online && !status.lastPullAt)) {
    return (
      <p className={ui.status} role="status">
        {t.loading}
      </p>
    );
  }
  if (summary === null) {
    return (
      <NoticeCard
        icon={<CompassIcon size={32} />}
        title={t.notFoundTitle}
        body={t.notFoundBody}
        testId="trade-missing"
      >
        <Link to="/trades" className={noticeActionClass}>
          {t.toTrades}
        </Link>
      </NoticeCard>
    );
  }
  return (
    <>
      <TradeHead summary={summary} />
      {editing && summary.trade.status === 'proposed' ? (
        <EditForm summary={summary} onDone={() => setEditing(false)} />
      ) : (
        <>
          <TradeCards summary={summary} />
          <TradeHistory summary={summary} />
          {summary.trade.status === 'accepted' || summary.trade.status === 'completed' ? (
            <ShippingPanel summary={summary} />
          ) : null}
          <TradeActions summary={summary} onEdit={() => setEditing(true)}>
            {summary.trade.status === 'completed' ? <CompletionPanel summary={summary} /> : null}
          </TradeActions>
          {summary.trade.status === 'completed' ? <ReviewSection summary={summary} /> : null}
        </>
      )}
    </>
  );
}

function TradeHead({ summary }: { summary: TradeSummary }) {
  const { trade, side, other, pending } = summary;
  const trust = useFanTrust(other);
  const profile = usePublicProfile(other);
  const now = useNow(60_000);
  const created = pbTimestampMs(trade.created);
  return (
    <div className={ui.panel} data-testid="trade-head" data-trade-id={trade.id}>
      <FanHeader fanId={other} profile={profile} trust={trust}>
        {pending ? <PendingMark /> : null}
        <TradeStatusChip status={trade.status} />
      </FanHeader>
      <p className={styles.meta}>
        {side === 'proposer' ? t.proposedByMe : t.proposedBy(fanName(profile))}
        {Number.isNaN(created) ? null : (
          <>
            {' · '}
            <time dateTime={new Date(created).toISOString()}>{relativeTime(created, now)}</time>
          </>
        )}
      </p>
    </div>
  );
}

/** Both sides' cards, as this fan gives and gets them, the proposer's message and photos. */
function TradeCards({ summary }: { summary: TradeSummary }) {
  const { iGive, iGet } = mySides(summary);
  const cards = useCardMap([...iGive, ...iGet]);
  const sides = [
    { key: 'give', title: t.iGive, ids: iGive },
    { key: 'get', title: t.iGet, ids: iGet },
  ];
  return (
    <div className={ui.panel}>
      <div className={styles.sides}>
        {sides.map((s) => (
          <section key={s.key} aria-labelledby={`trade-${s.key}`} data-testid={`trade-${s.key}`}>
            <h2 id={`trade-${s.key}`} className={ui.panelTitle}>
              {s.title}{' '}
              <span className={styles.count}>{koTradeScreens.cards.count(s.ids.length)}</span>
            </h2>
            {s.ids.length ? (
              <ul className={styles.cards}>
                {s.ids.map((id) => (
                  <li key={id} data-card-id={id}>
                    <Link to="/exchangeDetail/$id" params={{ id }} className={styles.card}>
                      <CardThumb card={cards?.get(id)} size="medium" />
                      <span className={styles.cardName}>{cardName(cards?.get(id))}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>{t.nothing}</p>
            )}
          </section>
        ))}
      </div>
      <div className={styles.message}>
        <h2 className={ui.subTitle}>{t.message}</h2>
        <p
          className={summary.trade.message ? styles.messageText : styles.empty}
          data-testid="trade-message"
        >
          {summary.trade.message || t.noMessage}
        </p>
      </div>
      <TradePhotos trade={summary.trade} />
    </div>
  );
}

/** Where this proposal came from (the proposal it counters) and what answered it. */
function TradeHistory({ summary }: { summary: TradeSummary }) {
  const byStatus = useTradesByStatus();
  const { trade } = summary;
  const counter =
    trade.status === 'countered' && byStatus ? counterOfTrade(byStatus, trade.id) : null;
  if (!trade.counterOf && !counter) return null;
  return (
    <div className={ui.panel} data-testid="trade-history">
      <h2 className={ui.subTitle}>{t.history}</h2>
      {trade.counterOf ? (
        <p className={styles.historyLine}>
          {t.counterOf}{' '}
          <Link to="/trades/$id" params={{ id: trade.counterOf }} data-testid="trade-previous">
            {t.toPrevious}
          </Link>
        </p>
      ) : null}
      {counter ? (
        <p className={styles.historyLine}>
          {t.counteredBy}{' '}
          <Link to="/trades/$id" params={{ id: counter.trade.id }} data-testid="trade-next">
            {t.toCounter}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The proposer's 수정 of a proposal not yet answered: the proposal form on the stored cards. */
function EditForm({ summary, onDone }: { summary: TradeSummary; onDone: () => void }) {
  const { trade, other } = summary;
  const initial: ProposalDraft = { give: trade.give, get: trade.get, message: trade.message };
  async function save(draft: ProposalDraft) {
    const changed = await (await loadRepos()).editTrade(trade.id, draft);
    toast.success(changed ? koTradeScreens.proposal.saved : koTradeScreens.proposal.unchanged);
    onDone();
  }
  return (
    <ProposalForm
      other={other}
      initial={initial}
      submitLabel={koTradeScreens.proposal.save}
      failure={tradesKo.failures.tradeEdit}
      onSubmit={save}
      onCancel={onDone}
    />
  );
}
