/**
 * A subscription the browser replaced on its own (docs/push.md, The check at start): the push
 * service rotated the endpoint or expired it, and the service worker got `pushsubscriptionchange`,
 * perhaps with no page of the app open. The server's record for the old endpoint moves to the new
 * one, keys and topics kept, so alerts keep reaching the device before the fan next opens the app.
 *
 * The browser may hand over the new subscription, or none (then the worker subscribes again with
 * the key the old one was made for). Without the old subscription there is no telling which of the
 * account's records was this device's: nothing is done, and the check at the next start
 * (./recheck.ts) puts it right from what this browser remembers saving. That check also finds the
 * device memory (localStorage, out of a worker's reach) out of date and saves again, which is
 * harmless: the record is already the new one.
 *
 * Runs in the worker with a client made from the stored session (sw/push.ts); takes the client and
 * the subscribe step as arguments so it runs against the real server in the integration tests
 * (headless Chromium has no push service).
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';

/** The parts of a PushSubscription this uses. */
export interface SubscriptionLike {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): { keys?: Record<string, string> };
}

export type RenewResult =
  /** The record now holds the new endpoint and keys. */
  | 'moved'
  /** Not signed in, no old subscription, or the old one was never saved: nothing to move. */
  | 'nothing'
  /** The new endpoint was saved already (another tab): the old record deleted. */
  | 'merged';

const keysOf = (sub: SubscriptionLike) => {
  const keys = sub.toJSON().keys ?? {};
  return { p256dh: keys['p256dh'] ?? '', auth: keys['auth'] ?? '' };
};

/**
 * Moves the signed-in account's record of `old` to `next` (or to a subscription made again by
 * `subscribeAgain` with the key `old` was made for). Throws on network or server failure, for the
 * worker to log; the next start's check retries.
 */
export async function renewSubscription(
  pb: PocketBase,
  old: SubscriptionLike | null,
  next: SubscriptionLike | null,
  subscribeAgain: (applicationServerKey: ArrayBuffer | null) => Promise<SubscriptionLike>,
): Promise<RenewResult> {
  if (!pb.authStore.isValid || !old) return 'nothing';
  const list = await pb.collection('pushSubscriptions').getList(1, 1, {
    filter: pb.filter('endpoint = {:endpoint}', { endpoint: old.endpoint }),
    skipTotal: true,
    requestKey: null,
  });
  const record = list.items[0];
  if (!record) return 'nothing';
  const sub = next ?? (await subscribeAgain(old.options?.applicationServerKey ?? null));
  if (sub.endpoint === old.endpoint) {
    await pb
      .collection('pushSubscriptions')
      .update(record.id, { keys: keysOf(sub) }, { requestKey: null });
    return 'moved';
  }
  try {
    await pb
      .collection('pushSubscriptions')
      .update(record.id, { endpoint: sub.endpoint, keys: keysOf(sub) }, { requestKey: null });
    return 'moved';
  } catch (err) {
    // the account has a record for the new endpoint already: keep that one
    const data = err instanceof ClientResponseError ? (err.response['data'] ?? {}) : {};
    const taken = Object.values(data as Record<string, { code?: string }>).some(
      (f) => f?.code === 'validation_not_unique',
    );
    if (!taken) throw err;
    await pb.collection('pushSubscriptions').delete(record.id, { requestKey: null });
    return 'merged';
  }
}
