/**
 * The sync bench page: the app's real data layer (src/data) with no UI, served by PocketBase from
 * the same origin as the API, exactly as the app is. The Node driver calls `window.syncBench`.
 */
import { AppDB, SYNCED_TABLES } from '../../../src/data/db/index.ts';
import { createClient, type AppClient } from '../../../src/data/pb/client.ts';
import { saveCollectBookCards } from '../../../src/domains/collect-books/writes.ts';
import { createPost } from '../../../src/domains/posts/writes.ts';
import { setLike } from '../../../src/domains/likes/writes.ts';
import {
  claimPrivateTables,
  loginWithPassword,
  readSession,
} from '../../../src/data/session/session.ts';
import { flushOutbox } from '../../../src/data/sync/flush.ts';
import { pullAll } from '../../../src/data/sync/pull.ts';
import type { FlushResult, MutationPlan, SyncBenchApi } from './api.ts';

const db = new AppDB('bench-sync');
let clientPromise: Promise<AppClient> | undefined;
const client = () => (clientPromise ??= createClient('/', db));

let flushRun: Promise<FlushResult> | undefined;

async function timedFlush(trigger: FlushResult['trigger']): Promise<FlushResult> {
  const { pb } = await client();
  const started = performance.now();
  const result: FlushResult = {
    ms: 0,
    trigger,
    rounds: 0,
    requests: 0,
    done: 0,
    dead: 0,
    retrying: 0,
    remaining: 0,
    deadLetters: 0,
  };
  // like the engine: flush, and when rows back off (429 with the limiter enforced), flush again
  // when they are due, until the outbox is empty or a flush makes no progress for good
  for (let round = 0; round < 20; round++) {
    const report = await flushOutbox({ db, pb, ignoreBackoff: round === 0 });
    result.rounds++;
    result.requests += report.requests;
    result.done += report.done;
    result.dead += report.dead;
    result.retrying += report.retrying;
    result.remaining = report.remaining;
    if (!report.remaining || report.nextTryAt === null) break;
    await new Promise((r) => setTimeout(r, Math.max(0, report.nextTryAt! - Date.now()) + 10));
  }
  result.ms = performance.now() - started;
  result.deadLetters = await db.deadLetters.count();
  return result;
}

const api: SyncBenchApi = {
  async login(email, password) {
    const record = await loginWithPassword(await client(), email, password);
    return record.id;
  },

  async pull() {
    const { pb } = await client();
    const started = performance.now();
    const session = await readSession(db);
    await claimPrivateTables(db, session?.userId ?? null);
    const report = await pullAll(pb, db, !!session);
    return { ms: performance.now() - started, ...report };
  },

  async localCounts() {
    const counts: Record<string, number> = {};
    for (const t of SYNCED_TABLES) counts[t] = await db.table(t).count();
    counts['outbox'] = await db.outbox.count();
    counts['deadLetters'] = await db.deadLetters.count();
    return counts;
  },

  async storageUsage() {
    const estimate = await navigator.storage?.estimate?.();
    return estimate?.usage ?? null;
  },

  async queueMutations(plan: MutationPlan) {
    const started = performance.now();
    // interleaved, as a fan would do them: like, like, post, tick, ...
    const steps: (() => Promise<unknown>)[] = [];
    const n = Math.max(plan.likes.length, plan.posts.length, plan.ticks.length);
    for (let i = 0; i < n; i++) {
      for (const card of plan.likes.slice(2 * i, 2 * i + 2))
        steps.push(() => setLike(card, true, db));
      const post = plan.posts[i];
      if (post) steps.push(() => createPost(post.card, post.text, db));
      const tick = plan.ticks[i];
      if (tick) steps.push(() => saveCollectBookCards(tick.book, { add: [tick.card] }, db));
    }
    for (const step of steps) await step();
    return { ms: performance.now() - started, outbox: await db.outbox.count() };
  },

  armFlushOnOnline() {
    flushRun = undefined;
    window.addEventListener('online', () => (flushRun = timedFlush('online-event')), {
      once: true,
    });
  },

  async flushResult(waitMs) {
    const until = performance.now() + waitMs;
    while (!flushRun && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
    flushRun ??= timedFlush('direct');
    return flushRun;
  },
};

window.syncBench = api;
window.syncBenchReady = true;
