import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { sessionUserIdAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { EmptyState } from '@/components/cards/empty-state';
import { useNow } from '@/components/hooks/use-now';
import { CloudOffIcon, RefreshIcon } from '@/components/ui/icons';
import { NoticeCard } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { useMatches, type MatchFan } from '@/domains/trades/hooks';
import { useTradeLists } from '@/domains/trade-lists/hooks';
import type { PhotoCard } from '@/data/pb/records';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { relativeTime } from '@/lib/relative-time';
import { useCardMap } from '@/features/trades/hooks/use-card-map';
import { useOpenChat } from '@/features/trades/hooks/use-open-chat';
import { CardThumb, cardName } from './card-strip';
import { MatchRow } from './match-row';
import { searchId } from '@/features/trades/search-params';
import { SignedOutNotice } from './signed-out-notice';
import ui from '@/components/ui/panels.module.css';
import styles from './matching-screen.module.css';

// Read through getRouteApi so this chunk does not import the route definition.
const route = getRouteApi('/main/matching');
const t = koTradeScreens.matching;

/**
 * /matching (docs/trades.md, 매칭): fans whose public lists match mine, two-way matches first,
 * with the cards on each side, 채팅 and 교환 제안. The answer is the match route's, kept on the
 * device: offline (or when asking fails) the last one shows with its time. `?card=` limits it to
 * fans who have or want that card.
 */
export function MatchingScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  const card = searchId(route.useSearch().card) || undefined;
  return (
    <section className={`${ui.screen} ${ui.wide}`}>
      <ScreenTitle title={t.title} back />
      {userId ? (
        <Matches key={card ?? ''} card={card ?? ''} />
      ) : (
        <SignedOutNotice body={koTradeScreens.login.matchingBody} />
      )}
    </section>
  );
}

const twoWayFirst = (fans: readonly MatchFan[]) =>
  [...fans].sort((x, y) => Number(y.twoWay) - Number(x.twoWay));

function Matches({ card }: { card: string }) {
  const { matches, refreshing, failed, refresh } = useMatches(card);
  const online = useAtomValue(syncStatusAtom).online;
  const lists = useTradeLists();
  const chat = useOpenChat();
  const fans = useMemo(() => twoWayFirst(matches?.fans ?? []), [matches]);
  const cards = useCardMap(
    useMemo(() => [card, ...fans.flatMap((f) => [...f.theyHave, ...f.theyWant])], [card, fans]),
  );
  const { open } = chat;
  const onChat = useCallback(
    (fan: string) => open(fan, card ? { photoCard: card } : {}),
    [open, card],
  );

  const listsEmpty = lists !== undefined && !lists.have.length && !lists.want.length;
  let body;
  if (matches === undefined || (matches === null && (refreshing || (online && !failed)))) {
    body = (
      <p className={ui.status} role="status">
        {t.loading}
      </p>
    );
  } else if (matches === null) {
    body = (
      <NoticeCard
        icon={<CloudOffIcon size={32} />}
        title={online ? t.noAnswerFailed : t.noAnswerOffline}
        body={online ? t.noAnswerFailedBody : t.noAnswerOfflineBody}
        testId="matching-no-answer"
      />
    );
  } else if (!fans.length) {
    body = listsEmpty ? (
      <EmptyState
        title={t.emptyListsTitle}
        body={t.emptyListsBody}
        action={
          <span className={ui.actions}>
            <Link to="/tradeList" data-testid="matching-to-trade-list">
              {t.toTradeList}
            </Link>
            <Link to="/profile" data-testid="matching-to-books">
              {t.toBooks}
            </Link>
          </span>
        }
      />
    ) : (
      <EmptyState
        title={card ? t.noCardMatchesTitle : t.noMatchesTitle}
        body={t.noMatchesBody}
        action={<Link to="/tradeList">{t.toTradeList}</Link>}
      />
    );
  } else {
    body = (
      <ul className={styles.list} aria-label={t.listLabel} data-testid="matches">
        {fans.map((f) => (
          <MatchRow
            key={f.fan}
            match={f}
            cards={cards}
            card={card}
            chatBusy={chat.busy}
            onChat={onChat}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      {card ? <CardFilter card={cards?.get(card)} /> : <p className={styles.intro}>{t.intro}</p>}
      {matches ? (
        <FreshnessNote
          fetchedAt={matches.fetchedAt}
          stale={!online || failed}
          online={online}
          refreshing={refreshing}
          onRefresh={refresh}
        />
      ) : null}
      {body}
    </>
  );
}

function CardFilter({ card }: { card: PhotoCard | undefined }) {
  return (
    <div className={`${ui.panel} ${styles.filter}`} data-testid="matching-card-filter">
      <CardThumb card={card} size="medium" />
      <div className={styles.filterText}>
        <p className={styles.filterName}>
          {card ? (
            <Link to="/exchangeDetail/$id" params={{ id: card.id }}>
              {cardName(card)}
            </Link>
          ) : (
            t.thisCard
          )}
        </p>
        <p className={styles.filterHint}>{t.cardFilter}</p>
        <Link to="/matching" search={{}} className={styles.clear} data-testid="matching-clear-card">
          {t.clearFilter}
        </Link>
      </div>
    </div>
  );
}

interface FreshnessNoteProps {
  fetchedAt: number;
  /** The kept answer could not be confirmed (offline, or asking failed). */
  stale: boolean;
  online: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

/** When the shown answer was fetched, why it is the last one, and 새로고침. */
function FreshnessNote({ fetchedAt, stale, online, refreshing, onRefresh }: FreshnessNoteProps) {
  const now = useNow(30_000);
  return (
    <div className={ui.note} data-testid="matching-freshness" data-stale={stale}>
      {stale ? <span>{online ? t.failed : t.offline}</span> : null}
      <time dateTime={new Date(fetchedAt).toISOString()} data-testid="matching-updated">
        {t.lastUpdated(relativeTime(fetchedAt, now))}
      </time>
      <button
        type="button"
        className={`${ui.button} ${styles.refresh}`}
        onClick={onRefresh}
        disabled={!online || refreshing}
        data-testid="matching-refresh"
      >
        <RefreshIcon size={16} />
        {refreshing ? t.refreshing : t.refresh}
      </button>
    </div>
  );
}
