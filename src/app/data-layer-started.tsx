import { Suspense, useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { dataLayerStartedAtom, useStore } from '@/state/store';

/**
 * Whether the data layer has begun loading, for what mounts with it (the pending-changes button,
 * the toast outlet). A server-rendered page hydrates with false, as the server drew it, even when
 * the fan's first tap started the data layer before hydration: React takes the server snapshot
 * while hydrating and renders the real value right after, so the markup always matches.
 */
export function useDataLayerStarted(): boolean {
  const store = useStore();
  const subscribe = useCallback(
    (onChange: () => void) => store.sub(dataLayerStartedAtom, onChange),
    [store],
  );
  return useSyncExternalStore(
    subscribe,
    () => store.get(dataLayerStartedAtom),
    () => false,
  );
}

/** Renders `children` (a lazy part) once the data layer has started, with no fallback before. */
export function WithDataLayer({ children }: { children: ReactNode }) {
  const started = useDataLayerStarted();
  return started ? <Suspense fallback={null}>{children}</Suspense> : null;
}
