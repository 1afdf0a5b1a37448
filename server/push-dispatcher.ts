/**
 * Push dispatcher: sends the `notifications` rows that pb_hooks/push.pb.js writes to the
 * recipients' browsers with web-push (VAPID, aes128gcm), as a superuser client of PocketBase.
 *
 * Every few seconds it reads the rows whose `sentAt` is empty, oldest first, and sends each to
 * every subscription of its user that lists its topic. A row gets `sentAt` once it is handled:
 * delivered to every such device, or none left (so nothing is sent twice). A push service that
 * answers 404/410 has dropped the subscription: the record is deleted. Network errors, 429 and
 * 5xx are retried with exponential backoff for that row only — the row is skipped until its next
 * try, so other users' rows keep flowing — until the row is older than the push TTL, when it would
 * be stale anyway. Other 4xx (bad request, wrong VAPID key, too large) will not get better by
 * retrying: logged and counted as handled for that device.
 *
 * Retry state is in memory: after a restart, a row that was half delivered may reach the devices
 * that already had it once more; the payload carries the notification id so the service worker
 * can tell.
 */
import type { Agent } from 'node:https';
import PocketBase, { ClientResponseError, isTokenExpired, type RecordModel } from 'pocketbase';
import * as v from 'valibot';
import webpush, { WebPushError } from 'web-push';
import { isPrivateHost } from './private-host.ts';
import type { VapidConfig } from './vapid.ts';

export const TOPICS = ['comment', 'exchange', 'meetup'] as const;
export type Topic = (typeof TOPICS)[number];

const Notification = v.object({
  id: v.string(),
  user: v.string(),
  topic: v.picklist(TOPICS),
  title: v.string(),
  body: v.string(),
  url: v.string(),
  created: v.string(),
});
type Notification = v.InferOutput<typeof Notification>;

/** A base64url string of `bytes` bytes (at least, with `atLeast`). */
const base64url = (bytes: number, atLeast = false) =>
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/),
    v.check((s) => {
      const n = Buffer.from(s, 'base64url').length;
      return atLeast ? n >= bytes : n === bytes;
    }),
  );

// Keys web-push cannot encrypt for (not from a browser) make the record unusable, not a retry.
const Subscription = v.object({
  id: v.string(),
  user: v.string(),
  endpoint: v.pipe(v.string(), v.url(), v.startsWith('https://')),
  keys: v.object({ p256dh: base64url(65), auth: base64url(16, true) }),
  topics: v.fallback(v.array(v.string()), []),
});
type Subscription = v.InferOutput<typeof Subscription>;

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

export interface DispatchOptions {
  /** A client authenticated as a superuser. */
  pb: PocketBase;
  vapid: VapidConfig;
  /** For push endpoints with a private CA (tests); the default agent otherwise. */
  agent?: Agent;
  /**
   * Sends to endpoints on loopback or private addresses too (tests' local push service). Off by
   * default: such a subscription is never requested (see isPrivateHost).
   */
  allowPrivateEndpoints?: boolean;
  /** How long push services keep an undelivered message, in seconds (default 24 h). */
  ttlSeconds?: number;
  /** Socket timeout of one push request (default 10 s). */
  timeoutMs?: number;
  /** Rows read per page (default 100) and at most per pass (default 1000). */
  pageSize?: number;
  maxPerPass?: number;
  /** Pushes in flight at once (default 8). */
  concurrency?: number;
  retry?: RetryState;
  now?: () => number;
  log?: (message: string) => void;
}

export interface DispatchResult {
  /** Rows given `sentAt` in this pass. */
  handled: number;
  /** Push messages the push services accepted. */
  sent: number;
  /** Subscriptions deleted after 404/410. */
  removed: number;
  /** Rows left for a later try. */
  retrying: number;
}

const DAY = 24 * 60 * 60;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

/** PocketBase's "2026-11-21 15:00:00.000Z" (or ISO) as epoch ms. */
function parseDate(value: string): number {
  return Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
}

function parseAll<T>(
  schema: v.GenericSchema<unknown, T>,
  rows: RecordModel[],
  what: string,
  log: (m: string) => void,
): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const r = v.safeParse(schema, row);
    if (r.success) out.push(r.output);
    else log(`skipping malformed ${what} ${row.id}: ${r.issues[0]?.message ?? 'invalid'}`);
  }
  return out;
}

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function subscriptionsOf(
  pb: PocketBase,
  users: string[],
  opts: { allowPrivate: boolean; log: (m: string) => void },
): Promise<Map<string, Subscription[]>> {
  const byUser = new Map<string, Subscription[]>();
  for (let i = 0; i < users.length; i += 50) {
    const chunk = users.slice(i, i + 50);
    const filter = chunk.map((u) => pb.filter('user = {:u}', { u })).join(' || ');
    const rows = await pb
      .collection('pushSubscriptions')
      .getFullList({ filter, batch: 500, requestKey: null });
    // a record without usable keys (not from a browser) can never get a push: ignored quietly
    for (const s of parseAll(Subscription, rows, 'subscription', () => {})) {
      if (!opts.allowPrivate && isPrivateHost(new URL(s.endpoint).hostname)) {
        opts.log(`skipping subscription ${s.id}: its endpoint is not a public host`);
        continue;
      }
      const list = byUser.get(s.user) ?? [];
      list.push(s);
      byUser.set(s.user, list);
    }
  }
  return byUser;
}

type Outcome = 'sent' | 'gone' | 'rejected' | 'retry';

/** One pass over the unsent rows; see the module comment. */
export async function dispatchOnce(opts: DispatchOptions): Promise<DispatchResult> {
  const { pb, vapid } = opts;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.log(`[push] ${m}`));
  const retry = opts.retry ?? new Map<string, RetryEntry>();
  const ttl = opts.ttlSeconds ?? DAY;
  const pageSize = opts.pageSize ?? 100;
  const maxPerPass = opts.maxPerPass ?? 1000;
  const result: DispatchResult = { handled: 0, sent: 0, removed: 0, retrying: 0 };
  const removed = new Set<string>();
  // rows deleted while waiting for a retry are never seen again: forget them after the TTL
  for (const [id, entry] of retry) {
    if (now() - entry.created > ttl * 1000 + BACKOFF_MAX_MS) retry.delete(id);
  }

  const send = async (n: Notification, s: Subscription): Promise<Outcome> => {
    if (removed.has(s.id)) return 'gone';
    const payload = JSON.stringify({
      id: n.id,
      title: n.title,
      body: n.body,
      url: n.url,
      topic: n.topic,
      created: n.created,
    });
    try {
      await webpush.sendNotification({ endpoint: s.endpoint, keys: s.keys }, payload, {
        vapidDetails: vapid,
        TTL: ttl,
        urgency: n.topic === 'comment' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
        timeout: opts.timeoutMs ?? 10_000,
        agent: opts.agent,
      });
      result.sent += 1;
      return 'sent';
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : 0;
      if (status === 404 || status === 410) {
        removed.add(s.id);
        try {
          await pb.collection('pushSubscriptions').delete(s.id, { requestKey: null });
          result.removed += 1;
        } catch (e) {
          // 404: already gone; anything else: the next push to it will try again
          if (!(e instanceof ClientResponseError && e.status === 404)) {
            log(`could not delete subscription ${s.id}: ${String(e)}`);
          }
        }
        return 'gone';
      }
      if (status >= 400 && status < 500 && status !== 429) {
        log(
          `push to subscription ${s.id} refused (${status}): ${err instanceof WebPushError ? err.body : ''}`,
        );
        return 'rejected';
      }
      // network error, timeout, 429, 5xx
      log(`push to subscription ${s.id} failed: ${status || String(err)}`);
      return 'retry';
    }
  };

  const markHandled = async (n: Notification) => {
    retry.delete(n.id);
    try {
      await pb
        .collection('notifications')
        .update(n.id, { sentAt: new Date(now()).toISOString() }, { requestKey: null });
      result.handled += 1;
    } catch (err) {
      // the user deleted it meanwhile: nothing left to do
      if (!(err instanceof ClientResponseError && err.status === 404)) throw err;
    }
  };

  let cursor: { created: string; id: string } | null = null;
  let seen = 0;
  while (seen < maxPerPass) {
    const after: string = cursor
      ? pb.filter(' && (created > {:c} || (created = {:c} && id > {:id}))', {
          c: cursor.created,
          id: cursor.id,
        })
      : '';
    const page = await pb.collection('notifications').getList(1, pageSize, {
      filter: `sentAt = ""${after}`,
      sort: 'created,id',
      skipTotal: true,
      requestKey: null,
    });
    if (!page.items.length) break;
    const last = page.items[page.items.length - 1]!;
    cursor = { created: String(last['created']), id: last.id };
    seen += page.items.length;

    const due = parseAll(Notification, page.items, 'notification', log).filter(
      (n) => (retry.get(n.id)?.nextTryAt ?? 0) <= now(),
    );
    result.retrying += page.items.length - due.length;
    const subs = await subscriptionsOf(pb, [...new Set(due.map((n) => n.user))], {
      allowPrivate: opts.allowPrivateEndpoints ?? false,
      log,
    });

    const jobs: { n: Notification; s: Subscription }[] = [];
    const pending = new Map<string, { n: Notification; outcomes: Outcome[] }>();
    const expired: Notification[] = [];
    for (const n of due) {
      if (now() - parseDate(n.created) > ttl * 1000) {
        expired.push(n);
        continue;
      }
      const done = retry.get(n.id)?.done;
      const targets = (subs.get(n.user) ?? []).filter(
        (s) => s.topics.includes(n.topic) && !done?.has(s.id),
      );
      pending.set(n.id, { n, outcomes: [] });
      for (const s of targets) jobs.push({ n, s });
    }

    const doneNow = new Map<string, string[]>();
    await pool(jobs, opts.concurrency ?? 8, async ({ n, s }) => {
      const outcome = await send(n, s);
      pending.get(n.id)!.outcomes.push(outcome);
      if (outcome !== 'retry') doneNow.set(n.id, [...(doneNow.get(n.id) ?? []), s.id]);
    });

    for (const n of expired) {
      log(`notification ${n.id} is older than the TTL: not sent`);
      await markHandled(n);
    }
    for (const { n, outcomes } of pending.values()) {
      if (!outcomes.includes('retry')) {
        await markHandled(n);
        continue;
      }
      const entry = retry.get(n.id) ?? {
        created: parseDate(n.created),
        attempts: 0,
        nextTryAt: 0,
        done: new Set<string>(),
      };
      for (const id of doneNow.get(n.id) ?? []) entry.done.add(id);
      entry.attempts += 1;
      const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (entry.attempts - 1));
      entry.nextTryAt = now() + wait;
      retry.set(n.id, entry);
      result.retrying += 1;
    }
    if (page.items.length < pageSize) break;
  }
  return result;
}

export interface PushDispatcher {
  /** Runs a pass now instead of at the next tick. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Polls every `intervalMs` (default 3 s). `login` (re)authenticates `pb` as a superuser: at start,
 * shortly before the token expires and after a 401/403.
 */
export function startPushDispatcher(
  opts: Omit<DispatchOptions, 'retry'> & {
    login: (pb: PocketBase) => Promise<void>;
    intervalMs?: number;
  },
): PushDispatcher {
  const log = opts.log ?? ((m: string) => console.log(`[push] ${m}`));
  const retry: RetryState = new Map();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;

  const loop = async () => {
    while (!stopped) {
      try {
        const token = opts.pb.authStore.token;
        if (!token || isTokenExpired(token, 300)) await opts.login(opts.pb);
        const r = await dispatchOnce({ ...opts, log, retry });
        if (r.sent || r.removed) {
          log(`sent ${r.sent} push(es), removed ${r.removed} expired subscription(s)`);
        }
      } catch (err) {
        if (err instanceof ClientResponseError && (err.status === 401 || err.status === 403)) {
          opts.pb.authStore.clear();
        }
        if (!stopped) log(`dispatch pass failed: ${String(err)}`);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, opts.intervalMs ?? 3_000);
      });
    }
  };
  const running = loop();

  return {
    wake() {
      clearTimeout(timer);
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wakeUp?.();
      await running;
    },
  };
}
