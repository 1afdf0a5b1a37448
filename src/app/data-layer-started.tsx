import { Suspense, type ReactNode } from 'react';
import { useDataLayerStarted } from '@/components/hooks/use-data-layer-started';

/** Renders `children` (a lazy part) once the data layer has started, with no fallback before. */
export function WithDataLayer({ children }: { children: ReactNode }) {
  const started = useDataLayerStarted();
  return started ? <Suspense fallback={null}>{children}</Suspense> : null;
}
