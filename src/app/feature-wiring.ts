/**
 * What the data layer does for features once it runs, apart from starting it (start-data.ts):
 * hearts ticked while logged out become the user's likes at login, the signed-in user's collect
 * book images are kept offline, the meetup screens' offline packs can load, and the bell's and the
 * chat icon's unread badges follow the local store. Each follows the sync engine's status.
 */
import { liveQuery, type Subscription } from 'dexie';
import { db } from '@/data/db/index.ts';
import { countUnreadMessages } from '@/domains/chat/queries.ts';
import { countUnreadNotifications } from '@/domains/alerts/queries.ts';
import type { SyncEngine } from '@/data/sync/engine.ts';
import { adoptGuestLikes } from '@/domains/tables/writes.ts';
import { appStore, unreadAlertsAtom, unreadMessagesAtom } from '@/state/store';
import { provideOfflinePack } from '@/components/ui/offline-pack-slot';

/** Hearts ticked while logged out become the user's likes once they log in. */
function adoptGuestLikesAtLogin(engine: SyncEngine): void {
  let lastUserId: string | null = null;
  const check = () => {
    const { userId } = engine.getStatus();
    if (userId && userId !== lastUserId) void adoptGuestLikes(db).catch(() => {});
    lastUserId = userId;
  };
  engine.subscribe(check);
}

/**
 * Keeps the images of the signed-in user's collect books available offline, once per user per page
 * load, after a pull made since they signed in has brought their books (docs/product-rules.md,
 * Collect books). The module loads only then, so it stays out of the entry bundle and this chunk.
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
 * Keeps a top-bar count equal to a live count of the signed-in user's records: a live query, so a
 * push stored by the service worker, a pull, or a read in another tab all show at once. The header
 * reads only the atom (no Dexie in the entry bundle).
 */
function mirrorCount(
  engine: SyncEngine,
  atom: typeof unreadAlertsAtom,
  count: (userId: string) => Promise<number>,
  what: string,
): void {
  let userId: string | null | undefined;
  let sub: Subscription | undefined;
  const follow = () => {
    const next = engine.getStatus().userId;
    if (next === userId) return;
    userId = next;
    sub?.unsubscribe();
    sub = undefined;
    appStore.set(atom, 0);
    if (!next) return;
    sub = liveQuery(() => count(next)).subscribe({
      next: (n) => appStore.set(atom, n),
      error: (err: unknown) => console.warn(`[${what}] unread count failed`, err),
    });
  };
  engine.subscribe(follow);
  follow();
}

/**
 * Checks this device's push subscription once per user per page load (docs/push.md, The check at
 * start): after a pull made while they are signed in, at an idle moment. The module loads only
 * then, and only where the browser has push at all.
 */
function recheckPushAtStart(engine: SyncEngine): void {
  let doneFor: string | null = null;
  const check = () => {
    const s = engine.getStatus();
    if (!s.userId || s.userId === doneFor || !s.online || s.pulling || !s.lastPullAt) return;
    if (!('PushManager' in window) || !('Notification' in window)) return;
    doneFor = s.userId;
    const run = () => {
      void import('@/data/push/recheck')
        .then((m) => m.recheckPushSubscription())
        .catch((err: unknown) => console.warn('[push] subscription check failed', err));
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 10_000 });
    else setTimeout(run, 3000);
  };
  engine.subscribe(check);
  check();
}

/**
 * Wires the features to the engine. Called before the engine starts, so the first pull counts as
 * one made since the user was seen.
 */
export function wireFeatures(engine: SyncEngine): void {
  adoptGuestLikesAtLogin(engine);
  keepOwnBooksOffline(engine);
  recheckPushAtStart(engine);
  // the meetup screens' 오프라인 저장, a chunk of its own (docs/offline-pack.md)
  provideOfflinePack(() => import('@/features/offline-pack/components/offline-pack-panel'));
  // the bell's badge: unread alerts
  mirrorCount(engine, unreadAlertsAtom, (userId) => countUnreadNotifications(userId, db), 'alerts');
  // the chat icon's badge: unread messages (docs/trades.md)
  mirrorCount(engine, unreadMessagesAtom, (userId) => countUnreadMessages(userId, db), 'chat');
}
