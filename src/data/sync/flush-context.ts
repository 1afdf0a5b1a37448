/** What the parts of one outbox flush share: the rows being sent, their outcomes, the report. */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB, OutboxRow } from '@/data/db/index.ts';
import type { AnyMutationKind, SendRequest } from '@/data/outbox/index.ts';

export interface FlushReport {
  /** Rows confirmed by the server and removed. */
  done: number;
  /** HTTP requests made (a batch counts once). */
  requests: number;
  /** Rows that failed temporarily and wait for a retry. */
  retrying: number;
  /** Rows moved to dead letters. */
  dead: number;
  /** Rows left in the outbox (of any user). */
  remaining: number;
  /** Why the flush stopped early, if it did. */
  stopped: 'network' | 'auth' | 'no-session' | null;
  /** Earliest time a backing-off row may be tried again. */
  nextTryAt: number | null;
}

export interface Job {
  row: OutboxRow;
  kind: AnyMutationKind;
  payload: unknown;
  req: SendRequest;
  /** Rows with one key are sent in queue order: the record, or the kind's `orderKey`. */
  key: string;
}

export type RowResult =
  /**
   * `record`: the server's copy to store. `replaced`: our create was not stored because the server
   * holds an equivalent record (`record`, when it could be fetched), so our local copy goes.
   */
  | { type: 'done'; record?: RecordModel | null; replaced?: boolean }
  | { type: 'retry'; err: unknown }
  | { type: 'auth' }
  | { type: 'final'; err: unknown };

/** What one flush knows while it runs. */
export interface FlushContext {
  db: AppDB;
  pb: PocketBase;
  userId: string;
  report: FlushReport;
  now: () => number;
  /** Whether the server still accepts the session: asked at most once per flush. */
  sessionCheck?: Promise<'ok' | 'auth' | 'retry'>;
}
