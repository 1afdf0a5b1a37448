import { useCallback, useEffect, useRef, useState } from 'react';

/** The map loader's states (docs/product-rules.md, Meetup map). */
export type LoaderStatus = 'initialized' | 'loading' | 'success' | 'failure';

/**
 * docs/product-rules.md, Meetup map: a failed map load is retried up to 3 times with growing
 * delays.
 */
export const RETRY_DELAYS_MS = [500, 1000, 2000] as const;

export interface LazyModule<T> {
  status: LoaderStatus;
  module: T | null;
  error: unknown;
  /** Starts over after a failure (the fan's own retry). */
  retry: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads a module (the Leaflet map) after the screen is up, retrying a failed load up to 3 times
 * with growing delays before reporting failure; the list and search work meanwhile.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
  sleep: (ms: number) => Promise<unknown> = wait,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      const delay = delays[attempt];
      if (delay === undefined) throw err;
      await sleep(delay);
    }
  }
}

/**
 * `enabled` false holds the load (status 'initialized') until it turns true: the event page's map
 * waits until the fan scrolls near it.
 */
export function useLazyModule<T>(load: () => Promise<T>, enabled = true): LazyModule<T> {
  const [state, setState] = useState<{ status: LoaderStatus; module: T | null; error: unknown }>(
    // 'initialized' lasts until the first enabled effect, which starts loading at once.
    { status: 'loading', module: null, error: null },
  );
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadWithRetry(() => loadRef.current()).then(
      (module) => live && setState({ status: 'success', module, error: null }),
      (error: unknown) => live && setState({ status: 'failure', module: null, error }),
    );
    return () => {
      live = false;
    };
  }, [attempt, enabled]);

  const retry = useCallback(() => {
    setState({ status: 'loading', module: null, error: null });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, status: enabled ? state.status : 'initialized', retry };
}
