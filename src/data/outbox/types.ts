/**
 * What every queued mutation kind declares: how to check its payload when it is read back from
 * IndexedDB, its optimistic effect on the local copy, the request that carries it to PocketBase,
 * and how the flusher should read the answers that are not a plain success.
 */
import type * as v from 'valibot';
import type { AppDB } from '@/data/db/index.ts';
import type { SyncedCollection } from '@/data/pb/records.ts';
import type { RecordKey } from './names.ts';

export interface SendRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  collection: SyncedCollection;
  /** The record id (creates carry it in the body too). */
  id: string;
  /** JSON fields. */
  body?: Record<string, unknown>;
  /** File fields, sent as multipart form data (a list for a field of several files). */
  files?: Record<string, Blob | readonly Blob[]>;
  /**
   * A single relation whose record the answer should carry (`?expand=`) when the row is sent
   * alone, stored with the row's removal like a read-back copy (a like's card, with its new
   * count). Batches carry no expand: their rows' `readsBack` records are read back instead.
   */
  expand?: { field: string; collection: SyncedCollection };
}

export interface MutationKind<P> {
  /** The name stored in the row (a domain's names.ts); unique across the app. */
  kind: string;
  collection: SyncedCollection;
  payload: v.GenericSchema<unknown, P>;
  recordId(payload: P): string;
  /**
   * Rows are sent in queue order per record. Kinds whose rows must also keep their order across
   * records name a shared key here (unlike then like again of one card: two like records).
   */
  orderKey?(payload: P): string;
  /**
   * Records the request names that may still be waiting in the outbox themselves (a message's
   * conversation, made offline a moment before): the row also waits while an older row of one of
   * them waits, so it never reaches the server before the record it points to.
   */
  dependsOn?(payload: P): RecordKey[];
  /**
   * The optimistic local effect, run inside the caller's `rw` transaction. It must be idempotent:
   * it runs again on top of every server copy of the record that lands while it is still queued
   * (a pull, a realtime event), which is how a queued change survives a refresh from the server.
   */
  apply(db: AppDB, payload: P, userId: string): Promise<void>;
  /**
   * Other records the optimistic `apply` changes (a counter-proposal marks the proposal it answers
   * `countered`): a server copy of one of them re-applies this row too, and when the server
   * refuses the row they are put back to the server's copy with its own record.
   */
  touches?(payload: P): RecordKey[];
  /**
   * Runs in the queuing transaction before `apply`: removes unsent rows this one makes pointless
   * (rapid toggles of one like), so they are never sent.
   */
  supersede?(db: AppDB, payload: P, userId: string): Promise<void>;
  /**
   * Records the server changes as a side effect when this row lands, without a realtime message
   * (an unlike moves its card's `likeCount` in a database trigger): the flush reads them back and
   * stores them in the transaction that removes the row, so a screen goes from the queued count
   * to the server's in one step (docs/sync.md, Read-back). A create can have its answer carry
   * the record instead (`SendRequest.expand`).
   */
  readsBack?(payload: P): { collection: SyncedCollection; id: string }[];
  request(payload: P): SendRequest;
  /**
   * For creates: the field that must hold the caller's id for a replayed create to be ours (or
   * fields, one of which must: either fan of a conversation).
   */
  ownerField?: string | readonly string[];
  /**
   * A create refused because an equivalent record already exists (a like of the same card from
   * another device): what the user wanted is already true, so count it as done.
   */
  duplicateIsDone?: boolean;
  /**
   * With `duplicateIsDone`: the fields that make a record equivalent to this create, used to
   * fetch the server's record in place of ours (and to point our queued changes at it).
   */
  sameAs?(payload: P): Record<string, string>;
  /**
   * For rows that change several cards at once (ticking five cards of a collect book and saving):
   * how many, read from the stored payload unchecked (null when it has none), so the list of
   * pending changes counts what the fan did.
   */
  cardsIn?(payload: unknown): number | null;
  /** Korean text for the list of changes waiting to sync. */
  label: string;
  /** Korean text shown when the server refuses the change for good. */
  failureMessage(payload: P): string;
  /**
   * The fan's own words in this change (a message's text): a change the server refuses keeps
   * them, and the screens that list refused changes show them, so nothing typed is lost.
   */
  draft?(payload: P): string;
}

// Kinds are declared with their own payload types; the registry erases them to `unknown`, and
// every row read back is checked against `payload` before any of the functions see it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyMutationKind = MutationKind<any>;
