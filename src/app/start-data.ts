/**
 * Starts the offline data layer after the shell has painted: loaded with a dynamic import from
 * main.tsx, so Dexie and the PocketBase SDK stay out of the entry bundle.
 *
 * It creates the page's PocketBase client (session from IndexedDB), mirrors the sync engine's
 * state and the signed-in user into the jotai store, wires the features (feature-wiring.ts),
 * starts the engine, and asks the browser to keep our storage once there is something worth
 * keeping. In a build with the test API (`__TEST_API__`, see test-api.ts) it also defines
 * `window.__pocamarket` before the engine starts.
 */
import { startTransition } from 'react';
import { db } from '@/data/db/index.ts';
import { serveWindows } from '@/data/live/window-switch.ts';
import { getClient } from '@/data/pb/client.ts';
import { requestPersistentStorage } from '@/data/storage.ts';
import { createSyncEngine, type SyncEngine } from '@/data/sync/engine.ts';
import { workerPull } from '@/data/sync/pull-remote.ts';
import { onFlushRequested } from '@/data/sync/signals.ts';
import { preloadToasts } from '@/components/ui/toast';
import { yieldToEventLoop } from '@/lib/yield';
import { appStore, rememberSessionUser, sessionUserIdAtom, syncStatusAtom } from '@/state/store';
import { wireFeatures } from './feature-wiring.ts';

async function registerBackgroundSync(tag: string): Promise<void> {
  const reg = await navigator.serviceWorker?.getRegistration();
  const sync = (
    reg as
      (ServiceWorkerRegistration & { sync?: { register(t: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(tag);
}

let started: Promise<SyncEngine> | undefined;

export function startData(): Promise<SyncEngine> {
  // each step in a task of its own (yieldToEventLoop): on a phone the steps together are a long
  // task that would hold back the fan's tap (docs/first-visit.md, No long tasks)
  started ??= (async () => {
    const client = await getClient();
    await yieldToEventLoop();
    // the pull, its IndexedDB writes and eviction run in a worker (docs/sync.md, The pull's worker)
    const pull =
      typeof Worker === 'function'
        ? workerPull(
            () =>
              new Worker(new URL('../data/sync/pull-worker.ts', import.meta.url), {
                type: 'module',
                name: 'pull',
              }),
          )
        : undefined;
    const engine = createSyncEngine({ db, client, registerBackgroundSync, pull });
    // The store's values change at once; what they re-render (every heart, avatar and pending
    // mark after a login, the status pill after each pull) is a transition, drawn in slices that
    // yield instead of one long task (docs/first-visit.md, No long tasks).
    const mirror = () => {
      const status = engine.getStatus();
      startTransition(() => {
        appStore.set(syncStatusAtom, status);
        appStore.set(sessionUserIdAtom, status.userId);
      });
      rememberSessionUser(status.userId);
    };
    engine.subscribe(mirror);
    onFlushRequested(() => {
      void engine.flush({ ignoreBackoff: true });
      void engine.pull();
    });

    if (__TEST_API__) (await import('./test-api.ts')).installTestApi({ db, client, engine });

    await yieldToEventLoop();
    wireFeatures(engine);
    await yieldToEventLoop();
    await engine.start();
    await yieldToEventLoop();
    // screens may now read what they show beyond the sync scope (docs/sync.md, The cache)
    serveWindows(client.pb);
    mirror();
    // a toast asked for later, offline, needs its code here already (the outlet mounts with it)
    preloadToasts();
    void requestPersistentStorage();
    return engine;
  })();
  return started;
}
