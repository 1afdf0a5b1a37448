/**
 * The dispatcher's loop: a pass every few seconds (or at once on wake()), several passes at a
 * time so a pass waiting for slow endpoints does not hold up the next, sharing the retry state,
 * the row claims and the push slots; the superuser login renewed before it expires. It waits on
 * its timer without a word: lines are for pushes sent and for failures (docs/operators.md, Logs).
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError, isTokenExpired } from 'pocketbase';
import { dispatchOnce } from './dispatch.ts';
import { appOrigin, defaultLog, newLimiter, type DispatchOptions } from './pass.ts';
import type { RetryState } from './retry.ts';
import { RowClaims } from './row-claims.ts';
import type { SendLimiter } from './send-limiter.ts';

export interface PushDispatcher {
  /** Runs a pass now instead of at the next tick. */
  wake(): void;
  /**
   * Stops polling and waits for the passes to finish. The pushes in flight are aborted at once,
   * or after `graceMs` if the passes have not finished by then (the launcher lets them finish, so
   * a push sent is marked sent before PocketBase stops: docs/operators.md, Restarts).
   */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

export type LoopOptions = Omit<DispatchOptions, 'retry' | 'claims' | 'limiter' | 'signal'> & {
  login: (pb: PocketBase) => Promise<void>;
  intervalMs?: number;
};

/** Passes running at once: a pass waiting for slow endpoints does not stop the next one. */
const MAX_PASSES = 4;
const INTERVAL_MS = 3_000;
/** The login is renewed this long before its token expires. */
const RENEW_BEFORE_S = 300;

class DispatchLoop {
  private readonly log: (message: string) => void;
  private readonly retry: RetryState = new Map();
  private readonly claims = new RowClaims();
  private readonly limiter: SendLimiter;
  private readonly abort = new AbortController();
  private readonly passes = new Set<Promise<void>>();
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake() while a pass is being started skips the next wait. */
  private woken = false;

  constructor(private readonly opts: LoopOptions) {
    this.log = opts.log ?? defaultLog;
    this.limiter = newLimiter(opts);
  }

  async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      try {
        await this.tick();
      } catch (err) {
        this.failed(err);
      }
      if (this.stopped) break;
      await this.sleep();
    }
  }

  wake(): void {
    this.woken = true;
    clearTimeout(this.timer);
    this.wakeUp?.();
  }

  async stop(running: Promise<void>, graceMs = 0): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wakeUp?.();
    if (graceMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([running.then(() => this.settled()), late]);
      clearTimeout(timer);
    }
    this.abort.abort(new Error('push dispatcher stopped'));
    await running;
    await this.settled();
  }

  /** Resolves once no pass is running (passes end on their own; none starts once stopped). */
  private async settled(): Promise<void> {
    while (this.passes.size) await Promise.allSettled([...this.passes]);
  }

  /** Logs in when needed and starts a pass unless MAX_PASSES are running. */
  private async tick(): Promise<void> {
    const { pb } = this.opts;
    const token = pb.authStore.token;
    if (!token || isTokenExpired(token, RENEW_BEFORE_S)) await this.opts.login(pb);
    if (this.passes.size < MAX_PASSES) this.startPass();
  }

  private startPass(): void {
    const { log, retry, claims, limiter } = this;
    const pass: Promise<void> = dispatchOnce({
      ...this.opts,
      log,
      retry,
      claims,
      limiter,
      signal: this.abort.signal,
    })
      .then((r) => {
        if (r.sent || r.removed) {
          log(`sent ${r.sent} push(es), removed ${r.removed} expired subscription(s)`);
        }
      })
      .catch((err: unknown) => this.failed(err))
      .finally(() => this.passes.delete(pass));
    this.passes.add(pass);
  }

  private failed(err: unknown): void {
    if (err instanceof ClientResponseError && (err.status === 401 || err.status === 403)) {
      this.opts.pb.authStore.clear();
    }
    if (!this.stopped) this.log(`dispatch pass failed: ${String(err)}`);
  }

  private sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.woken) return resolve();
      this.wakeUp = resolve;
      this.timer = setTimeout(resolve, this.opts.intervalMs ?? INTERVAL_MS);
    });
  }
}

/**
 * Polls every `intervalMs` (default 3 s). `login` (re)authenticates `pb` as a superuser: at start,
 * shortly before the token expires and after a 401/403.
 */
export function startPushDispatcher(opts: LoopOptions): PushDispatcher {
  // a wrong APP_URL is a setup error: said at start, not in every pass
  appOrigin(opts.appUrl);
  const loop = new DispatchLoop(opts);
  const running = loop.run();
  return {
    wake: () => loop.wake(),
    stop: (opts) => loop.stop(running, opts?.graceMs),
  };
}
