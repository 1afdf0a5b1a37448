import { useEffect } from 'react';
import { Toaster as HotToaster, toast, useToasterStore, type ToastOptions } from 'react-hot-toast';
import { MAX_VISIBLE_TOASTS, toastsOverLimit } from './toast-limit';

export { toast };

/**
 * What ./toast.ts shows: a message already on screen is shown again in its place, not stacked
 * under itself (a save tapped twice, a like and its undo answered with the same words): one toast
 * per message at a time. A caller's own id still wins.
 */
export const show = {
  success: (message: string, options?: ToastOptions) =>
    toast.success(message, { id: message, ...options }),
  error: (message: string, options?: ToastOptions) =>
    toast.error(message, { id: message, ...options }),
};

/** Toast durations (docs/product-rules.md, Limits and messages). */
export const TOAST_DURATION_MS = {
  success: 2000,
  error: 4000,
  loading: Infinity,
} as const;

/** The app's one toast outlet: those durations, brand styling, and the visible-toast cap. */
export function Toaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    for (const id of toastsOverLimit(toasts, MAX_VISIBLE_TOASTS)) toast.dismiss(id);
  }, [toasts]);

  return (
    <HotToaster
      position="top-center"
      containerStyle={{
        top: 'calc(env(safe-area-inset-top, 0px) + 12px)',
      }}
      toastOptions={{
        style: {
          background: 'var(--color-surface)',
          color: 'var(--color-text)',
          border: '1px solid var(--color-border)',
          borderRadius: 'var(--radius-md)',
          boxShadow: 'var(--shadow-md)',
          fontSize: '0.9375rem',
          maxWidth: 'min(90vw, 360px)',
        },
        success: {
          duration: TOAST_DURATION_MS.success,
          iconTheme: { primary: 'var(--color-success)', secondary: '#fff' },
        },
        error: {
          duration: TOAST_DURATION_MS.error,
          iconTheme: { primary: 'var(--color-danger)', secondary: '#fff' },
        },
        loading: { duration: TOAST_DURATION_MS.loading },
      }}
    />
  );
}
