import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
