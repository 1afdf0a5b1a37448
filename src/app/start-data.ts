/**
 * Starts the offline data layer after the shell has painted: loaded with a dynamic import from
 * main.tsx, so Dexie and the PocketBase SDK stay out of the entry bundle.
 *
 * It creates the page's PocketBase client (session from IndexedDB), starts the sync engine, mirrors
 * the engine's state and the signed-in user into the jotai store, and asks the browser to keep our
 * storage once there is something worth keeping.
 *
 * End-to-end tests drive the data layer through `window.__pocamarket` before the screens that use
 * it exist; it is only defined when localStorage holds `pocamarket:test-api` = '1'.
 */
import { liveQuery, type Subscription } from 'dexie';
import { db } from '@/data/db/index.ts';
import { getClient } from '@/data/pb/client.ts';
import * as repos from '@/data/writes/index.ts';
import { adoptGuestLikes } from '@/data/writes/index.ts';
import { loginWithPassword, logout } from '@/data/session/session.ts';
import { requestPersistentStorage } from '@/data/storage.ts';
import { createSyncEngine, type SyncEngine } from '@/data/sync/engine.ts';
import { countUnreadNotifications } from '@/data/queries/notifications.ts';
import { onFlushRequested } from '@/data/sync/signals.ts';
import {
  appStore,
  rememberSessionUser,
  sessionUserIdAtom,
  syncStatusAtom,
  unreadAlertsAtom,
} from '@/state/store';

async function registerBackgroundSync(tag: string): Promise<void> {
  const reg = await navigator.serviceWorker?.getRegistration();
  const sync = (
    reg as
      (ServiceWorkerRegistration & { sync?: { register(t: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(tag);
}

function testApiEnabled(): boolean {
  try {
    return localStorage.getItem('pocamarket:test-api') === '1';
  } catch {
    return false; // storage blocked (privacy settings, a page being torn down)
  }
}

/**
 * Keeps the images of the signed-in user's collect books available offline (issue 6), once per
 * user per page load, after a pull made since they signed in has brought their books. The module
 * loads only then, so it stays out of the entry bundle and this chunk.
 */
function keepOwnBooksOffline(engine: SyncEngine): void {
  let seen: { userId: string; at: number } | null = null;
  let doneFor: string | null = null;
  const check = () => {
    const s = engine.getStatus();
    if (s.userId !== (seen?.userId ?? null))
      seen = s.userId ? { userId: s.userId, at: Date.now() } : null;
    if (!seen || seen.userId === doneFor || s.pulling || !s.online) return;
    if (!s.lastPullAt || s.lastPullAt < seen.at) return;
    const userId = (doneFor = seen.userId);
    // after the screen's own images have had their turn
    setTimeout(() => {
      void import('@/features/collect-book/offline-images')
        .then((m) => m.saveOwnedBooksOffline(userId))
        .catch((err: unknown) => console.warn('[offline-images] background save failed', err));
    }, 3000);
  };
  engine.subscribe(check);
  check();
}

/**
 * Keeps the bell's unread badge (unreadAlertsAtom) equal to the signed-in user's unread alerts in
 * the local store: a live query, so a push stored by the service worker, a pull, or '모두 읽음' in
 * another tab all show at once. The header reads only the atom (no Dexie in the entry bundle).
 */
function mirrorUnreadAlerts(engine: SyncEngine): void {
  let userId: string | null | undefined;
  let sub: Subscription | undefined;
  const follow = () => {
    const next = engine.getStatus().userId;
    if (next === userId) return;
    userId = next;
    sub?.unsubscribe();
    sub = undefined;
    appStore.set(unreadAlertsAtom, 0);
    if (!next) return;
    sub = liveQuery(() => countUnreadNotifications(next, db)).subscribe({
      next: (n) => appStore.set(unreadAlertsAtom, n),
      error: (err: unknown) => console.warn('[alerts] unread count failed', err),
    });
  };
  engine.subscribe(follow);
  follow();
}

let started: Promise<SyncEngine> | undefined;

export function startData(): Promise<SyncEngine> {
  started ??= (async () => {
    const client = await getClient();
    const engine = createSyncEngine({ db, client, registerBackgroundSync });
    let lastUserId: string | null = null;
    const mirror = () => {
      const status = engine.getStatus();
      appStore.set(syncStatusAtom, status);
      appStore.set(sessionUserIdAtom, status.userId);
      rememberSessionUser(status.userId);
      // Hearts ticked while logged out become the user's likes once they log in.
      if (status.userId && status.userId !== lastUserId) void adoptGuestLikes(db).catch(() => {});
      lastUserId = status.userId;
    };
    engine.subscribe(mirror);
    onFlushRequested(() => {
      void engine.flush({ ignoreBackoff: true });
      void engine.pull();
    });

    if (testApiEnabled()) {
      Object.assign(window, {
        __pocamarket: {
          db,
          engine,
          repos,
          login: (email: string, password: string) => loginWithPassword(client, email, password),
          logout: () => logout(client, db),
        },
      });
    }

    // subscribed before start so the first pull counts as one made since the user was seen
    keepOwnBooksOffline(engine);
    mirrorUnreadAlerts(engine);
    await engine.start();
    mirror();
    void requestPersistentStorage();
    return engine;
  })();
  return started;
}
