import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { syncStatusAtom, useAtomValue } from '../../../app/store';
import { deliveryOf, watchDelivery } from '../../../data/queries/delivery';
import {
  createReport,
  InvalidInputError,
  LoginRequiredError,
  StorageFullError,
} from '../../../data/repos';
import type { ReportInput } from '../../../data/repos/reports';
import { ko } from '../../../i18n/ko-features';

/** Online but still not sent after this long: say it was saved and will go later. */
export const DELIVERY_WAIT_MS = 8000;

/**
 * Where a submitted report is: 'idle' before, 'sending' while the queued report is on its way,
 * then one of the three modals: 'sent' (the spec's success message), 'failed' (the spec's error
 * message; the form stays as it was) or 'saved' (queued while offline, sent by the outbox later).
 */
export type SubmitPhase = 'idle' | 'sending' | 'sent' | 'failed' | 'saved';

export interface SubmitReport {
  phase: SubmitPhase;
  /** A Korean message when nothing could be queued (bad image, storage full), else null. */
  error: string | null;
  submit: (input: ReportInput) => Promise<void>;
  /** Closes the failure modal (back to 'idle', the form unchanged). */
  dismiss: () => void;
}

function queueFailure(err: unknown): string | null {
  if (err instanceof InvalidInputError) return err.message;
  if (err instanceof LoginRequiredError) return ko.messages.loginRequired;
  if (err instanceof StorageFullError) return ko.sync.storageFull;
  return null;
}

/**
 * Queues the report with its image through the outbox (so it also works offline) and follows it:
 * online, the modal waits for the server's answer, read from the outbox and dead letters.
 */
export function useSubmitReport(): SubmitReport {
  const online = useAtomValue(syncStatusAtom).online;
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [watchId, setWatchId] = useState<string | null>(null);

  const delivery = useLiveQuery(
    () => (watchId ? deliveryOf('informUs', watchId) : undefined),
    [watchId],
  );

  const waiting = phase === 'sending' && watchId !== null;
  const outcome: SubmitPhase | null = !waiting
    ? null
    : delivery === 'sent'
      ? 'sent'
      : delivery === 'failed'
        ? 'failed'
        : !online
          ? 'saved'
          : null;
  // Adjusting state while rendering: the outcome is derived from the live query and the network.
  if (outcome) {
    setPhase(outcome);
    setWatchId(null);
  }

  // The failure modal says it: no second, app-wide toast for this report.
  useEffect(() => (watchId ? watchDelivery('informUs', watchId) : undefined), [watchId]);

  // Still pending after a while online (a slow or flaky connection): the outbox keeps trying.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => {
      setPhase((p) => (p === 'sending' ? 'saved' : p));
      setWatchId(null);
    }, DELIVERY_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  async function submit(input: ReportInput) {
    if (phase !== 'idle') return;
    setError(null);
    setPhase('sending');
    try {
      const id = await createReport(input);
      if (online) setWatchId(id);
      else setPhase('saved');
    } catch (err) {
      const message = queueFailure(err);
      if (message) {
        setError(message);
        setPhase('idle');
      } else {
        console.warn('report not queued', err);
        setPhase('failed');
      }
    }
  }

  return {
    phase,
    error,
    submit,
    dismiss: () => setPhase('idle'),
  };
}
