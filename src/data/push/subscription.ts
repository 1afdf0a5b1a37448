/**
 * Web Push opt-in for this device: the browser's push subscription and its `pushSubscriptions`
 * record on the server ({user, endpoint, keys, topics}), which the dispatcher (server/) reads to
 * decide who gets which alert. One record per device (endpoint) and account, at most 10 devices per
 * account; turning every topic off deletes it and unsubscribes, so the server stops sending to a
 * device that asked for nothing. Another account that used this browser keeps its own record (it
 * is neither visible nor reachable from here); the dispatcher sends only to the account that saved
 * the browser's subscription last (docs/push.md).
 *
 * Online only, unlike the rest of the data layer: subscribing needs the browser's push service and
 * the server's VAPID key anyway, and a subscription that seems saved but is not would be a lie.
 * The last topics saved are kept in localStorage so the settings screen can show them offline.
 *
 * Headless Chromium (the e2e tests) has no push service: `pushManager.subscribe` fails there, and
 * the caller gets a PushSetupError('subscribe') to show.
 */
import { ClientResponseError } from 'pocketbase';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { getClient } from '@/data/pb/client.ts';
import { readSession } from '@/data/session/session.ts';
import { forgetAllDevices, forgetDevice, keysOf, rememberDevice } from './device-memory.ts';
import { PUSH_TOPICS, type PushTopic } from './payload.ts';

export type PushFailure =
  | 'unsupported' // no service worker, Push API or Notification API here
  | 'denied' // the user (or the browser) blocked notifications for this site
  | 'dismissed' // the permission prompt was closed without an answer
  | 'unavailable' // the server has no push configured (503 from /api/push/public-key)
  | 'offline'
  | 'login'
  | 'subscribe' // the browser's push service refused or is missing
  | 'devices' // the account already gets alerts on the most devices it may
  | 'server'; // the server refused or failed to save the subscription

export class PushSetupError extends Error {
  constructor(
    readonly reason: PushFailure,
    cause?: unknown,
  ) {
    super(`push setup failed: ${reason}`, { cause });
    this.name = 'PushSetupError';
  }
}

export interface PushState {
  /** 'unavailable' when the server has no push; null when it could not be asked (offline). */
  server: 'ready' | 'unavailable' | null;
  permission: NotificationPermission;
  /** The topics this device gets, from the server when online, else the last saved. */
  topics: PushTopic[];
}

export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const topicsKey = (userId: string) => `pocamarket:push-topics:${userId}`;

export function cachedTopics(userId: string): PushTopic[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(topicsKey(userId)) ?? '[]');
    return cleanTopics(raw);
  } catch {
    return [];
  }
}

export function cacheTopics(userId: string, topics: PushTopic[]): void {
  try {
    if (topics.length) localStorage.setItem(topicsKey(userId), JSON.stringify(topics));
    else localStorage.removeItem(topicsKey(userId));
  } catch {
    // storage blocked: the screen asks the server next time
  }
}

export function cleanTopics(raw: unknown): PushTopic[] {
  if (!Array.isArray(raw)) return [];
  return PUSH_TOPICS.filter((t) => raw.includes(t));
}

/** The VAPID public key as the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/** The server's VAPID public key, or null when push is not configured there (503). */
export async function fetchPublicKey(): Promise<string | null> {
  const { pb } = await getClient();
  try {
    const res = await pb.send<{ publicKey?: unknown }>('/api/push/public-key', {
      method: 'GET',
      requestKey: null,
    });
    if (typeof res.publicKey !== 'string' || !res.publicKey) return null;
    return res.publicKey;
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 503) return null;
    if (err instanceof ClientResponseError && err.status === 0)
      throw new PushSetupError('offline', err);
    throw new PushSetupError('server', err);
  }
}

/**
 * This device's subscription, if any. Reads the registration as it is (`getRegistration`) rather
 * than waiting for `ready`, which never settles when the worker failed to register: with no
 * worker there is no subscription, and logout or account deletion must not hang on it.
 */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** How long turning alerts on waits for the service worker before saying it failed. */
const WORKER_READY_MS = 10_000;

/** The active worker's registration, or a PushSetupError once WORKER_READY_MS have passed. */
function workerReady(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new PushSetupError('subscribe', new Error('service worker not ready'))),
      WORKER_READY_MS,
    );
    void navigator.serviceWorker.ready.then((reg) => {
      clearTimeout(timer);
      resolve(reg);
    });
  });
}

export async function findRecord(
  endpoint: string,
): Promise<{ id: string; topics: unknown; keys: unknown } | null> {
  const { pb } = await getClient();
  const list = await pb.collection('pushSubscriptions').getList(1, 1, {
    filter: pb.filter('endpoint = {:endpoint}', { endpoint }),
    skipTotal: true,
    requestKey: null,
  });
  const rec = list.items[0];
  return rec ? { id: rec.id, topics: rec['topics'], keys: rec['keys'] } : null;
}

/** What the settings screen shows: server availability, permission and this device's topics. */
export async function readPushState(db: AppDB = defaultDb): Promise<PushState> {
  if (!isPushSupported()) throw new PushSetupError('unsupported');
  const session = await readSession(db);
  if (!session) throw new PushSetupError('login');
  const permission = Notification.permission;
  const cached = cachedTopics(session.userId);
  if (isOffline()) return { server: null, permission, topics: cached };
  try {
    const key = await fetchPublicKey();
    if (!key) return { server: 'unavailable', permission, topics: [] };
    const sub = await currentSubscription();
    const rec = sub ? await findRecord(sub.endpoint) : null;
    const topics = rec ? cleanTopics(rec.topics) : [];
    cacheTopics(session.userId, topics);
    return { server: 'ready', permission, topics };
  } catch {
    return { server: null, permission, topics: cached };
  }
}

/**
 * Asks for the Notification permission when it has not been answered yet. Call it first in the
 * click handler: browsers only show the prompt in answer to a user gesture.
 */
export async function ensureNotificationPermission(): Promise<void> {
  if (!isPushSupported()) throw new PushSetupError('unsupported');
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
}

/**
 * Makes this device get exactly `topics` (subscribing, re-subscribing after a server key change,
 * or, with no topics, deleting the record and unsubscribing). Throws PushSetupError.
 */
export async function savePushTopics(
  wanted: readonly PushTopic[],
  db: AppDB = defaultDb,
): Promise<PushTopic[]> {
  if (!isPushSupported()) throw new PushSetupError('unsupported');
  if (isOffline()) throw new PushSetupError('offline');
  const session = await readSession(db);
  if (!session) throw new PushSetupError('login');
  const topics = PUSH_TOPICS.filter((t) => wanted.includes(t));
  if (!topics.length) {
    await unsubscribeDevice();
    cacheTopics(session.userId, []);
    forgetDevice(session.userId);
    return [];
  }
  await ensureNotificationPermission();
  const key = await fetchPublicKey();
  if (!key) throw new PushSetupError('unavailable');
  const sub = await subscribe(keyBytes(key));
  try {
    await saveRecord(sub, session.userId, topics);
  } catch (err) {
    // this account's record for the endpoint was saved meanwhile (another tab): update it
    if (!isEndpointTaken(err)) throw serverFailure(err);
    await saveRecord(sub, session.userId, topics).catch((again: unknown) => {
      throw serverFailure(again);
    });
  }
  cacheTopics(session.userId, topics);
  // what the check at start compares with (recheck.ts)
  rememberDevice(session.userId, keysOf(sub), Date.now());
  return topics;
}

export async function saveRecord(sub: PushSubscription, userId: string, topics: PushTopic[]) {
  const json = sub.toJSON();
  const keys = { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' };
  const { pb } = await getClient();
  const rec = await findRecord(sub.endpoint);
  if (rec) {
    await pb.collection('pushSubscriptions').update(rec.id, { keys, topics }, { requestKey: null });
  } else {
    await pb
      .collection('pushSubscriptions')
      .create(
        { id: newRecordId(), user: userId, endpoint: sub.endpoint, keys, topics },
        { requestKey: null },
      );
  }
}

const errorCode = (err: unknown, field: string) =>
  (err as { response?: { data?: Record<string, { code?: string }> } }).response?.data?.[field]
    ?.code;

/** The (user, endpoint) pair is unique: only ever this account's own record. */
export function isEndpointTaken(err: unknown): boolean {
  return (
    errorCode(err, 'endpoint') === 'validation_not_unique' ||
    errorCode(err, 'user') === 'validation_not_unique'
  );
}

export function serverFailure(err: unknown): PushSetupError {
  if (err instanceof PushSetupError) return err;
  if (errorCode(err, 'user') === 'validation_max_devices')
    return new PushSetupError('devices', err);
  const status = (err as { status?: number }).status;
  return new PushSetupError(status === 0 ? 'offline' : 'server', err);
}

export async function subscribe(key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const reg = await workerReady();
  try {
    const existing = await reg.pushManager.getSubscription();
    if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
    // made with another server key (the server's keys were replaced): start over
    if (existing) await existing.unsubscribe();
    return await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    throw new PushSetupError('subscribe', err);
  }
}

/**
 * Stops push on this device whoever is signed in: for logout, so the next person on a shared
 * device does not get the previous user's alerts. Call it while the session is still stored (the
 * record can only be deleted by its owner); never throws.
 */
export async function stopPushOnThisDevice(): Promise<void> {
  if (!isPushSupported()) return;
  // the check at start must not bring back what logging out ended
  forgetAllDevices();
  await unsubscribeDevice().catch(async () => {
    // the record could not be deleted (offline): the dispatcher drops it once the push
    // service answers 404/410 for the ended subscription
    await (await currentSubscription())?.unsubscribe().catch(() => false);
  });
}

/** Deletes this device's record (if any) and ends the browser's subscription. */
async function unsubscribeDevice(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  const { pb } = await getClient();
  try {
    const rec = await findRecord(sub.endpoint);
    if (rec) await pb.collection('pushSubscriptions').delete(rec.id, { requestKey: null });
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status !== 404) throw new PushSetupError(status === 0 ? 'offline' : 'server', err);
  }
  await sub.unsubscribe().catch(() => false);
}
