/**
 * Registers the service worker (production builds only) through workbox-window. The worker
 * precaches the shell so the app opens offline after one visit. When a new version is waiting,
 * `onUpdateReady` listeners are told; accepting calls `applyUpdate`, which lets the new worker
 * take over and reloads once it controls the page.
 */
import type { Workbox } from 'workbox-window';

let wb: Workbox | undefined;
const listeners = new Set<() => void>();
let updateWaiting = false;

/** Registers the worker; workbox-window loads in its own chunk, off the entry bundle. */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  wb.addEventListener('waiting', () => {
    updateWaiting = true;
    listeners.forEach((fn) => fn());
  });
  // Registration can fail (private modes, blocked workers, an old worker script): the app works
  // without it, only less offline.
  wb.register().catch((err: unknown) => console.warn('[sw] registration failed', err));
}

/** Calls `fn` when a new version is ready (at once if one already is). Returns an unsubscribe. */
export function onUpdateReady(fn: () => void): () => void {
  listeners.add(fn);
  if (updateWaiting) fn();
  return () => listeners.delete(fn);
}

export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
