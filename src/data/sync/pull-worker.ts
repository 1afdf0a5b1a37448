/**
 * The pull's dedicated worker (docs/sync.md, The pull's worker): runs a whole delta pull — its
 * requests, its IndexedDB writes, tombstones and eviction — off the page's main thread, so a
 * phone's page only renders and answers input while a followed group's thousands of cards arrive.
 *
 * It opens the same Dexie database as the page and reads the same stored session (like the
 * service worker's Background Sync), so it sends what the page would send. Dexie tells the page's
 * live queries about its writes (across contexts, through BroadcastChannel), and the screens
 * update as they do for a pull on the page. Messages: see ./pull-remote.ts.
 */
import { db } from '@/data/db/index.ts';
import { createClient } from '@/data/pb/client.ts';
import { isQuotaError } from '@/data/storage.ts';
import { pullAll, lastScope } from './pull.ts';
import type { PullRequestMessage, PullResponseMessage } from './pull-remote.ts';
import { setDeviceBias } from './scope.ts';

declare const self: DedicatedWorkerGlobalScope;

/** Records per transaction here: no page to keep responsive, so a whole server page at once. */
const WORKER_SLICE = 500;

self.addEventListener('message', (event: MessageEvent<PullRequestMessage>) => {
  const msg = event.data;
  if (msg?.type !== 'pull') return;
  void (async () => {
    let answer: PullResponseMessage;
    try {
      setDeviceBias(msg.deviceBias);
      // a client made now sends with the session stored at this moment (a login just now)
      const { pb } = await createClient(msg.origin, db);
      const report = await pullAll(pb, db, msg.signedIn, {
        userId: msg.userId,
        applySlice: WORKER_SLICE,
      });
      answer = { type: 'pulled', id: msg.id, report, scope: lastScope() };
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      // the page tells a full disk from other failures by this name (src/data/storage.ts)
      const name = isQuotaError(err) ? 'QuotaExceededError' : e.name;
      answer = { type: 'failed', id: msg.id, error: { name, message: e.message } };
    }
    self.postMessage(answer);
  })();
});
