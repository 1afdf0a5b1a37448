import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { ConfirmProvider } from '@/components/ui/confirm-provider';
import { toastOutlet } from '@/components/ui/toast';
import { appStore, Provider } from '@/state/store';
import { UpdatePrompt } from './update-prompt';

// The toast outlet (react-hot-toast) loads in its own chunk and mounts with the first toast: the
// toast waits in react-hot-toast's store meanwhile and shows once the outlet has mounted. Mounting
// it earlier (it injects its styles) was a long task of a phone's first visit.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function ToastOutlet() {
  const wanted = useSyncExternalStore(toastOutlet.subscribe, toastOutlet.wanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * App-wide providers: the jotai store, the confirm dialog host, the toast outlet, and the prompt
 * that offers a waiting new version.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={appStore}>
      <ConfirmProvider>
        {children}
        <ToastOutlet />
        <UpdatePrompt />
      </ConfirmProvider>
    </Provider>
  );
}
