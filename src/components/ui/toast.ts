import type { ToastOptions } from 'react-hot-toast';

/**
 * The app's toasts. Screens call this, not react-hot-toast: the library and the outlet load in
 * their own chunk on the first toast, so a screen that can toast (a heart, a comment form) does
 * not bring them into the page's first load, and the outlet is not mounted (a long task on a
 * phone) until a toast is shown. Calls keep their order; a toast asked for before the outlet has
 * mounted waits in react-hot-toast's store and shows once it has.
 */

type Toaster = typeof import('./toaster');
let loading: Promise<Toaster> | undefined;
const toaster = (): Promise<Toaster> => (loading ??= import('./toaster'));

function send(run: (m: Toaster) => void): void {
  wantToastOutlet();
  toaster().then(run, (err: unknown) => console.warn('[toast] could not load', err));
}

/**
 * Loads the library without mounting the outlet (the data layer does, once it has started), so a
 * toast asked for later, offline before the service worker keeps the app's files, still shows.
 */
export function preloadToasts(): void {
  void toaster().catch(() => undefined);
}

export const toast = {
  success(message: string, options?: ToastOptions): void {
    send((m) => m.show.success(message, options));
  },
  error(message: string, options?: ToastOptions): void {
    send((m) => m.show.error(message, options));
  },
  dismiss(id?: string): void {
    send((m) => m.toast.dismiss(id));
  },
};

// ------------------------------------------------------------------ the outlet, once wanted

let outletWanted = false;
const outletListeners = new Set<() => void>();

/** Called with the first toast (here, and by app/update-toast.tsx): from then on the outlet is
 * mounted. */
export function wantToastOutlet(): void {
  if (outletWanted) return;
  outletWanted = true;
  for (const l of outletListeners) l();
}

/** For useSyncExternalStore (app/providers.tsx): whether the outlet should be mounted. */
export const toastOutlet = {
  subscribe(listener: () => void): () => void {
    outletListeners.add(listener);
    return () => outletListeners.delete(listener);
  },
  wanted: (): boolean => outletWanted,
};
