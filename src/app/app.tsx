import { RouterProvider } from '@tanstack/react-router';
import { ServerRenderContext, type ServerRender } from '@/live/server-render';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

/** The app; `server` is the first-screen renderer's (docs/first-visit.md), null in the browser. */
export function App({
  router,
  server = null,
}: {
  router: AppRouter;
  server?: ServerRender | null;
}) {
  return (
    <ServerRenderContext.Provider value={server}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ServerRenderContext.Provider>
  );
}
