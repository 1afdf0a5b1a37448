/**
 * One pass over the unsent `notifications` rows, oldest first: each row claimed by this pass is
 * sent to its user's devices that list its topic and finished as soon as its own pushes are
 * (given `sentAt`, or scheduled for a retry). See ../push-dispatcher.ts for the whole story.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { startPass, type DispatchOptions, type DispatchResult, type Pass } from './pass.ts';
import { claimKey, Notification, parseAll, parseDate, type Subscription } from './records.ts';
import { forgetExpired, isWaiting, scheduleRetry } from './retry.ts';
import { sendPush } from './send.ts';
import { subscriptionsOf } from './subscriptions.ts';

/** Gives the row `sentAt`: delivered to every device, or none left. */
async function markHandled(pass: Pass, n: Notification): Promise<boolean> {
  pass.retry.delete(n.id);
  try {
    await pass.pb
      .collection('notifications')
      .update(n.id, { sentAt: new Date(pass.now()).toISOString() }, { requestKey: null });
    pass.result.handled += 1;
  } catch (err) {
    // the user deleted it meanwhile: nothing left to do
    if (!(err instanceof ClientResponseError && err.status === 404)) throw err;
  }
  return true;
}

/** Sends one row to its devices, then marks it handled (true) or schedules its retry. */
async function deliver(pass: Pass, n: Notification, targets: Subscription[]): Promise<boolean> {
  const outcomes = await Promise.all(
    targets.map(async (s) => ({
      s,
      outcome: await pass.limiter.run(n.user, () => sendPush(pass, n, s)),
    })),
  );
  if (!outcomes.some((o) => o.outcome === 'retry')) return markHandled(pass, n);
  const delivered = outcomes.filter((o) => o.outcome !== 'retry').map((o) => o.s.id);
  scheduleRetry(pass.retry, n, delivered, pass.now());
  pass.result.retrying += 1;
  return false;
}

/** One claimed row: too old to send (handled unsent), or delivered to the devices still due. */
function sendRow(pass: Pass, n: Notification, subs: Map<string, Subscription[]>): Promise<boolean> {
  if (pass.now() - parseDate(n.at || n.created) > pass.ttlSeconds * 1000) {
    pass.log(`notification ${n.id} is older than the TTL: not sent`);
    return markHandled(pass, n);
  }
  const done = pass.retry.get(n.id)?.done;
  const targets = (subs.get(n.user) ?? []).filter(
    (s) => s.topics.includes(n.topic) && !done?.has(s.id),
  );
  return deliver(pass, n, targets);
}

/** The rows in flight: each releases its claim when done (handled or not). */
class RowTasks {
  private readonly tasks: Promise<void>[] = [];

  constructor(private readonly pass: Pass) {}

  track(n: Notification, work: Promise<boolean>): void {
    const { claims } = this.pass;
    this.tasks.push(
      work.then(
        (handled) => claims.release(claimKey(n), handled),
        (err: unknown) => {
          claims.release(claimKey(n), false);
          throw err;
        },
      ),
    );
  }

  /** Waits for every row; the first failure, if any. */
  async settle(): Promise<{ reason: unknown } | undefined> {
    const results = await Promise.allSettled(this.tasks);
    return results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  }
}

/** Pages of unsent rows, oldest first, at most `maxPerPass` rows in all. */
async function* unsentPages(
  pb: PocketBase,
  pageSize: number,
  maxPerPass: number,
): AsyncGenerator<RecordModel[]> {
  let cursor: { created: string; id: string } | null = null;
  let seen = 0;
  while (seen < maxPerPass) {
    const after: string = cursor
      ? pb.filter(' && (created > {:c} || (created = {:c} && id > {:id}))', {
          c: cursor.created,
          id: cursor.id,
        })
      : '';
    const page = await pb.collection('notifications').getList(1, pageSize, {
      filter: `sentAt = ""${after}`,
      sort: 'created,id',
      skipTotal: true,
      requestKey: null,
    });
    if (!page.items.length) return;
    const last = page.items[page.items.length - 1]!;
    cursor = { created: String(last['created']), id: last.id };
    seen += page.items.length;
    yield page.items;
    if (page.items.length < pageSize) return;
  }
}

/** Starts the rows of one page that are due and not another pass's. */
async function sendPage(pass: Pass, items: RecordModel[], tasks: RowTasks): Promise<void> {
  // rows another pass is still sending are its business; rows waiting for a retry wait
  const rows = parseAll(Notification, items, 'notification', pass.log);
  const waiting = rows.filter((n) => isWaiting(pass.retry, n.id, pass.now()));
  pass.result.retrying += waiting.length;
  const due = rows.filter((n) => !waiting.includes(n) && pass.claims.claim(claimKey(n)));
  let subs: Map<string, Subscription[]>;
  try {
    subs = await subscriptionsOf(pass.pb, [...new Set(due.map((n) => n.user))], pass.log);
  } catch (err) {
    for (const n of due) pass.claims.release(claimKey(n), false);
    throw err;
  }
  for (const n of due) tasks.track(n, sendRow(pass, n, subs));
}

/** One pass over the unsent rows; see ../push-dispatcher.ts. */
export async function dispatchOnce(opts: DispatchOptions): Promise<DispatchResult> {
  const pass = startPass(opts);
  forgetExpired(pass.retry, pass.now(), pass.ttlSeconds);
  const tasks = new RowTasks(pass);
  let readError: unknown;
  try {
    for await (const items of unsentPages(pass.pb, pass.pageSize, pass.maxPerPass)) {
      await sendPage(pass, items, tasks);
    }
  } catch (err) {
    readError = err;
  }
  // every claimed row is released by its task, or above when its page failed
  const failed = await tasks.settle();
  if (readError) throw readError;
  if (failed) throw failed.reason;
  return pass.result;
}
