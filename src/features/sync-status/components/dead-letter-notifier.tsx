import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { isDeliveryWatched } from '@/data/queries/delivery';
import { markDeadLettersNotified } from '@/data/writes/dead-letters';
import { useUnnotifiedDeadLetters } from '@/live/sync';

/**
 * Tells the user, once, about each change the server refused: an error toast with its message
 * (docs/product-rules.md, Offline and sync status), then the dead letter is marked as told (it
 * stays in the pending list until the user retries or discards it). A refusal a screen shows itself
 * (watchDelivery) gets no toast. The toast id keeps a re-render or a second effect run from
 * doubling it.
 */
export function DeadLetterNotifier() {
  const fresh = useUnnotifiedDeadLetters();

  useEffect(() => {
    if (!fresh?.length) return;
    for (const dead of fresh) {
      // a screen that shows this refusal itself (a report form's failure modal) says it once
      if (isDeliveryWatched(dead.recordKey)) continue;
      toast.error(dead.message, { id: `dead-letter-${dead.seq}` });
    }
    void markDeadLettersNotified(fresh.map((d) => d.seq)).catch((err: unknown) =>
      console.warn('[sync] could not mark dead letters as told', err),
    );
  }, [fresh]);

  return null;
}
