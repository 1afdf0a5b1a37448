/**
 * The page's side of the pull's worker (./pull-worker.ts; docs/sync.md, The pull's worker): a
 * `pullAll` with the same answer that runs the pull in the worker. The page keeps the scope the
 * worker pulled by, for realtime events and windows (./pull.ts `adoptScope`).
 *
 * Where no worker can run (a browser without module workers, a worker that fails to load), the
 * pull runs on the page as before: slower to a phone's hand, never wrong.
 */
import type PocketBase from 'pocketbase';
import type { AppDB } from '@/data/db/index.ts';
import { adoptScope, pullAll, type PullReport } from './pull.ts';
import { readDeviceBias, type SyncScope } from './scope.ts';

export interface PullRequestMessage {
  type: 'pull';
  id: number;
  origin: string;
  signedIn: boolean;
  userId: string | null;
  /** The favourite group picked on this device (the worker has no localStorage). */
  deviceBias: string | null;
}

export type PullResponseMessage =
  | { type: 'pulled'; id: number; report: PullReport; scope: SyncScope | null }
  | { type: 'failed'; id: number; error: { name: string; message: string } };

export type PullFn = (
  pb: PocketBase,
  db: AppDB,
  signedIn: boolean,
  opts: { userId: string | null },
) => Promise<PullReport>;

/**
 * A pull function that runs in `worker`, made by `spawn` on first use. Falls back to the page
 * when the worker cannot be made or dies.
 */
export function workerPull(spawn: () => Worker): PullFn {
  let worker: Worker | null = null;
  let broken = false;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (r: PullReport) => void; reject: (e: Error) => void }
  >();

  function fail(err: Error) {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  }

  function ensure(): Worker | null {
    if (broken) return null;
    if (worker) return worker;
    try {
      worker = spawn();
    } catch (err) {
      console.warn('[sync] pull worker not started; pulling on the page', err);
      broken = true;
      return null;
    }
    worker.addEventListener('message', (event: MessageEvent<PullResponseMessage>) => {
      const msg = event.data;
      const w = waiting.get(msg.id);
      if (!w) return;
      waiting.delete(msg.id);
      if (msg.type === 'pulled') {
        adoptScope(msg.scope);
        w.resolve(msg.report);
      } else {
        const e = new Error(msg.error.message);
        e.name = msg.error.name;
        w.reject(e);
      }
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      console.warn('[sync] pull worker failed; pulling on the page', event.message);
      fail(new WorkerLost());
    });
    return worker;
  }

  return async (pb, db, signedIn, opts) => {
    const w = ensure();
    if (!w) return pullAll(pb, db, signedIn, opts);
    const id = ++next;
    const message: PullRequestMessage = {
      type: 'pull',
      id,
      origin: globalThis.location.origin,
      signedIn,
      userId: opts.userId,
      deviceBias: readDeviceBias(),
    };
    try {
      return await new Promise<PullReport>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage(message);
      });
    } catch (err) {
      // the worker could not run at all (its script failed to load): this pull on the page
      if (err instanceof WorkerLost) return pullAll(pb, db, signedIn, opts);
      throw err;
    }
  };
}

class WorkerLost extends Error {
  constructor() {
    super('pull worker lost');
    this.name = 'WorkerLost';
  }
}
