import type { ToastOptions } from 'react-hot-toast';

/**
 * The app's toasts. Screens call this, not react-hot-toast: the library and the outlet load in
 * their own chunk on the first toast (or with the data layer, which mounts the outlet), so a
 * screen that can toast (a heart, a comment form) does not bring them into the page's first load
 * and hydration. Calls keep their order; a toast asked for before the outlet has mounted waits in
 * react-hot-toast's store and shows once it has.
 */

type Toaster = typeof import('./toaster');
let loading: Promise<Toaster> | undefined;
const toaster = (): Promise<Toaster> => (loading ??= import('./toaster'));

function send(run: (m: Toaster) => void): void {
  toaster().then(run, (err: unknown) => console.warn('[toast] could not load', err));
}

export const toast = {
  success(message: string, options?: ToastOptions): void {
    send((m) => m.toast.success(message, options));
  },
  error(message: string, options?: ToastOptions): void {
    send((m) => m.toast.error(message, options));
  },
  dismiss(id?: string): void {
    send((m) => m.toast.dismiss(id));
  },
};
