// Unit tests run in jsdom; Dexie needs an IndexedDB, which fake-indexeddb provides in memory.
import 'fake-indexeddb/auto';
// jsdom has no matchMedia; a browser answers every query, here "no" (react-hot-toast's outlet asks
// for reduced motion when the first toast mounts it). A test that needs another answer stubs it.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// No main.tsx here: the page counts as settled from the start, so screens read the store at once.
import { settlePage } from '@/live/settled';
settlePage();

import { vi } from 'vitest';
import { RESET } from 'jotai/utils';

// The DOM files that mock no module share one jsdom and one module graph per worker (`isolate:
// false`, vitest.config.ts). Each file starts as a fresh page would: the globals a file stubbed
// restored, nobody signed in, nothing stored, an empty document, the network up.
if (typeof document !== 'undefined') {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  const store = await import('@/state/store');
  const { initialSyncStatus } = await import('@/data/sync/status');
  const { db } = await import('@/data/db/index.ts');
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  for (const name of ['onLine', 'share', 'clipboard'])
    delete (navigator as unknown as Record<string, unknown>)[name];
  delete (window as unknown as Record<string, unknown>)['daum'];
  const s = store.appStore;
  s.set(store.sessionUserIdAtom, null);
  s.set(store.dataLayerStartedAtom, false);
  s.set(store.syncStatusAtom, initialSyncStatus());
  s.set(store.unreadAlertsAtom, 0);
  s.set(store.unreadMessagesAtom, 0);
  s.set(store.guestBiasAtom, RESET);
  s.set(store.cardSortAtom, RESET);
  await Promise.all(db.tables.map((t) => t.clear()));
}
