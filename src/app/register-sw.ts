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
 * When the fan accepted the update (ms since the epoch), kept for the tab (sessionStorage): a
 * reload that met the old worker still busy comes back to the old version, and goes on with the
 * update instead of offering it again, for as long as Chromium may hold the new worker back
 * (five minutes at most, then it activates it anyway).
 */
const ACCEPTED_KEY = 'pocamarket:update-accepted';
const KEEP_TRYING_MS = 6 * 60_000;
/** How often the waiting worker is asked again to take over, and when a reload tries instead. */
const NUDGE_MS = 3_000;
const RELOAD_AFTER_MS = 45_000;
/**
 * Reloads are tried for the first two minutes after the fan accepted (two or three of them);
 * after that the page stays usable, the toast says the update is coming, and the reload comes
 * when the browser lets the new worker in (in Chromium within five minutes of the first ask).
 */
const RELOAD_FOR_MS = 2 * 60_000;

function acceptedAt(): number | null {
  try {
    const at = Number(sessionStorage.getItem(ACCEPTED_KEY));
    return at > 0 ? at : null;
  } catch {
    return null; // storage blocked: the update is offered again after a reload
  }
}

function setAcceptedAt(at: number | null): void {
  try {
    if (at === null) sessionStorage.removeItem(ACCEPTED_KEY);
    else sessionStorage.setItem(ACCEPTED_KEY, String(at));
  } catch {
    // as above
  }
}

/** Reloads with no acceptance on record: the next page starts afresh. */
function reloadAfresh(): void {
  setAcceptedAt(null);
  window.location.reload();
}

function tell(state: UpdateState): void {
  listeners.forEach((fn) => fn(state));
}

function announce(sw: ServiceWorker | null): void {
  if (!sw || sw === waitingWorker) return;
  waitingWorker = sw;
  const at = acceptedAt();
  if (at !== null && Date.now() - at < KEEP_TRYING_MS) {
    applyUpdate(); // accepted before the last reload: go on without asking again
    return;
  }
  setAcceptedAt(null);
  tell('ready');
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
    // the reload is served by the new worker: nothing left to go on with
    if (reloading) reloadAfresh();
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
  // Nothing waits, yet an update accepted before the last reload is still on record: the new
  // worker took over while that reload was under way, so this document may have been served by
  // the old one (the new worker controls it, but it is the old version). Reload once more.
  if (!registration.waiting && acceptedAt() !== null) return reloadAfresh();
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
 * Chromium activates a worker that skipped waiting only once the outgoing worker is idle (asked
 * to stop as soon as it is, and replaced anyway after five minutes). It checks again when that
 * worker stops with nothing pending and at each navigation, but not at a second `skipWaiting()`
 * (other browsers check at every one, so the page keeps asking every few seconds). A request that
 * reaches the outgoing worker just as it stops starts it again, and while DevTools is attached to
 * it (as in the e2e tests) it is then kept running; so the page reloads after 45 s, and a reload
 * that still comes back to the old version goes on with the accepted update by itself, without
 * offering it again, for six minutes (reloading again only in the first two: slow requests, such
 * as images on a poor network, can hold the old worker for the whole five minutes).
 */
export function applyUpdate(): void {
  if (reloading) return;
  reloading = true;
  tell('applying');
  // After a reload workbox-window reports the waiting worker before `register()` has returned,
  // so the registration may not be known yet: the worker it reported is the one
  const waiting = registration?.waiting ?? waitingWorker;
  if (!wb || !waiting || waiting.state !== 'installed') return reloadAfresh();
  // a worker that fails to activate must not leave the button dead
  waiting.addEventListener('statechange', () => {
    // it failed: a newer one will be offered afresh
    if (waiting.state === 'redundant') reloadAfresh();
  });
  const at = acceptedAt() ?? Date.now();
  setAcceptedAt(at);
  // Chromium counts the first ask only; other browsers check again at each one
  const nudge = () => {
    if (waiting.state === 'installed') waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  nudge();
  setInterval(nudge, NUDGE_MS);
  if (Date.now() - at < RELOAD_FOR_MS) setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
}
