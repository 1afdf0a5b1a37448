/**
 * A tiny in-context signal: writes announce "a change was queued" without importing the sync
 * engine (which imports them indirectly), and the page's engine answers by flushing.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceQueued(): void {
  for (const l of listeners) l();
}

const flushListeners = new Set<Listener>();

/** The user asked to sync now ('지금 동기화'): the page's engine flushes, ignoring backoff. */
export function onFlushRequested(listener: Listener): () => void {
  flushListeners.add(listener);
  return () => flushListeners.delete(listener);
}

export function requestFlushNow(): void {
  for (const l of flushListeners) l();
}
