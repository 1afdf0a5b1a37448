/**
 * Reads of the sync bookkeeping for the user: what is still waiting to be sent (the pending count,
 * the list behind it, the pending marks on items), what the server refused (dead letters), and the
 * files of records whose upload is still queued, so a screen can show them before they are sent.
 *
 * A row's state (offline, waiting for login, retrying in n seconds, waiting) also depends on the
 * network and the session, which are not in IndexedDB: `outboxItemState` derives it from the row
 * and that context, so the list can tick its countdown without reading the database again.
 */
import { ko } from '@/i18n/ko.ts';
import {
  db as defaultDb,
  type AppDB,
  type DeadLetterRow,
  type OutboxRow,
} from '@/data/db/index.ts';
import { MUTATION_KINDS, readMutation, recordKey } from '@/data/outbox/index.ts';
import type { SyncedCollection } from '@/data/pb/records.ts';
import type { DeadLetterItem, OutboxItem } from './outbox-state.ts';

export {
  outboxItemState,
  outboxStateText,
  type DeadLetterItem,
  type OutboxItem,
  type OutboxItemState,
  type OutboxStateContext,
} from './outbox-state.ts';

/** The Korean name of a mutation kind; unknown kinds (a newer app version's rows) read generically. */
export function mutationLabel(kind: string): string {
  return MUTATION_KINDS.get(kind)?.label ?? ko.sync.kindUnknown;
}

function cardsIn(kind: string, payload: unknown): number | null {
  return MUTATION_KINDS.get(kind)?.cardsIn?.(payload) ?? null;
}

/**
 * How many changes the user made in one queued row. Ticking five cards of a collect book and
 * saving is one row (one set operation on the server) but five changes to the fan, and the
 * pending count counts what the fan did.
 */
export function changesIn(kind: string, payload: unknown): number {
  return Math.max(1, cardsIn(kind, payload) ?? 1);
}

/** The fan's own words in a row's change, '' when the kind keeps none or the row is unreadable. */
export function draftIn(kind: string, payload: unknown): string {
  const m = readMutation(kind, payload);
  return 'error' in m ? '' : (m.kind.draft?.(m.payload) ?? '');
}

function toItem(row: OutboxRow): OutboxItem {
  return {
    seq: row.seq ?? 0,
    id: row.id,
    kind: row.kind,
    label: mutationLabel(row.kind),
    recordKey: row.recordKey,
    userId: row.userId,
    createdAt: row.createdAt,
    attempts: row.attempts,
    nextTryAt: row.nextTryAt,
    changes: changesIn(row.kind, row.payload),
    cards: cardsIn(row.kind, row.payload),
  };
}

function toDeadItem(row: DeadLetterRow): DeadLetterItem {
  return {
    seq: row.seq ?? 0,
    id: row.id,
    kind: row.kind,
    label: mutationLabel(row.kind),
    recordKey: row.recordKey,
    message: row.message,
    failedAt: row.failedAt,
    notifiedAt: row.notifiedAt,
    draft: draftIn(row.kind, row.payload),
    retryable: !row.hopeless,
  };
}

/** Changes waiting to be sent, in the order they will go. */
export async function listOutboxItems(db: AppDB = defaultDb): Promise<OutboxItem[]> {
  const rows = await db.outbox.orderBy('seq').toArray();
  return rows.map(toItem);
}

/** How many changes wait to be sent (the pending count): the changes of every queued row. */
export async function countOutbox(db: AppDB = defaultDb): Promise<number> {
  let total = 0;
  await db.outbox.each((row) => {
    total += changesIn(row.kind, row.payload);
  });
  return total;
}

/** How many changes the server refused and still wait for the user (retry or discard). */
export function countDeadLetters(db: AppDB = defaultDb): Promise<number> {
  return db.deadLetters.count();
}

/** Changes the server refused for good, most recent first. */
export async function listDeadLetters(db: AppDB = defaultDb): Promise<DeadLetterItem[]> {
  const rows = await db.deadLetters.orderBy('failedAt').reverse().toArray();
  return rows.map(toDeadItem);
}

/** Dead letters the user has not been told about yet, oldest first. */
export async function listUnnotifiedDeadLetters(db: AppDB = defaultDb): Promise<DeadLetterItem[]> {
  const rows = await db.deadLetters
    .orderBy('seq')
    .filter((r) => !r.notifiedAt)
    .toArray();
  return rows.map(toDeadItem);
}

/** `collection/id` of every record with a change still queued (for the pending marks). */
export async function listPendingKeys(db: AppDB = defaultDb): Promise<Set<string>> {
  const keys = await db.outbox.orderBy('recordKey').uniqueKeys();
  return new Set(keys.map(String));
}

/** `collection/id` of every record with a change the server refused (the 'failed' marks). */
export async function listFailedKeys(db: AppDB = defaultDb): Promise<Set<string>> {
  const keys = await db.deadLetters.orderBy('recordKey').uniqueKeys();
  return new Set(keys.map(String));
}

/**
 * The file of a record that is still waiting to be uploaded: the latest queued change of
 * `collection/id` whose payload holds a Blob in `field` (a new collect book's thumbNail, a new
 * avatar). Null when nothing is queued, and the server's file name takes over.
 */
export async function pendingFile(
  collection: string,
  id: string,
  field: string,
  db: AppDB = defaultDb,
): Promise<Blob | null> {
  const rows = await db.outbox
    .where('recordKey')
    .equals(recordKey(collection as SyncedCollection, id))
    .sortBy('seq');
  for (let i = rows.length - 1; i >= 0; i--) {
    const value = (rows[i]?.payload as Record<string, unknown> | null)?.[field];
    if (value instanceof Blob) return value;
  }
  return null;
}
