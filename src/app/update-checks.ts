/**
 * When a long-open tab asks the server for a new service worker: every hour, and when the tab
 * comes back to the front or the network returns, but never twice within a few minutes (a fan
 * flipping between apps should not fetch sw.js each time).
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;
export const UPDATE_CHECK_MIN_GAP_MS = 5 * 60_000;

export function scheduleUpdateChecks(
  check: () => void,
  opts: { win?: Window; now?: () => number } = {},
): () => void {
  const win = opts.win ?? window;
  const now = opts.now ?? Date.now;
  // the browser checked when it registered the worker a moment ago
  let last = now();
  const maybeCheck = () => {
    if (now() - last < UPDATE_CHECK_MIN_GAP_MS) return;
    last = now();
    check();
  };
  const onVisible = () => {
    if (win.document.visibilityState === 'visible') maybeCheck();
  };
  const timer = win.setInterval(maybeCheck, UPDATE_CHECK_INTERVAL_MS);
  win.document.addEventListener('visibilitychange', onVisible);
  win.addEventListener('online', maybeCheck);
  return () => {
    win.clearInterval(timer);
    win.document.removeEventListener('visibilitychange', onVisible);
    win.removeEventListener('online', maybeCheck);
  };
}
