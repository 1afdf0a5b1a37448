import { useOutboxItems } from '@/live/sync';

/**
 * Whether a change of `kind` to `recordKey` (`collection/id`) still waits to be sent: the pending
 * mark of one switch (a book's 자랑하기, the list's 공개) when other changes of the same record
 * (the book's ticks, the profile) have their own marks.
 */
export function useQueuedKind(kind: string, recordKey: string | null): boolean {
  const items = useOutboxItems();
  if (!recordKey || !items) return false;
  return items.some((i) => i.kind === kind && i.recordKey === recordKey);
}
