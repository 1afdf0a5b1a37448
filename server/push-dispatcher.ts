/**
 * Push dispatcher: sends the `notifications` rows that pb_hooks/push.pb.js writes to the
 * recipients' browsers with web-push (VAPID, aes128gcm), as a superuser client of PocketBase.
 * docs/push.md describes the whole design.
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
import type { LookupAddress } from 'node:dns';
import type { Agent } from 'node:https';
import PocketBase, { ClientResponseError, isTokenExpired, type RecordModel } from 'pocketbase';
import * as v from 'valibot';
import webpush, { WebPushError } from 'web-push';
import {
  aborted,
  checkEndpoint,
  PinnedAgent,
  systemResolveHost,
  type ResolveHost,
} from './push-endpoint.ts';
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
  updated: v.fallback(v.string(), ''),
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

/**
 * Runs async jobs with at most `max` in flight, at most `perKey` of them with the same key (one
 * user's devices), the others waiting in order: a key at its limit never blocks the jobs of other
 * keys queued behind it.
 */
export class SendLimiter {
  private active = 0;
  private readonly perKeyActive = new Map<string, number>();
  private readonly queue: { key: string; start: () => void }[] = [];

  constructor(
    readonly max: number,
    readonly perKey: number,
  ) {}

  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    return new Promise<void>((start) => {
      this.queue.push({ key, start });
      this.pump();
    })
      .then(job)
      .finally(() => {
        this.active -= 1;
        const n = (this.perKeyActive.get(key) ?? 1) - 1;
        if (n) this.perKeyActive.set(key, n);
        else this.perKeyActive.delete(key);
        this.pump();
      });
  }

  private pump(): void {
    for (let i = 0; i < this.queue.length && this.active < this.max;) {
      const { key, start } = this.queue[i]!;
      const n = this.perKeyActive.get(key) ?? 0;
      if (n >= this.perKey) {
        i += 1;
        continue;
      }
      this.queue.splice(i, 1);
      this.active += 1;
      this.perKeyActive.set(key, n + 1);
      start();
    }
  }
}

/**
 * Which rows a pass of the loop is sending now, so overlapping passes never send one row twice. A
 * row stays claimed for a minute after it was marked handled: a pass whose page was read just
 * before that mark would otherwise still see it unsent.
 */
export class RowClaims {
  private readonly inFlight = new Set<string>();
  /** Row id → when it was marked handled (wall clock), oldest first. */
  private readonly handled = new Map<string, number>();

  static readonly HANDLED_MEMORY_MS = 60_000;

  claim(id: string): boolean {
    const cutoff = Date.now() - RowClaims.HANDLED_MEMORY_MS;
    for (const [old, at] of this.handled) {
      if (at >= cutoff) break;
      this.handled.delete(old);
    }
    if (this.inFlight.has(id) || this.handled.has(id)) return false;
    this.inFlight.add(id);
    return true;
  }

  release(id: string, handled: boolean): void {
    this.inFlight.delete(id);
    if (handled) this.handled.set(id, Date.now());
  }
}

export interface DispatchOptions {
  /** A client authenticated as a superuser. */
  pb: PocketBase;
  vapid: VapidConfig;
  /** TLS options (`agent.options`, e.g. a test CA) for push connections; none otherwise. */
  agent?: Agent;
  /**
   * Sends to endpoints on loopback or private addresses too (tests' local push service). Off by
   * default: such a subscription is never requested (see private-host.ts).
   */
  allowPrivateEndpoints?: boolean;
  /** Resolves an endpoint's host to all its addresses (default dns.promises.lookup, all: true). */
  resolveHost?: ResolveHost;
  /**
   * Sees each push connection's host and the checked addresses it is pinned to, just before it
   * connects; throwing refuses the connection (a network error for that push).
   */
  onConnect?: (host: string, addresses: LookupAddress[]) => void;
  /** How long push services keep an undelivered message, in seconds (default 24 h). */
  ttlSeconds?: number;
  /** Deadline of one push: lookup, connect and answer (default 5 s); then a network error. */
  timeoutMs?: number;
  /** Rows read per page (default 100) and at most per pass (default 1000). */
  pageSize?: number;
  maxPerPass?: number;
  /** Pushes in flight at once (default 32), and for one user (default 4). */
  concurrency?: number;
  perUserConcurrency?: number;
  retry?: RetryState;
  /** Shared by the loop's passes: the rows being sent, and the push slots. */
  claims?: RowClaims;
  limiter?: SendLimiter;
  /** Aborts the pushes in flight (the loop's stop()). */
  signal?: AbortSignal;
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
export const PUSH_TIMEOUT_MS = 5_000;
export const PUSH_CONCURRENCY = 32;
export const PUSH_PER_USER_CONCURRENCY = 4;

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

const sameKeys = (a: Subscription, b: Subscription) =>
  a.keys.p256dh === b.keys.p256dh && a.keys.auth === b.keys.auth;

/** Whether `a` was saved after `b` (PocketBase dates sort as text; ids break ties). */
const savedAfter = (a: Subscription, b: Subscription) =>
  a.updated === b.updated ? a.id > b.id : a.updated > b.updated;

async function readSubscriptions(pb: PocketBase, filters: string[]): Promise<Subscription[]> {
  if (!filters.length) return [];
  const rows = await pb
    .collection('pushSubscriptions')
    .getFullList({ filter: filters.join(' || '), batch: 500, requestKey: null });
  // a record without usable keys (not from a browser) can never get a push: ignored quietly
  return parseAll(Subscription, rows, 'subscription', () => {});
}

/**
 * The subscriptions of `users`, by user, without those another account took over: a record is
 * skipped when another user's record has the same endpoint and the same keys (the same browser
 * subscription) and was saved later.
 */
async function subscriptionsOf(
  pb: PocketBase,
  users: string[],
  log: (m: string) => void,
): Promise<Map<string, Subscription[]>> {
  const own: Subscription[] = [];
  for (let i = 0; i < users.length; i += 50) {
    const chunk = users.slice(i, i + 50);
    own.push(
      ...(await readSubscriptions(
        pb,
        chunk.map((u) => pb.filter('user = {:u}', { u })),
      )),
    );
  }
  const sharing = new Map<string, Subscription[]>();
  const endpoints = [...new Set(own.map((s) => s.endpoint))];
  for (let i = 0; i < endpoints.length; i += 20) {
    const chunk = endpoints.slice(i, i + 20);
    const rows = await readSubscriptions(
      pb,
      chunk.map((e) => pb.filter('endpoint = {:e}', { e })),
    );
    for (const s of rows) sharing.set(s.endpoint, [...(sharing.get(s.endpoint) ?? []), s]);
  }
  const byUser = new Map<string, Subscription[]>();
  for (const s of own) {
    const newer = (sharing.get(s.endpoint) ?? []).find(
      (o) => o.user !== s.user && sameKeys(o, s) && savedAfter(o, s),
    );
    if (newer) {
      log(`skipping subscription ${s.id}: another account saved this browser's subscription later`);
      continue;
    }
    byUser.set(s.user, [...(byUser.get(s.user) ?? []), s]);
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
  const claims = opts.claims ?? new RowClaims();
  const limiter =
    opts.limiter ??
    new SendLimiter(
      opts.concurrency ?? PUSH_CONCURRENCY,
      opts.perUserConcurrency ?? PUSH_PER_USER_CONCURRENCY,
    );
  const resolveHost = opts.resolveHost ?? systemResolveHost;
  const allowPrivate = opts.allowPrivateEndpoints ?? false;
  const timeoutMs = opts.timeoutMs ?? PUSH_TIMEOUT_MS;
  const ttl = opts.ttlSeconds ?? DAY;
  const pageSize = opts.pageSize ?? 100;
  const maxPerPass = opts.maxPerPass ?? 1000;
  const result: DispatchResult = { handled: 0, sent: 0, removed: 0, retrying: 0 };
  const removed = new Set<string>();
  // one lookup per host and pass (every FCM endpoint shares one host)
  const lookups = new Map<string, Promise<LookupAddress[]>>();
  const resolveOnce: ResolveHost = (host) => {
    let p = lookups.get(host);
    if (!p) {
      p = resolveHost(host);
      p.catch(() => {}); // each waiting push reports the failure itself
      lookups.set(host, p);
    }
    return p;
  };
  // rows deleted while waiting for a retry are never seen again: forget them after the TTL
  for (const [id, entry] of retry) {
    if (now() - entry.created > ttl * 1000 + BACKOFF_MAX_MS) retry.delete(id);
  }

  /** One push to one device, within the deadline; never throws. */
  const send = async (n: Notification, s: Subscription): Promise<Outcome> => {
    if (removed.has(s.id)) return 'gone';
    if (opts.signal?.aborted) return 'retry';
    const payload = JSON.stringify({
      id: n.id,
      title: n.title,
      body: n.body,
      url: n.url,
      topic: n.topic,
      created: n.created,
    });
    const deadline = AbortSignal.any([
      AbortSignal.timeout(timeoutMs),
      ...(opts.signal ? [opts.signal] : []),
    ]);
    const late = aborted(deadline);
    late.catch(() => {});
    let agent: PinnedAgent | undefined;
    const stop = () => agent?.destroy();
    deadline.addEventListener('abort', stop, { once: true });
    try {
      const check = await Promise.race([
        checkEndpoint(s.endpoint, resolveOnce, allowPrivate),
        late,
      ]);
      if (!check.ok) {
        log(`skipping subscription ${s.id}: ${check.reason}`);
        return 'rejected';
      }
      agent = new PinnedAgent(check.target, opts.agent?.options, opts.onConnect);
      await Promise.race([
        webpush.sendNotification({ endpoint: s.endpoint, keys: s.keys }, payload, {
          vapidDetails: vapid,
          TTL: ttl,
          urgency: n.topic === 'comment' ? 'high' : 'normal',
          contentEncoding: 'aes128gcm',
          timeout: timeoutMs,
          agent,
        }),
        late,
      ]);
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
      // network error, lookup failure, deadline, 429, 5xx
      const why = deadline.aborted && !opts.signal?.aborted ? `no answer in ${timeoutMs} ms` : '';
      log(`push to subscription ${s.id} failed: ${status || why || String(err)}`);
      return 'retry';
    } finally {
      deadline.removeEventListener('abort', stop);
      agent?.destroy();
    }
  };

  const markHandled = async (n: Notification): Promise<boolean> => {
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
    return true;
  };

  /** Sends one row to its devices, then marks it handled (true) or schedules its retry. */
  const deliver = async (n: Notification, targets: Subscription[]): Promise<boolean> => {
    const outcomes = await Promise.all(
      targets.map(async (s) => ({ s, outcome: await limiter.run(n.user, () => send(n, s)) })),
    );
    if (!outcomes.some((o) => o.outcome === 'retry')) return markHandled(n);
    const entry = retry.get(n.id) ?? {
      created: parseDate(n.created),
      attempts: 0,
      nextTryAt: 0,
      done: new Set<string>(),
    };
    for (const { s, outcome } of outcomes) if (outcome !== 'retry') entry.done.add(s.id);
    entry.attempts += 1;
    const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (entry.attempts - 1));
    entry.nextTryAt = now() + wait;
    retry.set(n.id, entry);
    result.retrying += 1;
    return false;
  };

  const tasks: Promise<void>[] = [];
  const track = (n: Notification, work: Promise<boolean>) =>
    tasks.push(
      work.then(
        (handled) => claims.release(n.id, handled),
        (err: unknown) => {
          claims.release(n.id, false);
          throw err;
        },
      ),
    );
  let readError: unknown;
  try {
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

      // rows another pass is still sending are its business; rows waiting for a retry wait
      const rows = parseAll(Notification, page.items, 'notification', log);
      const waiting = rows.filter((n) => (retry.get(n.id)?.nextTryAt ?? 0) > now());
      result.retrying += waiting.length;
      const due = rows.filter((n) => !waiting.includes(n) && claims.claim(n.id));
      let subs: Map<string, Subscription[]>;
      try {
        subs = await subscriptionsOf(pb, [...new Set(due.map((n) => n.user))], log);
      } catch (err) {
        for (const n of due) claims.release(n.id, false);
        throw err;
      }

      for (const n of due) {
        if (now() - parseDate(n.created) > ttl * 1000) {
          log(`notification ${n.id} is older than the TTL: not sent`);
          track(n, markHandled(n));
          continue;
        }
        const done = retry.get(n.id)?.done;
        const targets = (subs.get(n.user) ?? []).filter(
          (s) => s.topics.includes(n.topic) && !done?.has(s.id),
        );
        track(n, deliver(n, targets));
      }
      if (page.items.length < pageSize) break;
    }
  } catch (err) {
    readError = err;
  }
  // every claimed row is released by its task, or above when its page failed
  const failed = (await Promise.allSettled(tasks)).find((r) => r.status === 'rejected');
  if (readError) throw readError;
  if (failed) throw failed.reason;
  return result;
}

export interface PushDispatcher {
  /** Runs a pass now instead of at the next tick. */
  wake(): void;
  /** Stops polling, aborts the pushes in flight and waits for the passes to finish. */
  stop(): Promise<void>;
}

/** Passes running at once: a pass waiting for slow endpoints does not stop the next one. */
const MAX_PASSES = 4;

/**
 * Polls every `intervalMs` (default 3 s). `login` (re)authenticates `pb` as a superuser: at start,
 * shortly before the token expires and after a 401/403.
 */
export function startPushDispatcher(
  opts: Omit<DispatchOptions, 'retry' | 'claims' | 'limiter' | 'signal'> & {
    login: (pb: PocketBase) => Promise<void>;
    intervalMs?: number;
  },
): PushDispatcher {
  const log = opts.log ?? ((m: string) => console.log(`[push] ${m}`));
  const retry: RetryState = new Map();
  const claims = new RowClaims();
  const limiter = new SendLimiter(
    opts.concurrency ?? PUSH_CONCURRENCY,
    opts.perUserConcurrency ?? PUSH_PER_USER_CONCURRENCY,
  );
  const abort = new AbortController();
  const passes = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  // a wake() while a pass is being started skips the next wait
  let woken = false;

  const failed = (err: unknown) => {
    if (err instanceof ClientResponseError && (err.status === 401 || err.status === 403)) {
      opts.pb.authStore.clear();
    }
    if (!stopped) log(`dispatch pass failed: ${String(err)}`);
  };

  const loop = async () => {
    while (!stopped) {
      woken = false;
      try {
        const token = opts.pb.authStore.token;
        if (!token || isTokenExpired(token, 300)) await opts.login(opts.pb);
        if (passes.size < MAX_PASSES) {
          const pass: Promise<void> = dispatchOnce({
            ...opts,
            log,
            retry,
            claims,
            limiter,
            signal: abort.signal,
          })
            .then((r) => {
              if (r.sent || r.removed) {
                log(`sent ${r.sent} push(es), removed ${r.removed} expired subscription(s)`);
              }
            })
            .catch(failed)
            .finally(() => passes.delete(pass));
          passes.add(pass);
        }
      } catch (err) {
        failed(err);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        if (woken) return resolve();
        wakeUp = resolve;
        timer = setTimeout(resolve, opts.intervalMs ?? 3_000);
      });
    }
  };
  const running = loop();

  return {
    wake() {
      woken = true;
      clearTimeout(timer);
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wakeUp?.();
      abort.abort(new Error('push dispatcher stopped'));
      await running;
      while (passes.size) await Promise.allSettled([...passes]);
    },
  };
}
