/**
 * Registers the service worker (production builds only) through workbox-window. The worker
 * precaches the shell so the app opens offline after one visit. When a new version is waiting,
 * `onUpdateReady` listeners are told (app/update-prompt.tsx shows the toast); accepting calls
 * `applyUpdate`, which lets the new worker take over and reloads once it controls the page.
 *
 * A tab can stay open for days, so the browser's own check at navigation is not enough: the
 * registration is checked again every hour, when the tab comes back to the front and when the
 * network returns (at most every few minutes).
 *
 * Nothing queued is lost by the reload: changes wait in the IndexedDB outbox, written in the same
 * transaction as the change itself, and a create resent after an interrupted flush is matched by
 * its client id on the server (src/data/sync/flush.ts).
 */
import type { Workbox } from 'workbox-window';
import { captureInstallPrompt } from '@/features/install/install-prompt';
import { scheduleUpdateChecks } from './update-checks';

let wb: Workbox | undefined;
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<() => void>();
/** The waiting worker the listeners were last told about (a newer one tells them again). */
let waitingWorker: ServiceWorker | null = null;
let reloading = false;

function announce(sw: ServiceWorker | null): void {
  if (!sw || sw === waitingWorker) return;
  waitingWorker = sw;
  listeners.forEach((fn) => fn());
}

/**
 * workbox-window reports the first update it sees, but stops listening after one it did not
 * trigger itself (a later update in a long-open tab); this notices those from the registration.
 */
function watchRegistration(reg: ServiceWorkerRegistration): void {
  const track = (sw: ServiceWorker | null) => {
    sw?.addEventListener('statechange', () => {
      if (sw.state === 'installed' && reg.waiting === sw && navigator.serviceWorker.controller)
        announce(sw);
    });
  };
  reg.addEventListener('updatefound', () => track(reg.installing));
}

/** Registers the worker; workbox-window loads in its own chunk, off the entry bundle. */
export async function registerServiceWorker(): Promise<void> {
  // First, before any await: `beforeinstallprompt` may fire as soon as the page has loaded.
  captureInstallPrompt();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  wb.addEventListener('waiting', (event) => announce(event.sw ?? null));
  wb.addEventListener('controlling', () => {
    // Only the tab that accepted reloads; others keep running until the fan reloads them.
    if (reloading) window.location.reload();
  });
  // Registration can fail (private modes, blocked workers, an old worker script): the app works
  // without it, only less offline.
  try {
    registration = await wb.register();
  } catch (err) {
    console.warn('[sw] registration failed', err);
    return;
  }
  if (!registration) return;
  watchRegistration(registration);
  const check = () => {
    void wb?.update().catch(() => {
      // offline or the server is down: the next check will do
    });
  };
  scheduleUpdateChecks(check);
}

/** Calls `fn` when a new version is ready (at once if one already is). Returns an unsubscribe. */
export function onUpdateReady(fn: () => void): () => void {
  listeners.add(fn);
  if (waitingWorker) fn();
  return () => listeners.delete(fn);
}

/**
 * Lets the waiting worker take over, then reloads into the new version. When another tab has
 * already activated it, there is nothing left to wait for: reload at once.
 */
export function applyUpdate(): void {
  if (reloading) return;
  reloading = true;
  const waiting = registration?.waiting;
  if (!wb || !waiting) {
    window.location.reload();
    return;
  }
  // A worker that fails to activate must not leave the button dead: reload when it turns
  // redundant. The bound is long: a busy phone can take well over 10 s to activate one, and a
  // reload before it controls the page would load the old version again.
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'redundant') window.location.reload();
  });
  setTimeout(() => window.location.reload(), 60_000);
  wb.messageSkipWaiting();
}
