import { useSyncExternalStore } from 'react';

/** docs/product-rules.md, Layout and navigation: the desktop layout starts at 1080 px. */
const QUERY = '(min-width: 1080px)';

const media = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null;

function subscribe(onChange: () => void) {
  const m = media();
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
}

/** Whether the desktop layout applies (re-renders when the window crosses 1080 px). */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
