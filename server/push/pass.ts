/**
 * The options of a dispatch pass and what the pass works with: the options with their defaults,
 * one DNS lookup per host, the devices found gone, and the counts it reports.
 */
import type { LookupAddress } from 'node:dns';
import type { Agent, AgentOptions } from 'node:https';
import type PocketBase from 'pocketbase';
import { systemResolveHost, type ResolveHost } from '../push-endpoint.ts';
import type { VapidConfig } from '../vapid.ts';
import { RowClaims } from './row-claims.ts';
import type { RetryState } from './retry.ts';
import { SendLimiter } from './send-limiter.ts';
import { logEvent } from '../log.ts';

export interface DispatchOptions {
  /** A client authenticated as a superuser. */
  pb: PocketBase;
  vapid: VapidConfig;
  /**
   * The app's public URL (APP_URL): a push's `navigate` and icons are absolute URLs on its origin
   * (docs/push.md, The payload). Default APP_URL, else http://127.0.0.1:8090 (local runs, tests).
   */
  appUrl?: string;
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
export const PUSH_TIMEOUT_MS = 5_000;
export const PUSH_CONCURRENCY = 32;
export const PUSH_PER_USER_CONCURRENCY = 4;

/** One pass's settings (the options with defaults) and state. */
export interface Pass {
  pb: PocketBase;
  vapid: VapidConfig;
  /** The origin of `appUrl`. */
  appOrigin: string;
  now: () => number;
  log: (message: string) => void;
  retry: RetryState;
  claims: RowClaims;
  limiter: SendLimiter;
  /** Resolves each host once per pass (every FCM endpoint shares one host). */
  resolveHost: ResolveHost;
  allowPrivate: boolean;
  timeoutMs: number;
  ttlSeconds: number;
  pageSize: number;
  maxPerPass: number;
  tls: AgentOptions | undefined;
  onConnect: DispatchOptions['onConnect'];
  signal: AbortSignal | undefined;
  /** Subscriptions deleted in this pass (their other pushes are not sent). */
  removed: Set<string>;
  result: DispatchResult;
}

/**
 * `[push] …`, only for what happened: pushes sent, subscriptions removed (info), failures and
 * refusals (warn); a pass that found nothing to send says nothing (docs/operators.md, Logs).
 */
export const defaultLog = (m: string) => logEvent(`[push] ${m}`);

export function newLimiter(opts: DispatchOptions): SendLimiter {
  return new SendLimiter(
    opts.concurrency ?? PUSH_CONCURRENCY,
    opts.perUserConcurrency ?? PUSH_PER_USER_CONCURRENCY,
  );
}

/** `resolve` with one lookup per host for as long as it is kept. */
function oncePerHost(resolve: ResolveHost): ResolveHost {
  const lookups = new Map<string, Promise<LookupAddress[]>>();
  return (host) => {
    let p = lookups.get(host);
    if (!p) {
      p = resolve(host);
      p.catch(() => {}); // each waiting push reports the failure itself
      lookups.set(host, p);
    }
    return p;
  };
}

/** The origin pushes open, from `appUrl`; a URL that is not http(s) is a setup error. */
export function appOrigin(appUrl = process.env['APP_URL'] || 'http://127.0.0.1:8090'): string {
  const url = new URL(appUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`push: APP_URL must be an http(s) URL, not ${appUrl}`);
  }
  return url.origin;
}

export function startPass(opts: DispatchOptions): Pass {
  return {
    pb: opts.pb,
    vapid: opts.vapid,
    appOrigin: appOrigin(opts.appUrl),
    now: opts.now ?? Date.now,
    log: opts.log ?? defaultLog,
    retry: opts.retry ?? new Map(),
    claims: opts.claims ?? new RowClaims(),
    limiter: opts.limiter ?? newLimiter(opts),
    resolveHost: oncePerHost(opts.resolveHost ?? systemResolveHost),
    allowPrivate: opts.allowPrivateEndpoints ?? false,
    timeoutMs: opts.timeoutMs ?? PUSH_TIMEOUT_MS,
    ttlSeconds: opts.ttlSeconds ?? DAY,
    pageSize: opts.pageSize ?? 100,
    maxPerPass: opts.maxPerPass ?? 1000,
    tls: opts.agent?.options,
    onConnect: opts.onConnect,
    signal: opts.signal,
    removed: new Set(),
    result: { handled: 0, sent: 0, removed: 0, retrying: 0 },
  };
}
