/**
 * Push dispatcher: sends the `notifications` rows that pb_hooks/push.pb.js writes to the
 * recipients' browsers with web-push (VAPID, aes128gcm), as a superuser client of PocketBase.
 * docs/push.md describes the whole design. This module is its entry; the parts are in push/:
 * the loop (loop.ts), one pass (dispatch.ts, its options in pass.ts), one push (send.ts, the
 * payload in payload.ts), the devices of a row (subscriptions.ts), the rows' shapes (records.ts),
 * retries (retry.ts), row claims (row-claims.ts) and push slots (send-limiter.ts).
 *
 * Every few seconds it reads the rows whose `sentAt` is empty, oldest first, and sends each to
 * every subscription of its user that lists its topic. A row gets `sentAt` once it is handled:
 * delivered to every such device, or none left (so nothing is sent twice). A push service that
 * answers 404/410 has dropped the subscription: the record is deleted. Network errors (a push that
 * is not answered within `timeoutMs` included), 429 and 5xx are retried with exponential backoff
 * for that row only — the row is skipped until its next try, so other users' rows keep flowing —
 * until the row is older than the push TTL, when it would be stale anyway. Other 4xx (bad request,
 * wrong VAPID key, too large) will not get better by retrying: logged and counted as handled for
 * that device.
 *
 * Where a push may go (push-endpoint.ts): each endpoint's host is resolved, every address must be
 * public, and the connection is pinned to the checked addresses. An endpoint that fails the check
 * is skipped (logged, counted as handled for that device, the record kept: a name may only point
 * inside for a while, and deleting is the push service's call, by 404/410).
 *
 * A browser used by several accounts has one endpoint and one key pair; each account that turned
 * alerts on there has its own record. Only the record saved last with those keys gets pushes: an
 * older account's record on the same browser subscription is skipped, so the alerts of someone who
 * left do not show to the account now using the browser. A record with the same endpoint but other
 * keys (someone who only knows the endpoint) supersedes nothing: the browser could not decrypt its
 * pushes anyway.
 *
 * No endpoint holds up the others: pushes run in parallel (at most `concurrency` in flight, at most
 * `perUserConcurrency` of them for one user, the rest queued fairly), each push has a hard deadline
 * (`timeoutMs`) covering lookup, connect and answer, a row is finished as soon as its own pushes
 * are, and the loop starts its next pass while rows of an earlier pass still wait for a slow
 * endpoint (RowClaims keeps a row in one pass at a time).
 *
 * Retry state is in memory: after a restart, a row that was half delivered may reach the devices
 * that already had it once more; the payload carries the notification id so the service worker
 * can tell.
 */
export { TOPICS, type Topic } from './push/records.ts';
export { SendLimiter } from './push/send-limiter.ts';
export { RowClaims } from './push/row-claims.ts';
export type { RetryEntry, RetryState } from './push/retry.ts';
export {
  PUSH_CONCURRENCY,
  PUSH_PER_USER_CONCURRENCY,
  PUSH_TIMEOUT_MS,
  type DispatchOptions,
  type DispatchResult,
} from './push/pass.ts';
export { dispatchOnce } from './push/dispatch.ts';
export { startPushDispatcher, type PushDispatcher } from './push/loop.ts';
