/**
 * The page's sync engine: keeps Dexie in step with PocketBase and sends the outbox.
 *
 * - Pull: at start, when the network returns, on every realtime (re)connect, after a login or
 *   logout, and on demand; a pull that failed online is tried again with a growing wait. Pulls
 *   never overlap; a request during a pull runs one more after it.
 *   A cold start pulls at once, beside realtime's connect (the first screen must not wait for
 *   it); once the subscriptions are in place, a pull that may have read before them is followed
 *   by one more (usually empty) round, so no change falls between the two.
 * - Realtime: subscribed while online; restarted when the session changes (the server checks
 *   read rules per connection) and when the network returns.
 * - Flush: at start, when a change is queued, when the network returns, when the page becomes
 *   visible, and when a backing-off row is due. The service worker flushes too (Background Sync
 *   `sync` event, registered here after each queued change); the Web Lock keeps them apart.
 * - Session: the stored session is watched (other tabs log in and out too); the token is
 *   refreshed when it nears expiry, and forgotten when a flush finds that the server no longer
 *   takes it (the screens then show a logged-out user; queued rows wait for the next login).
 *
 * What runs next is decided by the pure state machine in machine.ts; this module carries out its
 * effects (requests, IndexedDB, timers) and reports what happened as events. See docs/sync.md,
 * The engine.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { AppDB } from '@/data/db/index.ts';
import type { AppClient } from '@/data/pb/client.ts';
import { readAuthRow } from '@/data/session/auth-store.ts';
import { claimPrivateTables, readSession, refreshSessionIfNeeded } from '@/data/session/session.ts';
import { isQuotaError } from '@/data/storage.ts';
import { applyServerRecords } from './apply.ts';
import { flushOutbox, type FlushReport } from './flush.ts';
import { initialMachineState, transition, type SyncEffect, type SyncEvent } from './machine.ts';
import { pullAll, readableCollections, type PullReport } from './pull.ts';
import type { PullFn } from './pull-remote.ts';
import { startRealtime, type RealtimeHandle } from './realtime.ts';
import { onQueued } from './signals.ts';
import { initialSyncStatus, type SyncStatus } from './status.ts';

/** A page shown again after this long pulls even with realtime live (counts are not pushed). */
const VISIBLE_REFRESH_MS = 60_000;
export type { SyncStatus } from './status.ts';

export interface SyncEngine {
  start(): Promise<void>;
  stop(): Promise<void>;
  getStatus(): SyncStatus;
  subscribe(listener: () => void): () => void;
  pull(): Promise<PullReport | null>;
  flush(opts?: { ignoreBackoff?: boolean }): Promise<FlushReport | null>;
}

const SYNC_TAG = 'outbox';
const REFRESH_CHECK_MS = 60 * 60 * 1000;
/** How long a start, login or return online waits for realtime before pulling without it. */
const CONNECT_WAIT_MS = 2000;
/**
 * A pull that failed online (a dropped connection, a busy or rate-limited server) is tried again
 * after this wait, doubled at each failure in a row up to PULL_RETRY_MAX_MS: without it, a group
 * saved for offline would wait for the next realtime event or return online to come in.
 */
export const PULL_RETRY_FIRST_MS = 2_000;
export const PULL_RETRY_MAX_MS = 60_000;

/** A promise with its resolve, for the callers of a pull or flush that is under way. */
interface Settle<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

function settle<T>(): Settle<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export function createSyncEngine(opts: {
  db: AppDB;
  client: AppClient;
  /** Registers a Background Sync so the service worker flushes if the page goes away. */
  registerBackgroundSync?: (tag: string) => Promise<void>;
  /** Runs a whole pull: on the page by default; the app hands the worker's (./pull-remote.ts). */
  pull?: PullFn;
}): SyncEngine {
  const { db, client } = opts;
  const pullWith: PullFn = opts.pull ?? pullAll;
  const { pb, store } = client;
  let status: SyncStatus = initialSyncStatus();
  const listeners = new Set<() => void>();
  const set = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    for (const l of listeners) l();
  };

  let machine = initialMachineState;
  /** The pull under way (all its rounds) and the last round's report. */
  let pulling: Settle<PullReport | null> | null = null;
  let lastPull: PullReport | null = null;
  let flushing: Settle<FlushReport | null> | null = null;
  let lastFlush: FlushReport | null = null;
  let realtime: RealtimeHandle | null = null;
  /** A connection just started, waiting for the machine to keep or drop it. */
  let started: RealtimeHandle | null = null;
  let realtimeStopping: Promise<void> | undefined;
  /** Callers waiting for realtime to connect (reconnectAndPull), and the timer that ends it. */
  const waiters: (() => void)[] = [];
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The next try of a failed pull, and how many failed in a row. */
  let pullRetryTimer: ReturnType<typeof setTimeout> | undefined;
  let pullFailures = 0;
  let refreshTimer: ReturnType<typeof setInterval> | undefined;
  let authSub: Subscription | undefined;
  const cleanups: (() => void)[] = [];

  function dispatch(event: SyncEvent): void {
    const next = transition(machine, event);
    machine = next.state;
    for (const effect of next.effects) run(effect);
  }

  function run(effect: SyncEffect): void {
    switch (effect.type) {
      case 'pullRound':
        pulling ??= settle();
        void pullRound().then((report) => {
          lastPull = report;
          dispatch({ type: 'pullRoundDone' });
        });
        return;
      case 'pullSettled':
        pulling?.resolve(lastPull);
        pulling = null;
        return;
      case 'flushRound':
        flushing ??= settle();
        void flushRound(effect.ignoreBackoff).then(({ report, sessionRefreshed }) => {
          lastFlush = report;
          dispatch({ type: 'flushRoundDone', sessionRefreshed });
        });
        return;
      case 'flushSettled':
        flushing?.resolve(lastFlush);
        flushing = null;
        return;
      case 'restartRealtime':
        void restartRealtime(effect.gen);
        return;
      case 'keepRealtime':
        realtime = started;
        started = null;
        return;
      case 'dropRealtime':
        void started?.stop();
        started = null;
        return;
      case 'stopRealtime': {
        const old = realtime;
        realtime = null;
        realtimeStopping = old?.stop();
        return;
      }
      case 'realtimeStatus':
        set({ realtime: effect.realtime });
        return;
      case 'armConnectTimer':
        clearTimeout(connectTimer);
        connectTimer = setTimeout(() => dispatch({ type: 'connectTimeout' }), CONNECT_WAIT_MS);
        return;
      case 'clearConnectTimer':
        clearTimeout(connectTimer);
        return;
      case 'releaseWaitersAfterPull': {
        const going = waiters.splice(0);
        const after = pulling?.promise ?? Promise.resolve(null);
        void after.finally(() => going.forEach((w) => w()));
        return;
      }
      case 'releaseWaiters':
        for (const w of waiters.splice(0)) w();
        return;
    }
  }

  async function pullRound(): Promise<PullReport | null> {
    if (!status.online) return null;
    set({ pulling: true });
    try {
      const session = await readSession(db);
      await claimPrivateTables(db, session?.userId ?? null);
      dispatch({ type: 'pullReading' });
      const report = await pullWith(pb, db, !!session, { userId: session?.userId ?? null });
      set({ lastPullAt: Date.now(), problem: null });
      pullFailures = 0;
      clearTimeout(pullRetryTimer);
      return report;
    } catch (err) {
      if (isQuotaError(err)) set({ problem: 'storage-full' });
      else {
        console.warn('[sync] pull failed', err);
        schedulePullRetry();
      }
      return null;
    } finally {
      set({ pulling: false });
    }
  }

  /** Tries a failed pull again later; offline, the return online pulls instead. */
  function schedulePullRetry() {
    clearTimeout(pullRetryTimer);
    if (machine.stopped) return;
    const wait = Math.min(PULL_RETRY_MAX_MS, PULL_RETRY_FIRST_MS * 2 ** pullFailures);
    pullFailures += 1;
    pullRetryTimer = setTimeout(() => {
      if (status.online) void pull();
    }, wait);
  }

  function pull(): Promise<PullReport | null> {
    if (machine.stopped) return Promise.resolve(null);
    dispatch({ type: 'pullRequested' });
    return pulling?.promise ?? Promise.resolve(null);
  }

  async function flushRound(
    ignoreBackoff: boolean,
  ): Promise<{ report: FlushReport | null; sessionRefreshed: boolean }> {
    if (!status.online) return { report: null, sessionRefreshed: false };
    set({ flushing: true });
    try {
      const report = await flushOutbox({ db, pb, ignoreBackoff });
      set({ waitingForLogin: report.stopped === 'auth' || report.stopped === 'no-session' });
      let sessionRefreshed = false;
      if (report.stopped === 'auth') {
        // the server did not take this token: ask once more; if it still refuses, the session
        // is forgotten (the screens show a logged-out user) and the rows wait for a login
        const refreshed = await refreshSessionIfNeeded(client, { force: true });
        sessionRefreshed = refreshed === 'refreshed';
      }
      scheduleRetry(report.nextTryAt);
      if (report.stopped === 'network') void registerSync();
      return { report, sessionRefreshed };
    } catch (err) {
      console.warn('[sync] flush failed', err);
      return { report: null, sessionRefreshed: false };
    } finally {
      set({ flushing: false });
    }
  }

  function flush(o: { ignoreBackoff?: boolean } = {}): Promise<FlushReport | null> {
    if (machine.stopped) return Promise.resolve(null);
    dispatch({ type: 'flushRequested', ignoreBackoff: o.ignoreBackoff ?? false });
    return flushing?.promise ?? Promise.resolve(null);
  }

  function scheduleRetry(at: number | null) {
    clearTimeout(retryTimer);
    if (at === null) return;
    retryTimer = setTimeout(() => void flush(), Math.max(0, at - Date.now()) + 50);
  }

  async function registerSync() {
    try {
      await opts.registerBackgroundSync?.(SYNC_TAG);
    } catch {
      // no Background Sync (Firefox, Safari): the page's own triggers cover it
    }
  }

  async function restartRealtime(gen: number) {
    const old = realtime;
    realtime = null;
    await old?.stop();
    if (!status.online) {
      dispatch({ type: 'realtimeOffline' });
      return;
    }
    set({ realtime: 'connecting' });
    try {
      const session = await readSession(db);
      const handle = await startRealtime(pb, db, readableCollections(!!session), () =>
        dispatch({ type: 'realtimeConnected' }),
      );
      started = handle;
      dispatch({ type: 'realtimeStarted', gen });
    } catch {
      dispatch({ type: 'realtimeFailed', gen });
    }
  }

  /**
   * Restarts realtime and pulls once (a login, a logout, the network back). Realtime's connect
   * runs the pull after its subscriptions are in place, so that one pull covers everything before
   * them; a pull started earlier would need a second round for the changes between its reads and
   * the subscription. Nothing is on screen waiting here (unlike a cold start), so the pull waits
   * for the connect, at most CONNECT_WAIT_MS; if realtime cannot connect, the pull runs without
   * it. Resolves when that pull is done.
   */
  function reconnectAndPull(): Promise<void> {
    return new Promise<void>((resolve) => {
      waiters.push(resolve);
      dispatch({ type: 'reconnectRequested' });
    });
  }

  /**
   * Cold start: pulls at once while realtime connects. If the subscriptions land after this pull
   * began reading, the connect runs one more round (see machine.ts, realtimeConnected).
   */
  function pullBesideRealtime(): Promise<void> {
    if (machine.stopped) return Promise.resolve();
    dispatch({ type: 'realtimeRestart' });
    return pull().then(() => undefined);
  }

  async function onSessionChanged() {
    const session = await readSession(db);
    set({ userId: session?.userId ?? null });
    await claimPrivateTables(db, session?.userId ?? null);
    // The login response carries the user's own record with its private fields (email, phone,
    // birth); a copy pulled before the login lacks them and a delta pull would not bring it again.
    const own = session ? (await readAuthRow(db))?.record : null;
    if (own) await applyServerRecords(db, 'users', [own], { skipOlder: true }).catch(() => 0);
    void reconnectAndPull();
    void flush({ ignoreBackoff: true });
  }

  function onOnline() {
    set({ online: true });
    void flush({ ignoreBackoff: true });
    void reconnectAndPull();
  }

  function onOffline() {
    set({ online: false, realtime: 'off' });
  }

  function onVisible() {
    if (document.visibilityState !== 'visible') return;
    void flush();
    // like counts are not broadcast (docs/scaling.md, Like storms): an app brought back after a
    // while pulls them even with realtime live (one delta request)
    const stale = Date.now() - (status.lastPullAt ?? 0) > VISIBLE_REFRESH_MS;
    if (status.realtime !== 'live' || stale) void pull();
  }

  return {
    async start() {
      dispatch({ type: 'start' });
      // Listen before the first await, then take the network state as it is now: a change while
      // the engine was loading (the fan lost signal during start-up) must not be missed.
      if (typeof window !== 'undefined') {
        window.addEventListener('online', onOnline);
        window.addEventListener('offline', onOffline);
        document.addEventListener('visibilitychange', onVisible);
        cleanups.push(() => {
          window.removeEventListener('online', onOnline);
          window.removeEventListener('offline', onOffline);
          document.removeEventListener('visibilitychange', onVisible);
        });
        if (navigator.onLine !== status.online) set({ online: navigator.onLine });
      }
      const session = await readSession(db);
      set({ userId: session?.userId ?? null });
      cleanups.push(
        onQueued(() => {
          void registerSync();
          void flush();
        }),
      );
      // the stored session is the truth: follow logins and logouts from any tab
      let lastUser: string | null | undefined = session?.userId ?? null;
      authSub = liveQuery(() => readAuthRow(db)).subscribe({
        next: (row) => {
          store.adopt(row);
          const user = (row?.record as { id?: string } | null)?.id ?? null;
          if (user !== lastUser) {
            lastUser = user;
            void onSessionChanged();
          }
        },
        error: (err: unknown) => console.warn('[sync] session watch failed', err),
      });
      refreshTimer = setInterval(() => void refreshSessionIfNeeded(client), REFRESH_CHECK_MS);

      if (status.online) await refreshSessionIfNeeded(client);
      await claimPrivateTables(db, (await readSession(db))?.userId ?? null);
      await pullBesideRealtime();
      await flush({ ignoreBackoff: true });
    },
    async stop() {
      authSub?.unsubscribe();
      clearTimeout(retryTimer);
      clearTimeout(pullRetryTimer);
      clearInterval(refreshTimer);
      for (const c of cleanups.splice(0)) c();
      dispatch({ type: 'stop' });
      await realtimeStopping;
      // let what is under way finish (a flush removes rows only once the server confirmed them)
      await Promise.allSettled([pulling?.promise, flushing?.promise]);
      clearTimeout(retryTimer);
    },
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pull,
    flush,
  };
}
