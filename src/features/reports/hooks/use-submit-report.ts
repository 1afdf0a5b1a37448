import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { db } from '@/data/db';
import { deliveryOf, watchDelivery } from '@/data/queries/delivery';
import { recordKey } from '@/data/outbox/names';
import {
  createReport,
  InvalidInputError,
  LoginRequiredError,
  StorageFullError,
} from '@/domains/tables/writes';
import type { ReportInput } from '@/domains/reports/writes';
import { ko } from '@/i18n/ko-features';

/** Online but still not sent after this long: say it was saved and will go later. */
export const DELIVERY_WAIT_MS = 8000;

/**
 * Where a submitted report is: 'idle' before, 'sending' while the queued report is on its way,
 * then one of the three modals (docs/product-rules.md, Reports): 'sent' (the success message),
 * 'failed' (the error message; the form stays as it was) or 'saved' (queued while offline, sent by
 * the outbox later).
 */
export type SubmitPhase = 'idle' | 'sending' | 'sent' | 'failed' | 'saved';

export interface SubmitReport {
  phase: SubmitPhase;
  /** A Korean message when nothing could be queued (bad image, storage full), else null. */
  error: string | null;
  /**
   * Why the server refused it, when that is worth more than the form's failure message (the
   * day's upload quota is used up), else null.
   */
  refusal: string | null;
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

/** Field code of the server's daily upload quota refusal (pb_hooks/lib/uploads.js). */
const QUOTA_CODE = 'validation_upload_quota';

/** The Korean reason of a refused report, from its dead letter's description of the answer. */
async function refusalOf(id: string): Promise<string | null> {
  const dead = await db.deadLetters.where('recordKey').equals(recordKey('informUs', id)).last();
  return dead?.detail.includes(QUOTA_CODE) ? ko.reports.quotaExceeded : null;
}

/**
 * Queues the report with its image through the outbox (so it also works offline) and follows it:
 * online, the modal waits for the server's answer, read from the outbox and dead letters.
 */
export function useSubmitReport(): SubmitReport {
  const online = useAtomValue(syncStatusAtom).online;
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [watchId, setWatchId] = useState<string | null>(null);

  const watched = useLiveQuery(async () => {
    if (!watchId) return undefined;
    const delivery = await deliveryOf('informUs', watchId);
    return { delivery, refusal: delivery === 'failed' ? await refusalOf(watchId) : null };
  }, [watchId]);
  const delivery = watched?.delivery;

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
    setRefusal(outcome === 'failed' ? (watched?.refusal ?? null) : null);
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
    setRefusal(null);
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
    refusal,
    submit,
    dismiss: () => setPhase('idle'),
  };
}
