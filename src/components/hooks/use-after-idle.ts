import { startTransition, useEffect, useState } from 'react';

/** Longest wait for an idle moment, so a busy page still fills in. */
const IDLE_TIMEOUT_MS = 1500;
/** Where there is no requestIdleCallback (Safari): soon after mount. */
const FALLBACK_DELAY_MS = 100;

/** Runs `run` at the browser's next idle moment (at most `timeout` ms later); returns the cancel. */
export function onIdle(run: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(timer);
}

/**
 * False until the browser has had an idle moment after `active` became true, then true for good.
 *
 * The meetup map adds its tiles and markers once this turns true, so the main-thread cost of what
 * can wait comes after the first paint. The first render is the same on the server and on the
 * client (false): the decision is taken in an effect after mount, never from `window` during
 * render, so hydration sees exactly the server's markup. The update is a transition, so React
 * renders in slices and a tap in the meantime is not held up.
 *
 * `active` holds the wait until there is something to show (a list still loading starts it when
 * its items arrive).
 */
export function useAfterIdle(active = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !active) return;
    return onIdle(() => startTransition(() => setReady(true)));
  }, [ready, active]);
  return ready;
}

/**
 * How many of a list's items to render: `first` at once (the same on the server and at
 * hydration), then `first` more at each idle moment until all `total` are in (home rows, the
 * card grid, the /meetup list). Each step is its own transition and commit, so a long list fills
 * in as a few short tasks rather than one long one. Once filled, items added later (a fan's
 * 더보기) render at once. `active` holds the first step until there is something to show.
 */
export function useRevealCount(total: number, first: number, active = true): number {
  const [count, setCount] = useState(first);
  const filled = count === Infinity;
  useEffect(() => {
    if (!active || filled) return;
    return onIdle(() =>
      startTransition(() => setCount((c) => (c + first >= total ? Infinity : c + first))),
    );
  }, [active, filled, count, total, first]);
  return Math.min(count, total);
}
