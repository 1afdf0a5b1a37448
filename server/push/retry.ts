/**
 * Per-row retry state, kept in memory by the loop across passes: a row whose pushes met a network
 * error, 429 or 5xx waits with exponential backoff, and remembers which devices already have it.
 */
import { parseDate, type Notification } from './records.ts';

export interface RetryEntry {
  /** The row's creation time (ms): entries of rows past the TTL are dropped. */
  created: number;
  attempts: number;
  nextTryAt: number;
  /** Subscriptions that already have this row (or never will). */
  done: Set<string>;
}
/** Per-row retry state, kept by the loop across passes. */
export type RetryState = Map<string, RetryEntry>;

const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

/** Rows deleted while waiting for a retry are never seen again: forgets them after the TTL. */
export function forgetExpired(retry: RetryState, now: number, ttlSeconds: number): void {
  for (const [id, entry] of retry) {
    if (now - entry.created > ttlSeconds * 1000 + BACKOFF_MAX_MS) retry.delete(id);
  }
}

/** Whether the row waits for a later try. */
export function isWaiting(retry: RetryState, id: string, now: number): boolean {
  return (retry.get(id)?.nextTryAt ?? 0) > now;
}

/** Schedules the row's next try; `delivered` lists the devices not to send it to again. */
export function scheduleRetry(
  retry: RetryState,
  n: Notification,
  delivered: readonly string[],
  now: number,
): void {
  const entry = retry.get(n.id) ?? {
    created: parseDate(n.created),
    attempts: 0,
    nextTryAt: 0,
    done: new Set<string>(),
  };
  for (const id of delivered) entry.done.add(id);
  entry.attempts += 1;
  const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (entry.attempts - 1));
  entry.nextTryAt = now + wait;
  retry.set(n.id, entry);
}
