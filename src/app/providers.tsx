import { lazy, Suspense, type ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-provider';
import { appStore, Provider } from './store';
import { UpdatePrompt } from './update-prompt';

// The toast outlet (react-hot-toast) loads in its own chunk: nothing shows a toast before a
// screen or the data layer has loaded, and those bring the same module with them.
const Toaster = lazy(() =>
  import('../components/ui/toaster').then((m) => ({ default: m.Toaster })),
);

/**
 * App-wide providers: the jotai store, the confirm dialog host, the toast outlet, and the prompt
 * that offers a waiting new version.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={appStore}>
      <ConfirmProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
        <UpdatePrompt />
      </ConfirmProvider>
    </Provider>
  );
}
