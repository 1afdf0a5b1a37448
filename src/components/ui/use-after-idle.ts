import { startTransition, useEffect, useState } from 'react';

/** Longest wait for an idle moment, so a busy page still fills in. */
const IDLE_TIMEOUT_MS = 1500;
/** Where there is no requestIdleCallback (Safari): soon after mount. */
const FALLBACK_DELAY_MS = 100;

/**
 * False until the browser has had an idle moment after `active` became true, then true for good.
 *
 * Lists render only their first, visible items at first and the rest once this turns true (the
 * meetup map its markers), so the main-thread cost of what can wait comes after the first paint. The first render is the same
 * on the server and on the client (false): the decision is taken in an effect after mount, never
 * from `window` during render, so hydration sees exactly the server's markup. The update is a
 * transition, so React renders the new items in slices and a tap in the meantime is not held up.
 *
 * `active` holds the wait until there is something to show (a list still loading starts it when
 * its items arrive).
 */
export function useAfterIdle(active = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !active) return;
    const done = () => startTransition(() => setReady(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(done, FALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, active]);
  return ready;
}
