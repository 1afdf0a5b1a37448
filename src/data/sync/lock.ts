/**
 * One flusher at a time across every tab and the service worker: a Web Lock
 * (`navigator.locks`), which Chromium shares between pages and workers of one origin. Where Web
 * Locks are missing (Node in tests, very old browsers), an in-process queue keeps at least this
 * context to one flusher; the server-side replay rules keep a second context from duplicating.
 */
export type LockRunner = <T>(fn: () => Promise<T>) => Promise<T>;

export const OUTBOX_LOCK = 'pocamarket:outbox';

let tail: Promise<unknown> = Promise.resolve();

function inProcess<T>(fn: () => Promise<T>): Promise<T> {
  const run = tail.then(fn, fn);
  tail = run.catch(() => undefined);
  return run;
}

interface LocksLike {
  request<T>(name: string, cb: () => Promise<T>): Promise<T>;
}

export const withOutboxLock: LockRunner = <T>(fn: () => Promise<T>): Promise<T> => {
  const locks = (globalThis.navigator as { locks?: LocksLike } | undefined)?.locks;
  if (locks?.request) return locks.request(OUTBOX_LOCK, fn);
  return inProcess(fn);
};
