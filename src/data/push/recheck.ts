/**
 * The push subscription checked again at each start (docs/push.md, The check at start). Browsers
 * drop or replace subscriptions on their own (storage cleared, iOS evicting a Home Screen app's
 * data, the push service rotating an endpoint), push services end them (the dispatcher then deletes
 * the record on 404/410), and a fan may block notifications in the browser's settings. Any of these
 * silently ends a fan's alerts; this puts things right without asking anything:
 *
 *  - the browser lost the subscription: subscribe again with the server's VAPID key and save it;
 *  - its endpoint or keys are not the ones saved: save them (the settings screen's upsert);
 *  - the server no longer has the record (pruned after a 404/410): a new subscription, saved;
 *  - notifications were blocked: the server's record is deleted and the memory forgotten.
 *
 * Cheap: the decision (planPushCheck, pure) compares the browser's subscription with the one this
 * browser remembers saving (device-memory.ts); the server is asked only when they differ, or once a
 * day to catch a record pruned meanwhile. Nothing here prompts: the permission is only asked from
 * a tap on the settings screen. Loaded with a dynamic import once the data layer has started
 * (app/feature-wiring.ts), at an idle moment, so it costs the entry bundle and the first paint
 * nothing.
 */
import { readSession } from '@/data/session/session.ts';
import { getClient } from '@/data/pb/client.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import {
  forgetDevice,
  keysOf,
  rememberDevice,
  rememberedDevice,
  type DeviceKeys,
  type RememberedDevice,
} from './device-memory.ts';
import type { PushTopic } from './payload.ts';
import {
  cachedTopics,
  cacheTopics,
  cleanTopics,
  currentSubscription,
  fetchPublicKey,
  findRecord,
  isEndpointTaken,
  isPushSupported,
  keyBytes,
  sameKey,
  saveRecord,
  subscribe,
} from './subscription.ts';

/** How often the server is asked whether it still has an unchanged subscription. */
export const SERVER_CHECK_MS = 24 * 60 * 60 * 1000;

export interface PushCheckFacts {
  signedIn: boolean;
  /** Service worker, Push API and Notification API present. */
  supported: boolean;
  permission: NotificationPermission;
  /** The topics this account last chose on this device (none: it gets no alerts here). */
  topics: readonly string[];
  /** What this browser remembers saving for the account. */
  remembered: RememberedDevice | null;
  /** The browser's subscription now. */
  current: DeviceKeys | null;
  now: number;
  /** Ask the server now, not only once a day (the settings screen, before it reads). */
  verifyNow?: boolean;
}

export type PushCheck =
  /** Nothing to do (or nothing this device may do). */
  | 'none'
  /** Notifications were blocked: delete the server's record, forget the memory. */
  | 'remove'
  /** The browser has no subscription any more: subscribe again and save. */
  | 'resubscribe'
  /** The subscription is not the one saved: save it (and drop the old record). */
  | 'send'
  /** Unchanged here: ask the server whether it still has it. */
  | 'verify';

const sameKeys = (a: DeviceKeys, b: DeviceKeys) =>
  a.endpoint === b.endpoint && a.p256dh === b.p256dh && a.auth === b.auth;

/** What the check at start does, from what is known without the network. */
export function planPushCheck(f: PushCheckFacts): PushCheck {
  if (!f.signedIn || !f.supported) return 'none';
  // nothing remembered: this account never turned alerts on here (or logged out since), unless a
  // subscription saved before this check existed is there to confirm
  if (f.permission !== 'granted') return f.remembered ? 'remove' : 'none';
  if (!f.topics.length) return 'none';
  if (!f.remembered) return f.current ? 'verify' : 'none';
  if (!f.current) return 'resubscribe';
  if (!sameKeys(f.current, f.remembered)) return 'send';
  // a clock set back counts as due too
  const due = Math.abs(f.now - f.remembered.checkedAt) >= SERVER_CHECK_MS;
  return due || f.verifyNow ? 'verify' : 'none';
}

type Log = (message: string, err?: unknown) => void;
const defaultLog: Log = (m, err) => console.info(`[push] ${m}`, ...(err ? [err] : []));

async function deleteRecordOf(endpoint: string): Promise<void> {
  const rec = await findRecord(endpoint);
  if (!rec) return;
  const { pb } = await getClient();
  await pb.collection('pushSubscriptions').delete(rec.id, { requestKey: null });
}

/** Saves `sub` with `topics` for the account (updating its record for the endpoint if any). */
async function save(sub: PushSubscription, userId: string, topics: PushTopic[]): Promise<void> {
  try {
    await saveRecord(sub, userId, topics);
  } catch (err) {
    // another tab saved this endpoint meanwhile: update it
    if (!isEndpointTaken(err)) throw err;
    await saveRecord(sub, userId, topics);
  }
}

/** A new subscription (the old one, if any, ended first), saved; the old record dropped. */
async function startOver(
  userId: string,
  topics: PushTopic[],
  old: DeviceKeys | null,
  now: number,
): Promise<string> {
  const key = await fetchPublicKey();
  if (!key) return 'the server has no push now';
  await (await currentSubscription())?.unsubscribe().catch(() => false);
  const sub = await subscribe(keyBytes(key));
  await save(sub, userId, topics);
  if (old && old.endpoint !== sub.endpoint) await deleteRecordOf(old.endpoint);
  rememberDevice(userId, keysOf(sub), now);
  return 'subscribed again';
}

/** Asks the server about an unchanged subscription; puts right what it does not have. */
async function verify(
  userId: string,
  topics: PushTopic[],
  sub: PushSubscription,
  remembered: RememberedDevice | null,
  now: number,
): Promise<string> {
  const key = await fetchPublicKey();
  if (!key) return 'the server has no push now';
  // made for another server key (the server's keys were replaced): its pushes would be refused
  const madeFor = sub.options?.applicationServerKey;
  if (madeFor && !sameKey(madeFor, keyBytes(key))) {
    return startOver(userId, topics, keysOf(sub), now);
  }
  const rec = await findRecord(sub.endpoint);
  if (!rec) {
    // Saved before and gone now: the dispatcher deleted it after its push service answered
    // 404/410, so the endpoint is dead; saving it again would only be deleted at the next push.
    if (remembered) return startOver(userId, topics, null, now);
    // a subscription saved before this check existed, and not on the server: save it
    await save(sub, userId, topics);
    rememberDevice(userId, keysOf(sub), now);
    return 'saved again';
  }
  const here = keysOf(sub);
  const serverTopics = cleanTopics(rec.topics);
  const keys = rec.keys as { p256dh?: unknown; auth?: unknown } | null;
  if (keys?.p256dh !== here.p256dh || keys?.auth !== here.auth) {
    await save(sub, userId, serverTopics.length ? serverTopics : topics);
    rememberDevice(userId, here, now);
    return 'keys sent again';
  }
  // the server's choice is the truth (another tab may have changed it)
  cacheTopics(userId, serverTopics);
  rememberDevice(userId, here, now);
  return 'confirmed';
}

/** Deletes the server's record of a device that may no longer show notifications. */
async function remove(userId: string, remembered: RememberedDevice): Promise<string> {
  await deleteRecordOf(remembered.endpoint);
  const sub = await currentSubscription();
  if (sub && sub.endpoint !== remembered.endpoint) await deleteRecordOf(sub.endpoint);
  await sub?.unsubscribe().catch(() => false);
  forgetDevice(userId);
  cacheTopics(userId, []);
  return 'notifications blocked: record deleted';
}

export interface RecheckOptions {
  db?: AppDB;
  now?: () => number;
  log?: Log;
  /** Ask the server even if it confirmed the subscription within the day. */
  verifyNow?: boolean;
}

/** The checks of this page, one after the other: two at once could both subscribe again. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Checks this device's subscription for the signed-in account and puts it right (see the top of
 * the file). Never throws and never prompts; returns what it did, for logs and tests. The start
 * (app/feature-wiring.ts) runs it once per page load; the settings screen runs it with
 * `verifyNow` before reading, so a record pruned since is made again before it shows the topics.
 */
export function recheckPushSubscription(opts: RecheckOptions = {}): Promise<PushCheck> {
  const run = queue.then(() => check(opts));
  queue = run.catch(() => {});
  return run;
}

async function check(opts: RecheckOptions): Promise<PushCheck> {
  const log = opts.log ?? defaultLog;
  const now = (opts.now ?? Date.now)();
  if (!isPushSupported() || navigator.onLine === false) return 'none';
  let plan: PushCheck = 'none';
  try {
    const session = await readSession(opts.db ?? defaultDb);
    const userId = session?.userId ?? '';
    const remembered = userId ? rememberedDevice(userId) : null;
    const topics = userId ? cachedTopics(userId) : [];
    const sub = userId ? await currentSubscription() : null;
    plan = planPushCheck({
      signedIn: !!userId,
      supported: true,
      permission: Notification.permission,
      topics,
      remembered,
      current: sub ? keysOf(sub) : null,
      now,
      verifyNow: opts.verifyNow ?? false,
    });
    let did = '';
    if (plan === 'remove' && remembered) did = await remove(userId, remembered);
    else if (plan === 'resubscribe') did = await startOver(userId, topics, remembered, now);
    else if (plan === 'send' && sub) {
      await save(sub, userId, topics);
      if (remembered && remembered.endpoint !== sub.endpoint)
        await deleteRecordOf(remembered.endpoint);
      rememberDevice(userId, keysOf(sub), now);
      did = 'sent again';
    } else if (plan === 'verify' && sub) did = await verify(userId, topics, sub, remembered, now);
    if (did) log(`subscription check: ${did}`);
  } catch (err) {
    // offline, the server refused (the device cap), the push service failed: the next start
    // tries again; the settings screen says what is wrong if the fan looks
    log(`subscription check (${plan}) failed`, err);
  }
  return plan;
}
