import { lazy, type ReactNode } from 'react';
import { ConfirmProvider } from '@/components/ui/confirm-provider';
import { WithDataLayer } from './data-layer-started';
import { appStore, Provider } from '@/state/store';
import { UpdatePrompt } from './update-prompt';

// The toast outlet (react-hot-toast) loads in its own chunk, with the data layer: a toast asked
// for earlier waits in react-hot-toast's store and shows once the outlet mounts, and the data
// layer starts at the fan's first tap or key, before anything they do can ask for one.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * App-wide providers: the jotai store, the confirm dialog host, the toast outlet, and the prompt
 * that offers a waiting new version.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={appStore}>
      <ConfirmProvider>
        {children}
        <WithDataLayer>
          <Toaster />
        </WithDataLayer>
        <UpdatePrompt />
      </ConfirmProvider>
    </Provider>
  );
}
