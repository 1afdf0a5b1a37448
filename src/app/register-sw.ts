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
/** 'ready': a new version waits to be offered; 'applying': the fan accepted it, it is coming. */
export type UpdateState = 'ready' | 'applying';
const listeners = new Set<(state: UpdateState) => void>();
/** The waiting worker the listeners were last told about (a newer one tells them again). */
let waitingWorker: ServiceWorker | null = null;
let reloading = false;

/**
 * How many reloads an accepted update has taken so far, kept for the tab (sessionStorage): a
 * reload that met the old worker still busy comes back to the old version, and goes on with the
 * update instead of offering it again.
 */
const ACCEPTED_KEY = 'pocamarket:update-accepted';
const MAX_RELOADS = 3;
/** How often the waiting worker is asked again to take over, and when a reload tries instead. */
const NUDGE_MS = 3_000;
const RELOAD_AFTER_MS = 20_000;

function acceptedReloads(): number {
  try {
    return Number(sessionStorage.getItem(ACCEPTED_KEY)) || 0;
  } catch {
    return 0; // storage blocked: the update is offered again after a reload
  }
}

function setAcceptedReloads(n: number | null): void {
  try {
    if (n === null) sessionStorage.removeItem(ACCEPTED_KEY);
    else sessionStorage.setItem(ACCEPTED_KEY, String(n));
  } catch {
    // as above
  }
}

function tell(state: UpdateState): void {
  listeners.forEach((fn) => fn(state));
}

function announce(sw: ServiceWorker | null): void {
  if (!sw || sw === waitingWorker) return;
  waitingWorker = sw;
  const reloads = acceptedReloads();
  if (reloads > 0 && reloads < MAX_RELOADS) {
    applyUpdate(); // accepted before the last reload: go on without asking again
    return;
  }
  setAcceptedReloads(null);
  tell('ready');
}

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
  // nothing waits: an accepted update has landed (or there was none)
  if (!registration.waiting) setAcceptedReloads(null);
  watchRegistration(registration);
  const check = () => {
    void wb?.update().catch(() => {
      // offline or the server is down: the next check will do
    });
  };
  scheduleUpdateChecks(check);
}

/**
 * Calls `fn` when a new version is ready (at once if one already is), and when an update the fan
 * accepted is being applied. Returns an unsubscribe.
 */
export function onUpdateReady(fn: (state: UpdateState) => void): () => void {
  listeners.add(fn);
  if (reloading) fn('applying');
  else if (waitingWorker) fn('ready');
  return () => listeners.delete(fn);
}

/**
 * Lets the waiting worker take over, then reloads into the new version (on `controlling`). When
 * another tab has already activated it, there is nothing left to wait for: reload at once.
 *
 * Chromium activates a worker that skipped waiting only once the outgoing worker is idle: it asks
 * a running outgoing worker to stop as soon as its events are done, but one that is starting or
 * kept busy by the page's requests can hold the new one back for up to five minutes. So the page
 * asks again every few seconds, waking the outgoing worker first (a message it ignores) so each
 * ask finds it running. A navigation also makes the browser check again: when nothing has taken
 * over after 20 s the page reloads, and a reload that still comes back to the old version goes on
 * with the update by itself (up to three reloads), instead of offering it again.
 */
export function applyUpdate(): void {
  if (reloading) return;
  reloading = true;
  tell('applying');
  const waiting = registration?.waiting;
  if (!wb || !waiting) {
    setAcceptedReloads(null);
    window.location.reload();
    return;
  }
  // a worker that fails to activate must not leave the button dead
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'redundant') window.location.reload();
  });
  const nudge = () => {
    if (registration?.waiting !== waiting) return;
    registration.active?.postMessage({ type: 'WAKE' });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  nudge();
  setInterval(nudge, NUDGE_MS);
  setTimeout(() => {
    setAcceptedReloads(acceptedReloads() + 1);
    window.location.reload();
  }, RELOAD_AFTER_MS);
}
