/**
 * The browser's side of push in e2e tests. Headless Chromium has no push service
 * (pushManager.subscribe fails), so a test that needs a subscription replaces the page's
 * PushManager before the app loads with one that keeps its "subscription" in localStorage, where
 * the test can read it or drop it as a browser would (tests/e2e/push-platforms.test.ts,
 * tests/e2e/proxy.test.ts). Messages and sync events reach the service worker through CDP, by the
 * worker's registration id (tests/e2e/alerts.test.ts, tests/e2e/offline-sync.test.ts).
 *
 * The local push service a subscription's endpoint may point at, and the checks of what it
 * receives, are in tests/helpers/push-service.ts.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** The localStorage key where the stand-in PushManager keeps its subscription. */
const KEY = 'e2e:push-sub';

/** A P-256 public key, base64url of the uncompressed point (as p256dh and VAPID keys are). */
export function p256PublicKey(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  return Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]).toString('base64url');
}

export interface FakePushOptions {
  /** The subscription's keys, as its toJSON() gives them to the app. */
  keys: { p256dh: string; auth: string };
  /**
   * The endpoint of every subscription; without it, each subscribe() makes a new FCM-like one
   * (`https://fcm.googleapis.com/fcm/send/e2e-<n>-<random>`), as a browser does after its
   * subscription was dropped.
   */
  endpoint?: string;
}

/**
 * Replaces PushManager.prototype's getSubscription and subscribe, in every page of `context`
 * before the app's code runs, by a stand-in that keeps `{ endpoint, appKey }` in localStorage:
 * subscribe() stores it, getSubscription() answers it (null when none), and the subscription's
 * unsubscribe() removes it while it is still the stored one. The rest is the app's own.
 */
export async function installFakePushManager(
  context: BrowserContext,
  { keys, endpoint }: FakePushOptions,
): Promise<void> {
  await context.addInitScript(
    (d: { key: string; keys: { p256dh: string; auth: string }; endpoint: string | null }) => {
      interface Stored {
        endpoint: string;
        appKey: number[];
      }
      const load = () => JSON.parse(localStorage.getItem(d.key) ?? 'null') as Stored | null;
      const asSubscription = (s: Stored) =>
        ({
          endpoint: s.endpoint,
          expirationTime: null,
          options: {
            applicationServerKey: Uint8Array.from(s.appKey).buffer,
            userVisibleOnly: true,
          },
          toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: d.keys }),
          getKey: () => null,
          unsubscribe: () => {
            if (load()?.endpoint === s.endpoint) localStorage.removeItem(d.key);
            return Promise.resolve(true);
          },
        }) as unknown as PushSubscription;
      const nextEndpoint = () => {
        if (d.endpoint !== null) return d.endpoint;
        const n = Number(localStorage.getItem('e2e:push-n') ?? '0') + 1;
        localStorage.setItem('e2e:push-n', String(n));
        return `https://fcm.googleapis.com/fcm/send/e2e-${n}-${Math.random().toString(36).slice(2)}`;
      };
      PushManager.prototype.getSubscription = function () {
        const s = load();
        return Promise.resolve(s ? asSubscription(s) : null);
      };
      PushManager.prototype.subscribe = function (opts?: PushSubscriptionOptionsInit) {
        const key = opts?.applicationServerKey as Uint8Array;
        const s: Stored = { endpoint: nextEndpoint(), appKey: Array.from(new Uint8Array(key)) };
        localStorage.setItem(d.key, JSON.stringify(s));
        return Promise.resolve(asSubscription(s));
      };
    },
    { key: KEY, keys, endpoint: endpoint ?? null },
  );
}

/** The endpoint of the stand-in PushManager's subscription in `page` now (null: none). */
export const fakeSubscriptionEndpoint = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { endpoint: string }).endpoint : null;
  }, KEY);

/** Drops the stand-in PushManager's subscription in `page`, as a browser may drop one. */
export const dropFakeSubscription = (page: Page) =>
  page.evaluate((key) => localStorage.removeItem(key), KEY);

/* eslint-disable @typescript-eslint/no-explicit-any -- CDP events are untyped */
/**
 * The id of the page's service worker registration, for CDP's
 * `ServiceWorker.deliverPushMessage` and `ServiceWorker.dispatchSyncEvent`: enables the
 * ServiceWorker domain on `cdp` and resolves with the first registration it reports that is not
 * deleted.
 */
export async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: any) => {
      const reg = e.registrations.find((r: any) => !r.isDeleted);
      if (reg) resolve(reg.registrationId as string);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
