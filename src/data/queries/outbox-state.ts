/**
 * The shapes of the pending-changes list and a row's state (offline, waiting for login, retrying
 * in n seconds, waiting), with no Dexie: screens import these before the data layer has loaded.
 * The reads that fill them are in sync.ts.
 */
import { ko } from '@/i18n/ko.ts';

export interface OutboxItem {
  seq: number;
  id: string;
  kind: string;
  /** Korean name of the change, e.g. '찜하기'. */
  label: string;
  recordKey: string;
  userId: string;
  createdAt: number;
  attempts: number;
  nextTryAt: number;
  /** How many of the user's changes the row carries (see changesIn). */
  changes: number;
  /** For collect-book ticks: how many cards the row adds or removes; else null. */
  cards: number | null;
}

export interface DeadLetterItem {
  seq: number;
  id: string;
  kind: string;
  label: string;
  recordKey: string;
  /** The Korean message the user is shown. */
  message: string;
  failedAt: number;
  /** 0 until the user has been told (a toast). */
  notifiedAt: number;
  /** The fan's own words in the change (a message's text); '' when it has none. */
  draft: string;
  /** Whether sending it again can succeed; when not, the fan is offered to delete it only. */
  retryable: boolean;
}

export type OutboxItemState =
  | { type: 'offline' }
  | { type: 'login' }
  | { type: 'retrying'; seconds: number }
  | { type: 'waiting' };

export interface OutboxStateContext {
  online: boolean;
  /** The signed-in user, or null. */
  userId: string | null;
  /** The last flush stopped because the server no longer takes the session. */
  waitingForLogin: boolean;
  now: number;
}

/**
 * Why a queued change has not been sent yet. Rows go only with the session of the user who queued
 * them, so another user's rows wait for that user to sign in again.
 */
export function outboxItemState(
  item: Pick<OutboxItem, 'userId' | 'nextTryAt'>,
  ctx: OutboxStateContext,
): OutboxItemState {
  if (!ctx.online) return { type: 'offline' };
  if (!ctx.userId || item.userId !== ctx.userId || ctx.waitingForLogin) return { type: 'login' };
  if (item.nextTryAt > ctx.now) {
    return { type: 'retrying', seconds: Math.max(1, Math.ceil((item.nextTryAt - ctx.now) / 1000)) };
  }
  return { type: 'waiting' };
}

/** The Korean text of a state, as the list shows it. */
export function outboxStateText(state: OutboxItemState): string {
  switch (state.type) {
    case 'offline':
      return ko.sync.stateOffline;
    case 'login':
      return ko.sync.stateLogin;
    case 'retrying':
      return ko.sync.stateRetrying(state.seconds);
    case 'waiting':
      return ko.sync.stateWaiting;
  }
}
