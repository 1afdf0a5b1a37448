import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-provider';
import { Toaster } from '../components/ui/toaster';
import { appStore, Provider } from './store';

/** App-wide providers: the jotai store, the confirm dialog host, the toast outlet. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={appStore}>
      <ConfirmProvider>
        {children}
        <Toaster />
      </ConfirmProvider>
    </Provider>
  );
}
