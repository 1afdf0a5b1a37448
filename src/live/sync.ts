// Live reads of the sync bookkeeping: the pending count, the list behind it, dead letters, the
// keys for pending marks and the files still waiting to be uploaded. Built on live reads, so
// every screen updates the moment a change is queued, sent or refused, in any tab.
import { useRead, useReadOr } from './use-read';
import type { DeadLetterItem, OutboxItem } from '@/data/queries/outbox-state';
import { useObjectUrl } from './use-object-url';

export {
  outboxItemState,
  outboxStateText,
  type DeadLetterItem,
  type OutboxItem,
  type OutboxItemState,
  type OutboxStateContext,
} from '@/data/queries/outbox-state';

const NO_KEYS: ReadonlySet<string> = new Set();

/** How many changes wait to be sent (five ticked cards count five); undefined while loading. */
export function useOutboxCount(): number | undefined {
  return useRead('outboxCount');
}

/** How many changes the server refused and the user has not retried or discarded. */
export function useDeadLetterCount(): number | undefined {
  return useRead('deadLetterCount');
}

/** Changes waiting to be sent, in sending order. */
export function useOutboxItems(): OutboxItem[] | undefined {
  return useRead('outboxItems');
}

/** Changes the server refused, most recent first. */
export function useDeadLetters(): DeadLetterItem[] | undefined {
  return useRead('deadLetters');
}

/** Dead letters nobody has been told about yet (for the error toast). */
export function useUnnotifiedDeadLetters(): DeadLetterItem[] | undefined {
  return useRead('unnotifiedDeadLetters');
}

/**
 * `collection/id` of every record with a queued change: a screen shows <PendingMark /> on an item
 * when `keys.has('exchangeList/' + post.id)`. Empty while loading.
 */
export function usePendingKeys(): ReadonlySet<string> {
  return useReadOr('pendingKeys', NO_KEYS);
}

/** `collection/id` of every record with a refused change (<PendingMark variant="failed" />). */
export function useFailedKeys(): ReadonlySet<string> {
  return useReadOr('failedKeys', NO_KEYS);
}

/** The queued, not yet uploaded file of a record's field (e.g. a new collect book's thumbNail). */
export function usePendingFile(collection: string, id: string, field: string): Blob | null {
  return useReadOr('pendingFile', null, collection, id, field);
}

/**
 * An <img src> for a record's file that is still queued, or null once it is uploaded (then the
 * server's file URL applies): `usePendingFileUrl('collectBook', book.id, 'thumbNail')`.
 */
export function usePendingFileUrl(collection: string, id: string, field: string): string | null {
  return useObjectUrl(usePendingFile(collection, id, field));
}
