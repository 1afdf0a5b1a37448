import { startTransition, useEffect, useState } from 'react';
import { dataLayerStartedAtom, useStore } from '@/state/store';

/**
 * Whether the data layer has begun loading (docs/first-visit.md), for what reads the local store
 * or mounts with it (the pending-changes button, the toast outlet, a group's progress). False
 * for the first render (the server's markup and hydration), then true once it has started, set
 * in a transition: what mounts then is rendered in slices that yield to the browser, not in one
 * task at the moment the data layer starts. Waiting for it keeps the store (Dexie, its schema and
 * first reads) out of the seconds after a first visit's hydration.
 */
export function useDataLayerStarted(): boolean {
  const store = useStore();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const update = () => {
      if (store.get(dataLayerStartedAtom)) startTransition(() => setStarted(true));
    };
    update();
    return store.sub(dataLayerStartedAtom, update);
  }, [store]);
  return started;
}
