import { startTransition, StrictMode } from 'react';
import { App } from '@/app/app';
import { registerServiceWorker } from '@/app/register-sw';
import { createAppRouter } from '@/app/router';
import {
  appStore,
  dataLayerStartedAtom,
  readSessionHint,
  sessionUserIdAtom,
  syncStatusAtom,
} from '@/state/store';
import { endFirstScreenClock } from '@/live/render-clock';
import { settlePage } from '@/live/settled';
import { endFirstScreen, loadLive } from '@/live/use-read';
import { firstScreenPayload } from '@/data/live/payload';
import '@/app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const payload = firstScreenPayload();

/**
 * react-dom is most of the code a page needs, so it is evaluated in a task of its own after this
 * module's graph (the router, the app, the screens' shared code): on a phone one task for all of
 * it is a long task that holds back the first tap. index.html preloads its chunk with the entry's
 * (server/build/entry-steps.ts), so the step adds no round trip.
 */
const reactDom = import('react-dom/client');

/** A task boundary: what follows runs in a task of its own, not in the one before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Built in a task of its own too: the route tree and the first match are work of their own. */
let router!: ReturnType<typeof createAppRouter>;

/**
 * A server-rendered page hydrates from its payload (see docs/first-visit.md). Once the fan moves to
 * another address, screens read the store only and use the device's clock. The signed-in user
 * (the personal parts: hearts, avatar, pending marks) is set once the page is idle after
 * hydrating: the page was drawn for nobody, and setting it earlier would change a part of the
 * screen that React has not hydrated yet.
 */
function afterHydration(): void {
  const first = router.state.location.href;
  const stop = router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.href === first) return;
    endFirstScreen();
    endFirstScreenClock();
    stop();
  });
  // a transition: every heart and the avatar redraw in slices that yield
  const signIn = () => startTransition(() => appStore.set(sessionUserIdAtom, readSessionHint()));
  if ('requestIdleCallback' in window) requestIdleCallback(signIn, { timeout: 3000 });
  else setTimeout(signIn, 500);
}

async function start(): Promise<void> {
  await nextTask();
  router = createAppRouter();
  if (payload && container!.firstElementChild) {
    // The route's chunk must be in before hydrating, or React would see a loading state where the
    // server drew the screen.
    const [{ hydrateRoot }] = await Promise.all([reactDom, router.load()]);
    // As a transition, hydration is done in slices that yield to the browser between them, so
    // the page stays responsive (and no task runs long) while React attaches to the markup.
    startTransition(() => {
      hydrateRoot(
        container!,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
        {
          onRecoverableError(err) {
            console.warn('[ssr] the page was drawn again on the client', err);
          },
        },
      );
    });
    afterHydration();
  } else {
    // The plain shell (a route the server doesn't draw, or the service worker's copy): the
    // screens read the store as soon as it opens. The route's chunk is loaded first and the
    // first render is a transition, as hydration is: the whole screen is drawn in slices that
    // yield, where a route arriving after the render was drawn in one task (the router's store
    // updates synchronously), 300 ms at a phone's speed for /login.
    settlePage();
    void loadLive();
    const [{ createRoot }] = await Promise.all([reactDom, router.load()]);
    const root = createRoot(container!);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
  }
}

void start().catch((err: unknown) => console.error('[app] start failed', err));

// The offline banner answers before the data layer has loaded (it starts seconds after a
// server-rendered page); once it has, the sync engine keeps the status and agrees with this.
for (const type of ['online', 'offline'] as const)
  addEventListener(type, () =>
    appStore.set(syncStatusAtom, (s) => ({ ...s, online: navigator.onLine })),
  );

void registerServiceWorker().catch((err: unknown) => console.warn('[sw] registration failed', err));

// The data layer (Dexie, the PocketBase SDK, sync) loads after the first paint, in its own chunk.
let dataStarted = false;
const startDataLayer = () => {
  if (dataStarted) return;
  dataStarted = true;
  appStore.set(dataLayerStartedAtom, true);
  settlePage();
  void import('@/app/start-data')
    .then((m) => m.startData())
    .catch((err: unknown) => console.error('[data] start failed', err));
};
const whenIdle = (run: () => void) => {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1500 });
  else setTimeout(run, 0);
};

/**
 * A server-rendered page is complete without the store, so the data layer (loading Dexie and the
 * SDK, the first pull, realtime) waits until the page has settled: a few seconds after it has
 * loaded and hydrated, when nothing else is happening, so it never competes with the fan's first
 * taps. The first interaction (a tap, a key) starts it at once. A plain shell needs the store to
 * draw anything, so there it starts at the first idle moment. See docs/first-visit.md.
 */
const SETTLE_MS = 3000;
/**
 * End-to-end tests drive the data layer at once (app/test-api.ts). Only a build with the test API
 * checks for them; in a production build this whole check is compiled away.
 */
function testApi(): boolean {
  try {
    return localStorage.getItem('pocamarket:test-api') === '1';
  } catch {
    return false;
  }
}
if (payload && !(__TEST_API__ && testApi())) {
  const early = () => startDataLayer();
  for (const type of ['pointerdown', 'keydown'] as const)
    addEventListener(type, early, { once: true, passive: true, capture: true });
  setTimeout(() => whenIdle(startDataLayer), SETTLE_MS);
} else {
  whenIdle(startDataLayer);
}
