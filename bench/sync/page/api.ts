/**
 * What the sync bench page exposes on `window.syncBench`, shared by the page (page/main.ts) and
 * the Node driver (../bench.ts). Times are measured inside the page with `performance.now()`.
 */

export interface PullResult {
  ms: number;
  /** Requests the pull made, by its own count (pullAll's report). */
  requests: number;
  records: number;
  deleted: number;
}

export interface MutationPlan {
  /** Cards to like, one `setLike(card, true)` each. */
  likes: string[];
  /** Posts to write, one `createPost(card, text)` each. */
  posts: { card: string; text: string }[];
  /** Collect-book ticks, one `saveCollectBookCards(book, { add: [card] })` each. */
  ticks: { book: string; card: string }[];
}

export interface QueueResult {
  /** Time to apply every mutation locally and queue it (one IndexedDB transaction each). */
  ms: number;
  outbox: number;
}

export interface FlushResult {
  ms: number;
  /** What started the flush: the page's `online` event (as in the app) or a direct call. */
  trigger: 'online-event' | 'direct';
  /** flushOutbox calls needed to empty the outbox (more than 1 only after backoff). */
  rounds: number;
  /** Requests by the flusher's own count (a batch counts once). */
  requests: number;
  done: number;
  dead: number;
  retrying: number;
  remaining: number;
  deadLetters: number;
}

export interface SyncBenchApi {
  /** Email/password login through loginWithPassword; returns the user id. */
  login(email: string, password: string): Promise<string>;
  /** What the engine does on start: claim the private tables for the user, then pullAll. */
  pull(): Promise<PullResult>;
  /** Rows per local table. */
  localCounts(): Promise<Record<string, number>>;
  /** navigator.storage.estimate().usage, or null when unavailable. */
  storageUsage(): Promise<number | null>;
  queueMutations(plan: MutationPlan): Promise<QueueResult>;
  /** Flush when the page's `online` event fires (like the engine's onOnline). */
  armFlushOnOnline(): void;
  /** The flush started by the `online` event; starts one itself after `waitMs` if none came. */
  flushResult(waitMs: number): Promise<FlushResult>;
}

declare global {
  interface Window {
    syncBench: SyncBenchApi;
    syncBenchReady: boolean;
  }
}
