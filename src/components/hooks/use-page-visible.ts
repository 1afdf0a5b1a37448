import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const snapshot = () => document.visibilityState === 'visible';
const serverSnapshot = () => false;

/** Whether the page is what the fan sees now (not a background tab, not a hidden app). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
