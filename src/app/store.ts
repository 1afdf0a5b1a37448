// The one module that imports jotai (STYLE.md: jotai reached through one app module). The rest of
// the app imports atoms and hooks from here, so swapping or wrapping the state library, or
// reading state outside React (session bootstrap, service-worker messages), has a single seam.
import { atom, createStore, Provider, useAtom, useAtomValue, useSetAtom } from 'jotai';

export { atom, Provider, useAtom, useAtomValue, useSetAtom };

/** The store the app's <Provider> uses; read or write it outside React with appStore.get/set. */
export const appStore = createStore();

/**
 * Whether a user is logged in. A plain boolean for now; the session module will back it with the
 * IndexedDB auth row so it survives reloads and works offline.
 */
export const isLoggedInAtom = atom(false);
