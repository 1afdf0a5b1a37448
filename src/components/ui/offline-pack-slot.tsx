/**
 * Where a meetup screen shows its 오프라인 저장 (docs/offline-pack.md). A feature may not import
 * another feature, and the pack's code must stay out of the screens' first paint: the screens
 * render this slot, the app names the module that fills it (provideOfflinePack, when the data layer starts:
 * src/app/feature-wiring.ts, itself a lazy chunk), and the slot loads that module at the browser's
 * first idle moment after both. The server and the first client render draw nothing, so hydration matches.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { onIdle } from '@/components/hooks/use-after-idle';

export type OfflinePackSlotProps = { kind: 'event'; id: string } | { kind: 'day' };

type Loader = () => Promise<{ OfflinePackPanel: ComponentType<OfflinePackSlotProps> }>;

let loader: Loader | null = null;
const waiting = new Set<() => void>();

/** The app's choice of what fills the slot; slots already drawn fill in now. */
export function provideOfflinePack(load: Loader): void {
  loader = load;
  for (const start of [...waiting]) start();
  waiting.clear();
}

export function OfflinePackSlot(props: OfflinePackSlotProps) {
  const [Panel, setPanel] = useState<ComponentType<OfflinePackSlotProps> | null>(null);
  useEffect(() => {
    let live = true;
    let cancel = () => {};
    const start = () => {
      cancel = onIdle(() => {
        loader?.()
          .then((m) => {
            if (live) setPanel(() => m.OfflinePackPanel);
          })
          .catch((err: unknown) => console.warn('[offline-pack] could not load', err));
      });
    };
    if (loader) start();
    else waiting.add(start);
    return () => {
      live = false;
      waiting.delete(start);
      cancel();
    };
  }, []);
  return Panel ? <Panel {...props} /> : null;
}
