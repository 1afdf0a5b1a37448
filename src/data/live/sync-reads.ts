/**
 * The engine's own live reads: the sync bookkeeping (what waits to be sent, what the server
 * refused, the files still to upload), by name. Joined with the domains' reads into the app's read
 * table (src/domains/tables/reads.ts).
 */
import {
  countDeadLetters,
  countOutbox,
  listDeadLetters,
  listFailedKeys,
  listOutboxItems,
  listPendingKeys,
  listUnnotifiedDeadLetters,
  pendingFile,
} from '@/data/queries/sync.ts';

export const syncReads = {
  outboxCount: () => countOutbox(),
  deadLetterCount: () => countDeadLetters(),
  outboxItems: () => listOutboxItems(),
  deadLetters: () => listDeadLetters(),
  unnotifiedDeadLetters: () => listUnnotifiedDeadLetters(),
  pendingKeys: () => listPendingKeys(),
  failedKeys: () => listFailedKeys(),
  pendingFile: (collection: string, id: string, field: string) =>
    pendingFile(collection, id, field),
};
