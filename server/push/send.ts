/**
 * One push to one device, within its deadline (lookup, connect and answer): the endpoint is
 * checked and the connection pinned to its checked addresses (../push-endpoint.ts), then the
 * push service's answer decides the outcome (docs/push.md, The dispatcher).
 */
import { ClientResponseError } from 'pocketbase';
import webpush, { WebPushError } from 'web-push';
import { aborted, checkEndpoint, PinnedAgent } from '../push-endpoint.ts';
import type { Pass } from './pass.ts';
import { pushPayload, pushUrgency } from './payload.ts';
import type { Notification, Subscription } from './records.ts';

/**
 * sent: the push service took it; gone: the subscription is no more (deleted); rejected: it will
 * not get better by retrying (counted as handled for that device); retry: try again later.
 */
export type Outcome = 'sent' | 'gone' | 'rejected' | 'retry';

interface Deadline {
  signal: AbortSignal;
  /** Rejects when the deadline passes (or the pass is stopped). */
  late: Promise<never>;
}

function deadlineOf(pass: Pass): Deadline {
  const signal = AbortSignal.any([
    AbortSignal.timeout(pass.timeoutMs),
    ...(pass.signal ? [pass.signal] : []),
  ]);
  const late = aborted(signal);
  late.catch(() => {});
  return { signal, late };
}

/** The connection of one push, closed when the deadline passes. */
interface Connection {
  agent?: PinnedAgent;
}

async function post(
  pass: Pass,
  n: Notification,
  s: Subscription,
  { late }: Deadline,
  connection: Connection,
): Promise<Outcome> {
  const check = await Promise.race([
    checkEndpoint(s.endpoint, pass.resolveHost, pass.allowPrivate),
    late,
  ]);
  if (!check.ok) {
    pass.log(`skipping subscription ${s.id}: ${check.reason}`);
    return 'rejected';
  }
  const agent = new PinnedAgent(check.target, pass.tls, pass.onConnect);
  connection.agent = agent;
  await Promise.race([
    webpush.sendNotification(
      { endpoint: s.endpoint, keys: s.keys },
      pushPayload(n, pass.appOrigin),
      {
        vapidDetails: pass.vapid,
        TTL: pass.ttlSeconds,
        urgency: pushUrgency(n),
        contentEncoding: 'aes128gcm',
        timeout: pass.timeoutMs,
        agent,
      },
    ),
    late,
  ]);
  pass.result.sent += 1;
  return 'sent';
}

/** The push service dropped the subscription (404/410): its record is deleted. */
async function removeSubscription(pass: Pass, id: string): Promise<void> {
  pass.removed.add(id);
  try {
    await pass.pb.collection('pushSubscriptions').delete(id, { requestKey: null });
    pass.result.removed += 1;
  } catch (e) {
    // 404: already gone; anything else: the next push to it will try again
    if (!(e instanceof ClientResponseError && e.status === 404)) {
      pass.log(`could not delete subscription ${id}: ${String(e)}`);
    }
  }
}

async function failure(
  pass: Pass,
  s: Subscription,
  err: unknown,
  deadline: Deadline,
): Promise<Outcome> {
  const status = err instanceof WebPushError ? err.statusCode : 0;
  if (status === 404 || status === 410) {
    await removeSubscription(pass, s.id);
    return 'gone';
  }
  if (status >= 400 && status < 500 && status !== 429) {
    const body = err instanceof WebPushError ? err.body : '';
    pass.log(`push to subscription ${s.id} refused (${status}): ${body}`);
    return 'rejected';
  }
  // network error, lookup failure, deadline, 429, 5xx
  const late = deadline.signal.aborted && !pass.signal?.aborted;
  const why = late ? `no answer in ${pass.timeoutMs} ms` : '';
  pass.log(`push to subscription ${s.id} failed: ${status || why || String(err)}`);
  return 'retry';
}

/** One push to one device, within the deadline; never throws. */
export async function sendPush(pass: Pass, n: Notification, s: Subscription): Promise<Outcome> {
  if (pass.removed.has(s.id)) return 'gone';
  if (pass.signal?.aborted) return 'retry';
  const deadline = deadlineOf(pass);
  const connection: Connection = {};
  const stop = () => connection.agent?.destroy();
  deadline.signal.addEventListener('abort', stop, { once: true });
  try {
    return await post(pass, n, s, deadline, connection);
  } catch (err) {
    return await failure(pass, s, err, deadline);
  } finally {
    deadline.signal.removeEventListener('abort', stop);
    connection.agent?.destroy();
  }
}
