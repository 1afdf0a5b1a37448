import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ErrorScreen } from '@/app/errors/error-screen';
import { NotFoundPage } from '@/app/errors/not-found-screen';
import { ScrollToTop } from '@/app/layout/scroll-to-top';

export const rootRoute = createRootRoute({
  component: RootComponent,
  // notFoundMode 'root' sends every unmatched address here; NotFoundPage brings its own layout.
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorScreen,
});

function RootComponent() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}
