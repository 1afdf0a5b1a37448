/**
 * The page's sync engine: keeps Dexie in step with PocketBase and sends the outbox.
 *
 * - Pull: at start, when the network returns, on every realtime (re)connect, after a login or
 *   logout, and on demand. Pulls never overlap; a request during a pull runs one more after it.
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
 */
import { liveQuery, type Subscription } from 'dexie';
import type { AppDB } from '@/data/db/index.ts';
import type { AppClient } from '@/data/pb/client.ts';
import { readAuthRow } from '@/data/session/auth-store.ts';
import { applyServerRecords } from './apply.ts';
import { claimPrivateTables, readSession, refreshSessionIfNeeded } from '@/data/session/session.ts';
import { isQuotaError } from '@/data/storage.ts';
import { flushOutbox, type FlushReport } from './flush.ts';
import { pullAll, readableCollections, type PullReport } from './pull.ts';
import { startRealtime, type RealtimeHandle } from './realtime.ts';
import { onQueued } from './signals.ts';
import { initialSyncStatus, type SyncStatus } from './status.ts';

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

export function createSyncEngine(opts: {
  db: AppDB;
  client: AppClient;
  /** Registers a Background Sync so the service worker flushes if the page goes away. */
  registerBackgroundSync?: (tag: string) => Promise<void>;
}): SyncEngine {
  const { db, client } = opts;
  const { pb, store } = client;
  let status: SyncStatus = initialSyncStatus();
  const listeners = new Set<() => void>();
  const set = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    for (const l of listeners) l();
  };

  let realtime: RealtimeHandle | null = null;
  let realtimeGen = 0;
  let pullRunning: Promise<PullReport | null> | null = null;
  let pullAgain = false;
  /**
   * Whether the pull under way has begun reading from the server. When realtime's subscriptions
   * land, a pull that is reading already may have missed what changed just before them; one that
   * has not begun yet will read after them.
   */
  let pullReading = false;
  let flushRunning: Promise<FlushReport | null> | null = null;
  let flushAgain: { ignoreBackoff: boolean } | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** A pull waiting for realtime to connect (reconnectAndPull), with its fallback timer. */
  let connectWait: { timer: ReturnType<typeof setTimeout>; done: () => void } | null = null;
  let refreshTimer: ReturnType<typeof setInterval> | undefined;
  let authSub: Subscription | undefined;
  /** After stop(): no new pull, flush or realtime (a late PB_CONNECT, a timer, a queued row). */
  let stopped = false;
  const cleanups: (() => void)[] = [];

  async function doPull(): Promise<PullReport | null> {
    if (!status.online) return null;
    set({ pulling: true });
    try {
      const session = await readSession(db);
      await claimPrivateTables(db, session?.userId ?? null);
      pullReading = true;
      const report = await pullAll(pb, db, !!session);
      set({ lastPullAt: Date.now(), problem: null });
      return report;
    } catch (err) {
      if (isQuotaError(err)) set({ problem: 'storage-full' });
      else console.warn('[sync] pull failed', err);
      return null;
    } finally {
      pullReading = false;
      set({ pulling: false });
    }
  }

  function pull(): Promise<PullReport | null> {
    if (stopped) return Promise.resolve(null);
    if (pullRunning) {
      pullAgain = true;
      return pullRunning;
    }
    pullRunning = (async () => {
      let result: PullReport | null;
      do {
        pullAgain = false;
        result = await doPull();
      } while (pullAgain && !stopped);
      return result;
    })().finally(() => {
      pullRunning = null;
    });
    return pullRunning;
  }

  async function doFlush(ignoreBackoff: boolean): Promise<FlushReport | null> {
    if (!status.online) return null;
    set({ flushing: true });
    try {
      const report = await flushOutbox({ db, pb, ignoreBackoff });
      set({ waitingForLogin: report.stopped === 'auth' || report.stopped === 'no-session' });
      if (report.stopped === 'auth') {
        // the server did not take this token: ask once more; if it still refuses, the session
        // is forgotten (the screens show a logged-out user) and the rows wait for a login
        const refreshed = await refreshSessionIfNeeded(client, { force: true });
        if (refreshed === 'refreshed') flushAgain = { ignoreBackoff: true };
      }
      scheduleRetry(report.nextTryAt);
      if (report.stopped === 'network') void registerSync();
      return report;
    } catch (err) {
      console.warn('[sync] flush failed', err);
      return null;
    } finally {
      set({ flushing: false });
    }
  }

  function flush(o: { ignoreBackoff?: boolean } = {}): Promise<FlushReport | null> {
    const ignoreBackoff = o.ignoreBackoff ?? false;
    if (stopped) return Promise.resolve(null);
    if (flushRunning) {
      flushAgain = { ignoreBackoff: ignoreBackoff || (flushAgain?.ignoreBackoff ?? false) };
      return flushRunning;
    }
    flushRunning = (async () => {
      let result = await doFlush(ignoreBackoff);
      while (flushAgain && !stopped) {
        const again = flushAgain;
        flushAgain = null;
        result = await doFlush(again.ignoreBackoff);
      }
      return result;
    })().finally(() => {
      flushRunning = null;
    });
    return flushRunning;
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

  async function restartRealtime() {
    if (stopped) return;
    const gen = ++realtimeGen;
    const old = realtime;
    realtime = null;
    await old?.stop();
    if (!status.online) {
      set({ realtime: 'off' });
      releaseConnectWait();
      return;
    }
    set({ realtime: 'connecting' });
    try {
      const session = await readSession(db);
      const handle = await startRealtime(pb, db, readableCollections(!!session), () => {
        set({ realtime: 'live' });
        // every (re)connect pulls what happened while no subscription was in place, unless the
        // pull under way has not begun reading yet (it reads after the subscriptions)
        const waiting = connectWait;
        connectWait = null;
        if (waiting) clearTimeout(waiting.timer);
        const running = pullRunning;
        void (running && !pullReading ? running : pull()).finally(() => waiting?.done());
      });
      if (gen !== realtimeGen) {
        await handle.stop();
        return;
      }
      realtime = handle;
    } catch {
      if (gen === realtimeGen) {
        set({ realtime: 'off' });
        releaseConnectWait();
      }
    }
  }

  /** Pulls now for a caller that was waiting for realtime to connect (it failed or took long). */
  function releaseConnectWait() {
    const waiting = connectWait;
    connectWait = null;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    void pull().finally(() => waiting.done());
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
    if (stopped) return Promise.resolve();
    const previous = connectWait;
    if (previous) clearTimeout(previous.timer);
    return new Promise<void>((resolve) => {
      connectWait = {
        timer: setTimeout(releaseConnectWait, CONNECT_WAIT_MS),
        done: () => {
          previous?.done();
          resolve();
        },
      };
      void restartRealtime();
    });
  }

  /**
   * Cold start: pulls at once while realtime connects. If the subscriptions land after this pull
   * began reading, the connect runs one more round (see restartRealtime) to cover the gap.
   */
  function pullBesideRealtime(): Promise<void> {
    if (stopped) return Promise.resolve();
    void restartRealtime();
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
    if (status.realtime !== 'live') void pull();
  }

  return {
    async start() {
      stopped = false;
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
      stopped = true;
      authSub?.unsubscribe();
      clearTimeout(retryTimer);
      clearInterval(refreshTimer);
      for (const c of cleanups.splice(0)) c();
      realtimeGen++;
      if (connectWait) {
        clearTimeout(connectWait.timer);
        connectWait.done();
        connectWait = null;
      }
      await realtime?.stop();
      realtime = null;
      // let what is under way finish (a flush removes rows only once the server confirmed them)
      await Promise.allSettled([pullRunning, flushRunning]);
      flushAgain = null;
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
