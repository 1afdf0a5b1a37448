// The one module that imports jotai (docs/architecture.md, Layers of `src/`). The rest of the app
// imports atoms and hooks from here, so swapping or wrapping the state library, or reading state
// outside React (session bootstrap, service-worker messages), has a single seam.
import { atom, createStore, Provider, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { initialSyncStatus, type SyncStatus } from '@/data/sync/status';

export { atom, Provider, useAtom, useAtomValue, useSetAtom, useStore };

/** The store the app's <Provider> uses; read or write it outside React with appStore.get/set. */
export const appStore = createStore();

const SESSION_HINT_KEY = 'pocamarket:session-user';

/** The user signed in at the last visit, by the hint kept in localStorage (null when none). */
export function readSessionHint(): string | null {
  try {
    return localStorage.getItem(SESSION_HINT_KEY);
  } catch {
    return null; // storage blocked
  }
}

/**
 * Remembers who is signed in, for the next page load's first paint (see sessionUserIdAtom). A hint
 * only: the session itself lives in IndexedDB.
 */
export function rememberSessionUser(userId: string | null): void {
  try {
    if (userId) localStorage.setItem(SESSION_HINT_KEY, userId);
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // storage blocked: the first paint shows the logged-out state until the engine starts
  }
}

/**
 * The signed-in user's id, or null. Set by the sync engine from the session stored in IndexedDB
 * (app/start-data.ts), so it survives reloads, works offline and follows logins in other tabs.
 * Until the engine has started (it loads after the first paint) it holds the last known user, so a
 * signed-in fan never sees a logged-out flash: empty hearts, a '로그인' button. A server-rendered
 * page is the exception: it is drawn for nobody, so it hydrates logged out and takes the hint
 * right after (main.tsx); the header keeps the same size either way.
 */
export const sessionUserIdAtom = atom<string | null>(
  // A server-rendered page hydrates logged out, as the server drew it; main.tsx then sets the hint.
  typeof document !== 'undefined' && document.getElementById('first-screen')
    ? null
    : readSessionHint(),
);

/** Whether a user is logged in. */
export const isLoggedInAtom = atom((get) => get(sessionUserIdAtom) !== null);

/**
 * Whether the data layer (Dexie, the SDK, sync) has begun loading (main.tsx). What only the data
 * layer can fill (the pending-changes button, refused-change toasts) mounts from then on, so its
 * chunks are neither fetched nor run while the first screen hydrates. See docs/first-visit.md.
 */
export const dataLayerStartedAtom = atom(false);

/** The sync engine's state (online, realtime, pulling...), mirrored for the screens. */
export const syncStatusAtom = atom<SyncStatus>(initialSyncStatus());

/**
 * How many of the signed-in user's alerts are unread, for the badge on the top bar's bell. Kept up
 * to date from the local store by the data layer (app/start-data.ts), which loads after the first
 * paint: the entry bundle reads this number without importing Dexie.
 */
export const unreadAlertsAtom = atom(0);

/**
 * How many chat messages from other fans the signed-in user has not read (the top bar's chat
 * icon), kept up to date like unreadAlertsAtom (docs/trades.md).
 */
export const unreadMessagesAtom = atom(0);

/**
 * The favourite group chosen while logged out, by name (docs/product-rules.md, Favourite group:
 * default RIIZE).
 */
export const DEFAULT_BIAS = 'RIIZE';
export const guestBiasAtom = atomWithStorage('pocamarket:bias', DEFAULT_BIAS);

/**
 * The photo card grids' sort (docs/product-rules.md, Photo card grid: default 최신순), kept across
 * visits.
 */
export type CardSort = 'latest' | 'likesDesc' | 'likesAsc';
export const cardSortAtom = atomWithStorage<CardSort>('pocamarket:sort', 'latest');
