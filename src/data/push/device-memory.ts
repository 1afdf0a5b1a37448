/**
 * What this browser remembers of its push subscription per account, so the check at start
 * (recheck.ts, docs/push.md, The check at start) can tell without the network whether anything
 * changed: the endpoint and keys last saved to the server, and when the server last confirmed them.
 * Written when a save succeeds, forgotten when this device stops getting alerts (every topic off,
 * logout), so the check never brings back alerts someone turned off.
 */

export interface RememberedDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** When the server last had this record as remembered (ms). */
  checkedAt: number;
}

/** A browser subscription's endpoint and keys, as the server stores them. */
export interface DeviceKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const PREFIX = 'pocamarket:push-device:';
const deviceKey = (userId: string) => `${PREFIX}${userId}`;

export function keysOf(sub: PushSubscription): DeviceKeys {
  const json = sub.toJSON();
  return {
    endpoint: sub.endpoint,
    p256dh: json.keys?.['p256dh'] ?? '',
    auth: json.keys?.['auth'] ?? '',
  };
}

export function rememberedDevice(userId: string): RememberedDevice | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(deviceKey(userId)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const r = raw as Record<string, unknown>;
    const { endpoint, p256dh, auth, checkedAt } = r;
    if (typeof endpoint !== 'string' || typeof p256dh !== 'string' || typeof auth !== 'string')
      return null;
    return { endpoint, p256dh, auth, checkedAt: typeof checkedAt === 'number' ? checkedAt : 0 };
  } catch {
    return null;
  }
}

export function rememberDevice(userId: string, keys: DeviceKeys, checkedAt: number): void {
  try {
    const { endpoint, p256dh, auth } = keys;
    localStorage.setItem(deviceKey(userId), JSON.stringify({ endpoint, p256dh, auth, checkedAt }));
  } catch {
    // storage blocked: the next start asks the server again
  }
}

export function forgetDevice(userId: string): void {
  try {
    localStorage.removeItem(deviceKey(userId));
  } catch {
    // nothing stored then
  }
}

/** Forgets every account's memory: the browser's subscription ended for all of them. */
export function forgetAllDevices(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX)) localStorage.removeItem(k);
    }
  } catch {
    // nothing stored then
  }
}
