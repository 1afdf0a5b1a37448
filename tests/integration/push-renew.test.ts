/**
 * A push subscription the browser replaced while the app was closed (`pushsubscriptionchange` in
 * the service worker; src/data/push/renew.ts, docs/push.md, The check at start), against the real
 * server: the account's record moves to the new endpoint and keys, topics kept; a new endpoint
 * saved already wins and the old record goes; nothing happens signed out, without the old
 * subscription, or for an endpoint another account saved. The subscriptions are plain objects with
 * a PushSubscription's shape: headless Chromium has no push service to fire the event.
 */
import { describe, expect, it } from 'vitest';
import PocketBase from 'pocketbase';
import { renewSubscription, type SubscriptionLike } from '../../src/data/push/renew.ts';
import { setupServer } from '../helpers/integration-setup.ts';
import { uniq, type Actor } from '../helpers/pb-fixtures.ts';

let su: PocketBase;
const { fan, fans } = setupServer((env) => {
  ({ su } = env);
});

/** A subscription as the browser describes it: an https endpoint and its two keys. */
function sub(keys = { p256dh: `p-${uniq()}`, auth: `a-${uniq()}` }): SubscriptionLike {
  const endpoint = `https://push.test/${uniq()}`;
  return { endpoint, options: { applicationServerKey: null }, toJSON: () => ({ endpoint, keys }) };
}

async function save(a: Actor, s: SubscriptionLike, topics: string[]) {
  return a.pb.collection('pushSubscriptions').create({
    user: a.id,
    endpoint: s.endpoint,
    keys: s.toJSON().keys,
    topics,
  });
}

/** Every stored subscription of the fan, as [endpoint, keys, topics]. */
async function stored(a: Actor) {
  const rows = await su.collection('pushSubscriptions').getFullList({
    filter: su.filter('user = {:u}', { u: a.id }),
    sort: 'created',
  });
  return rows.map((r) => [r['endpoint'], r['keys'], r['topics']]);
}

const never = (): Promise<SubscriptionLike> => {
  throw new Error('should not subscribe again');
};

describe('a subscription the browser replaced', () => {
  it('moves the record to the new endpoint and keys, with its topics', async () => {
    const a = await fan();
    const old = sub();
    await save(a, old, ['chat', 'trade']);
    const next = sub();
    expect(await renewSubscription(a.pb, old, next, never)).toBe('moved');
    expect(await stored(a)).toEqual([[next.endpoint, next.toJSON().keys, ['chat', 'trade']]]);
  });

  it('subscribes again with the old key when the browser gives no new subscription', async () => {
    const a = await fan();
    const old = sub();
    await save(a, old, ['wanted']);
    const made = sub();
    const asked: (ArrayBuffer | null)[] = [];
    const did = await renewSubscription(a.pb, old, null, async (key) => {
      asked.push(key);
      return made;
    });
    expect(did).toBe('moved');
    expect(asked).toEqual([null]);
    expect(await stored(a)).toEqual([[made.endpoint, made.toJSON().keys, ['wanted']]]);
  });

  it('keeps the record another tab saved for the new endpoint, and drops the old one', async () => {
    const a = await fan();
    const old = sub();
    const next = sub();
    await save(a, old, ['chat']);
    await save(a, next, ['chat', 'meetup']);
    expect(await renewSubscription(a.pb, old, next, never)).toBe('merged');
    expect(await stored(a)).toEqual([[next.endpoint, next.toJSON().keys, ['chat', 'meetup']]]);
  });

  it('does nothing signed out, without the old subscription, or for another fan’s endpoint', async () => {
    const [a, b] = await fans(2);
    const old = sub();
    await save(a, old, ['chat']);
    const before = await stored(a);

    const signedOut = new PocketBase(a.pb.baseURL);
    expect(await renewSubscription(signedOut, old, sub(), never)).toBe('nothing');
    expect(await renewSubscription(a.pb, null, sub(), never)).toBe('nothing');
    // b's browser never saved `old`: b cannot even find a's record, let alone move it
    expect(await renewSubscription(b.pb, old, sub(), never)).toBe('nothing');
    expect(await stored(a)).toEqual(before);
    expect(await stored(b)).toEqual([]);
  });
});
