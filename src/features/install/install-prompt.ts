/**
 * Keeps the browser's install offer for the settings screen's '앱 설치' button.
 *
 * Chromium fires `beforeinstallprompt` once per page load, often before the settings screen (a
 * lazy route) exists, sometimes before React has mounted at all. So this tiny module, imported
 * by the entry (app/register-sw.ts calls captureInstallPrompt while main.tsx runs), holds the
 * event until a click uses it; a screen reads the state with useSyncExternalStore.
 * It also notes `appinstalled`, so the button turns into '설치됨' in the tab that installed.
 */

/** Chromium's install offer (not in lib.dom). */
export interface BeforeInstallPromptEvent extends Event {
  readonly platforms: readonly string[];
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
  prompt(): Promise<void>;
}

export interface InstallPromptState {
  /** The browser offered an install and it has not been used yet. */
  canPrompt: boolean;
  /** The app was installed from this page load (`appinstalled`). */
  installed: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallPromptState = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();
let captured = false;

function set(next: InstallPromptState): void {
  state = next;
  listeners.forEach((fn) => fn());
}

/** Starts listening; call as early as possible (at most once takes effect). */
export function captureInstallPrompt(target: Window = window): void {
  if (captured) return;
  captured = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    // Our own button offers the install; without preventDefault, Chromium on Android would also
    // show its mini-infobar over the bottom tabs.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ ...state, canPrompt: true });
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canPrompt: false, installed: true });
  });
}

/** The current state; the same object until something changes (for useSyncExternalStore). */
export function getInstallPromptState(): InstallPromptState {
  return state;
}

export function subscribeInstallPrompt(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Shows the browser's install dialog. An event can be used once: whatever the user answers, the
 * button goes away until the browser offers again ('dismissed' often means a new event later).
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  set({ ...state, canPrompt: false });
  try {
    await event.prompt();
    const choice = await event.userChoice;
    return choice.outcome;
  } catch (err) {
    console.warn('[install] prompt failed', err);
    return 'unavailable';
  }
}

/** For unit tests: forget the captured event and listeners' effects. */
export function resetInstallPromptForTests(): void {
  deferred = null;
  state = { canPrompt: false, installed: false };
}
