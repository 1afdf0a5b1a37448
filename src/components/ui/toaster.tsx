import { useEffect } from 'react';
import { Toaster as HotToaster, toast, useToasterStore } from 'react-hot-toast';
import { MAX_VISIBLE_TOASTS, toastsOverLimit } from './toast-limit';

export { toast };

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
