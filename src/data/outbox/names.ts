/**
 * The record key an outbox row is grouped by: `collection/id`, the record a row changes. Rows
 * written by one app version are read by the next, so this shape never changes. The kinds' own
 * names (`like.set`, …) belong to their domains (`src/domains/<domain>/names.ts`). No runtime
 * imports: the entry bundle reads these keys (docs/sync.md, The outbox).
 */
import type { SyncedCollection } from '@/data/pb/records.ts';

/** `collection/id`: the record a row changes (rows of one record are sent in queue order). */
export type RecordKey = `${SyncedCollection}/${string}`;

/** The record key of `collection/id`: outbox and dead-letter rows, pending and failed marks. */
export function recordKey(collection: SyncedCollection, id: string): RecordKey {
  return `${collection}/${id}`;
}
