// Live reads of the signed-in fan's trades (docs/trades.md): proposals by status, one proposal and its reviews, and the three trade routes (matches,
// a card's traders, a fan's trust), which are the only trade reads that ask the network. Undefined
// while loading; null when not here.
import { useCallback, useEffect, useState } from 'react';
import { sessionUserIdAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { useRead, useReadOr } from '@/live/use-read';
import type { MatchesRow } from '@/data/db';
import type { Review } from '@/data/pb/records';
import type { TradesByStatus, TradeSummary } from './queries';
import type { CardTraders, FanTrust } from './routes';

export type { MatchFan, MatchesRow } from '@/data/db';
export type { TradesByStatus, TradeSummary } from './queries';
export type { CardTraders, FanTrust, TrustReview } from './routes';

/** My proposals, in and out, by status; each group most recently changed first. */
export function useTradesByStatus(): TradesByStatus | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('tradesByStatus', userId);
}

/** How many of my trades wait for me (an answer, my 완료); 0 when logged out. */
export function useTradesWaiting(): number | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('tradesWaiting', userId);
}

/** One of my proposals with my side of it; null when it is not here (or not mine). */
export function useTrade(id: string | null | undefined): TradeSummary | null | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('trade', userId, id ?? null);
}

/** The reviews of a trade (one per side at most). */
export function useReviewsOfTrade(tradeId: string | null | undefined): Review[] | undefined {
  return useRead('reviewsOfTrade', tradeId ?? null);
}

const NO_PHOTOS: Blob[] = [];

/** A proposal's photos still waiting in the outbox (empty once sent, or for one from the server). */
export function usePendingTradePhotos(id: string): readonly Blob[] {
  return useReadOr('pendingTradePhotos', NO_PHOTOS, id);
}

type Routes = typeof import('./routes');

/** The route client, loaded on first use (it brings the SDK). */
function loadRoutes(): Promise<Routes> {
  return import('./routes');
}

/**
 * Asks a route while a fan is signed in and the device is online: again when `key` changes or
 * `refresh()` is called. `failed`: the last asking failed (offline, refused).
 */
function useRouteAnswer<T>(
  key: string | null,
  ask: (routes: Routes) => Promise<T>,
): { value: T | undefined; refreshing: boolean; failed: boolean; refresh(): void } {
  const online = useAtomValue(syncStatusAtom).online;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; value?: T; failed: boolean } | null>(null);
  const current = key && online ? `${key}#${attempt}` : null;
  useEffect(() => {
    if (!current) return;
    let live = true;
    loadRoutes()
      .then(ask)
      .then(
        (value) => live && setResult({ key: current, value, failed: false }),
        (err: unknown) => {
          console.info('[trades] route not answered', err);
          if (live) setResult({ key: current, failed: true });
        },
      );
    return () => {
      live = false;
    };
    // `ask` is read when `current` changes: a caller passes a new closure every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  const mine = result && key && result.key.startsWith(`${key}#`) ? result : null;
  return {
    value: mine?.value,
    refreshing: current !== null && result?.key !== current,
    failed: Boolean(mine?.failed && result?.key === current),
    refresh,
  };
}

export interface Matches {
  /** The last answer kept on this device (with its `fetchedAt`); null when there is none yet. */
  matches: MatchesRow | null | undefined;
  /** Asking the server now. */
  refreshing: boolean;
  /** The last asking failed (offline, refused): the kept answer is shown. */
  failed: boolean;
  refresh(): void;
}

/**
 * Fans whose public lists match mine (two-way first), from the last kept answer, asked again when
 * shown online (`card`: only fans who have or want that card).
 */
export function useMatches(card = ''): Matches {
  const userId = useAtomValue(sessionUserIdAtom);
  const matches = useRead('cachedMatches', userId, card);
  const asked = useRouteAnswer(userId ? `${userId}:${card}` : null, (m) => m.refreshMatches(card));
  return { matches, refreshing: asked.refreshing, failed: asked.failed, refresh: asked.refresh };
}

/** How many fans publicly have and want a card; undefined until answered (or offline). */
export function useCardTraders(cardId: string | null | undefined): CardTraders | undefined {
  return useRouteAnswer(cardId ? `card:${cardId}` : null, (m) => m.fetchCardTraders(cardId!)).value;
}

/** A fan's completed trades, latest reviews and public lists; undefined until answered. */
export function useFanTrust(fanId: string | null | undefined): FanTrust | undefined {
  return useRouteAnswer(fanId ? `fan:${fanId}` : null, (m) => m.fetchFanTrust(fanId!)).value;
}
