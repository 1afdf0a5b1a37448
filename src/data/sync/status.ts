/**
 * The sync engine's state as the screens see it. Kept apart from the engine (no Dexie, no SDK)
 * so the app shell can hold it in the entry bundle before the data layer has loaded.
 */
export interface SyncStatus {
  online: boolean;
  realtime: 'off' | 'connecting' | 'live';
  pulling: boolean;
  flushing: boolean;
  /** The signed-in user's id, or null. */
  userId: string | null;
  lastPullAt: number | null;
  /** Set when the last flush stopped because the session is missing or expired. */
  waitingForLogin: boolean;
  /** A problem the user should know about (storage full); null when none. */
  problem: 'storage-full' | null;
}

/** The state before the engine has started. */
export function initialSyncStatus(): SyncStatus {
  return {
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    realtime: 'off',
    pulling: false,
    flushing: false,
    userId: null,
    lastPullAt: null,
    waitingForLogin: false,
    problem: null,
  };
}
