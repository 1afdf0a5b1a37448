import { lazy, Suspense, useState } from 'react';
import { ScanIcon } from './scan-icon';
import { useLoginPrompt } from '@/components/hooks/use-login-prompt';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { koCardScan } from '@/i18n/ko-card-scan';
import type { HaveScanScope } from './have-scan-sheet';

export type { HaveScanScope } from './have-scan-sheet';

// The scanner's chunk (the worker's client, the fingerprints' table, Dexie) is fetched on the
// first 스캔, never before: a card's page is server-rendered and hydrates without it
// (docs/first-visit.md), and the list's own chunk stays as it was.
const HaveScanSheet = lazy(() =>
  import('./have-scan-sheet').then((m) => ({ default: m.HaveScanSheet })),
);

export interface HaveScanProps {
  /** The cards a scan looks among (HaveScanScope). */
  scope: HaveScanScope;
  /** The screen's own button style; it lays out the icon and the word. */
  className: string | undefined;
  testId: string;
}

/**
 * 스캔 on the have/want list and on a card's page (docs/card-scan.md): the button, and the camera
 * sheet that puts each card it finds on the have list (보유에 추가) through the outbox, offline
 * too. A signed-out fan is asked to log in instead. The sheet stays mounted after its first
 * opening, so closing it hands focus back to this button.
 */
export function HaveScan({ scope, className, testId }: HaveScanProps) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const askLogin = useLoginPrompt();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          if (!loggedIn) {
            void askLogin();
            return;
          }
          setLoaded(true);
          setOpen(true);
        }}
        data-testid={testId}
      >
        <ScanIcon size={18} /> {koCardScan.open}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <HaveScanSheet open={open} onClose={() => setOpen(false)} scope={scope} />
        </Suspense>
      ) : null}
    </>
  );
}
