/**
 * useRead: a screen's live read of the local store, by name (domains/tables/reads.ts), without
 * importing Dexie: the live side loads on first use, in its own chunk (see docs/first-visit.md).
 *
 * - In the browser it is a Dexie live query: undefined while loading (or `fallback`), then every
 *   change of the store re-renders the screen, in any tab. Like dexie-react-hooks, a read whose
 *   arguments change keeps showing the previous result until the new one arrives.
 * - On the server (the first-screen renderer) a public read returns what the renderer read for
 *   it (ServerRenderContext), and a personal read its empty state.
 * - While a server-rendered page hydrates, a public read starts from the page's payload, so the
 *   first render equals the server's markup.
 * - A public read goes live once the store holds the catalogue: at once for a returning fan,
 *   after the first pull on a first visit, so a screen never shows a half-filled store.
 */
import { startTransition, useContext, useEffect, useState } from 'react';
import { syncStatusAtom, useStore } from '@/state/store';
import { firstScreenPayload, readKey } from '@/data/live/payload';
import { FIRST_SCREEN_EMPTY, isPublicRead } from '@/domains/tables/public-reads';
import type { ReadArgs, ReadName, ReadResult } from '@/domains/tables/reads';
import { sameValue } from '@/lib/same-value';
import { nextTurn } from '@/lib/yield';
import { MISS, ServerRenderContext, type ServerRender } from './server-render';
import { pageSettled } from './settled';

type Live = typeof import('@/data/live/live');

let hydrating = firstScreenPayload() !== null;

/** Called once the server-rendered page has hydrated: later mounts read the store only. */
export function endFirstScreen(): void {
  hydrating = false;
}

let live: Promise<Live> | null = null;
/** The live side (Dexie); the first-screen records are stored before any read subscribes. */
export function loadLive(): Promise<Live> {
  live ??= import('@/data/live/live').then(async (m) => {
    await m.seedFirstScreenRecords();
    return m;
  });
  return live;
}

type Store = ReturnType<typeof useStore>;

const firstPulls = new WeakMap<Store, Promise<void>>();

/** Resolves once this page load's first pull has landed; one wait per store for all readers. */
function firstPull(store: Store): Promise<void> {
  let wait = firstPulls.get(store);
  if (!wait) {
    const done = () => store.get(syncStatusAtom).lastPullAt !== null;
    wait = done()
      ? Promise.resolve()
      : new Promise((resolve) => {
          const stop = store.sub(syncStatusAtom, () => {
            if (!done()) return;
            stop();
            resolve();
          });
        });
    firstPulls.set(store, wait);
  }
  return wait;
}

interface State {
  key: string;
  value: unknown;
}

function initial(
  server: ServerRender | null,
  name: ReadName,
  args: readonly unknown[],
  key: string,
  fallback: unknown,
): State {
  const empty = FIRST_SCREEN_EMPTY[name];
  if (server) {
    if (!isPublicRead(name)) return { key, value: empty ? empty() : fallback };
    const value = server.lookup(name, args, key);
    return { key, value: value === MISS ? fallback : value };
  }
  if (hydrating && isPublicRead(name)) {
    const reads = firstScreenPayload()?.reads;
    if (reads && Object.prototype.hasOwnProperty.call(reads, key))
      return { key, value: reads[key] };
  }
  if (hydrating && empty) return { key, value: empty() };
  return { key, value: fallback };
}

export function useRead<N extends ReadName>(
  name: N,
  ...args: ReadArgs<N>
): ReadResult<N> | undefined {
  return useReadOr(name, undefined, ...args);
}

/** useRead with the value to show while loading (and on the server for personal reads). */
export function useReadOr<N extends ReadName, F>(
  name: N,
  fallback: F,
  ...args: ReadArgs<N>
): ReadResult<N> | F {
  const key = readKey(name, args);
  const server = useContext(ServerRenderContext);
  const [state, setState] = useState<State>(() => initial(server, name, args, key, fallback));
  const store = useStore();

  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | undefined;
    const readArgs = JSON.parse(key.slice(key.indexOf(':') + 1)) as unknown[];
    void pageSettled()
      .then(loadLive)
      .then(async (m) => {
        // A public read waits for the store to hold the catalogue before it goes live: a first
        // visit's pull lands in small slices, and a screen following each one would redraw (and
        // fetch images for) every intermediate state. Until then it shows the payload's value,
        // or loading. The wait re-renders nothing.
        // what the read shows beyond the sync scope is asked of the server meanwhile (docs/sync.md,
        // The cache); the live read below shows it once it is stored
        // Until the server has answered, "nothing here" is not an answer yet: the screen keeps
        // loading rather than flash a not-found state (offline, the window settles at once).
        const windowRead = m.ensureRead(name, readArgs);
        let windowDone = windowRead === null;
        let held: { value: unknown } | null = null;
        if (isPublicRead(name) && !(await m.syncedBefore)) await firstPull(store);
        if (cancelled) return;
        const show = (value: unknown) =>
          // A value equal to the one shown (the page's payload once the pull confirms it, or a
          // change elsewhere in the table) keeps the old one: nothing re-renders. Otherwise a
          // transition: a change that redraws a whole grid is rendered in slices that yield.
          startTransition(() =>
            setState((prev) => {
              if (!sameValue(prev.value, value)) return { key, value };
              // The same value under new arguments (the server's date was not the device's):
              // the screen keeps the value it has, so what it passes down stays the same.
              return prev.key === key ? prev : { key, value: prev.value };
            }),
          );
        // the live query's values so far: a value held back is shown once the window is in
        let emitted = 0;
        void windowRead?.then(async () => {
          windowDone = true;
          if (!held || cancelled) return;
          held = null;
          // What was held was read before the window's records were written, and the live
          // query's next value (with them) comes a moment later: showing the held one would
          // flash the old answer (a card's first 20 posts counted before its 25 are in). The
          // store is read again now instead, unless the live query answered meanwhile.
          const at = emitted;
          const value = await m.readNow(name, readArgs);
          if (!cancelled && emitted === at) show(value);
        });
        // the reads of a screen go live together (when the data layer starts, when the first
        // pull lands): each starts its live query in a task of its own, not all in one long task
        await nextTurn();
        if (cancelled) return;
        stop = m.subscribeRead(
          name,
          readArgs,
          (value) => {
            emitted++;
            const empty = value === null || (Array.isArray(value) && value.length === 0);
            if (!windowDone && (empty || m.WAITS_FOR_WINDOW.has(name))) held = { value };
            else {
              held = null;
              show(value);
            }
          },
          (err) => console.error(`[data] read ${name} failed`, err),
        );
      })
      .catch((err: unknown) => console.error('[data] live reads did not load', err));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [name, key, store]);

  return state.value as ReadResult<N> | F;
}
