/**
 * The devices a row goes to: the recipients' `pushSubscriptions`, without those another account
 * took over on the same browser (docs/push.md, One browser, several accounts).
 */
import type PocketBase from 'pocketbase';
import { parseAll, Subscription } from './records.ts';

const USERS_PER_READ = 50;
const ENDPOINTS_PER_READ = 20;

const sameKeys = (a: Subscription, b: Subscription) =>
  a.keys.p256dh === b.keys.p256dh && a.keys.auth === b.keys.auth;

/** Whether `a` was saved after `b` (PocketBase dates sort as text; ids break ties). */
const savedAfter = (a: Subscription, b: Subscription) =>
  a.updated === b.updated ? a.id > b.id : a.updated > b.updated;

async function readSubscriptions(pb: PocketBase, filters: string[]): Promise<Subscription[]> {
  if (!filters.length) return [];
  const rows = await pb
    .collection('pushSubscriptions')
    .getFullList({ filter: filters.join(' || '), batch: 500, requestKey: null });
  // a record without usable keys (not from a browser) can never get a push: ignored quietly
  return parseAll(Subscription, rows, 'subscription', () => {});
}

/** Every subscription matching `field = value` for one of `values`, read `perRead` at a time. */
async function readBy(
  pb: PocketBase,
  field: 'user' | 'endpoint',
  values: string[],
  perRead: number,
): Promise<Subscription[]> {
  const out: Subscription[] = [];
  for (let i = 0; i < values.length; i += perRead) {
    const chunk = values.slice(i, i + perRead);
    out.push(
      ...(await readSubscriptions(
        pb,
        chunk.map((value) => pb.filter(`${field} = {:value}`, { value })),
      )),
    );
  }
  return out;
}

/** Records of each endpoint in `own`, any account's. */
async function sharingEndpoints(
  pb: PocketBase,
  own: Subscription[],
): Promise<Map<string, Subscription[]>> {
  const sharing = new Map<string, Subscription[]>();
  const endpoints = [...new Set(own.map((s) => s.endpoint))];
  for (const s of await readBy(pb, 'endpoint', endpoints, ENDPOINTS_PER_READ)) {
    sharing.set(s.endpoint, [...(sharing.get(s.endpoint) ?? []), s]);
  }
  return sharing;
}

/**
 * The subscriptions of `users`, by user, without those another account took over: a record is
 * skipped when another user's record has the same endpoint and the same keys (the same browser
 * subscription) and was saved later.
 */
export async function subscriptionsOf(
  pb: PocketBase,
  users: string[],
  log: (m: string) => void,
): Promise<Map<string, Subscription[]>> {
  const own = await readBy(pb, 'user', users, USERS_PER_READ);
  const sharing = await sharingEndpoints(pb, own);
  const byUser = new Map<string, Subscription[]>();
  for (const s of own) {
    const newer = (sharing.get(s.endpoint) ?? []).find(
      (o) => o.user !== s.user && sameKeys(o, s) && savedAfter(o, s),
    );
    if (newer) {
      log(`skipping subscription ${s.id}: another account saved this browser's subscription later`);
      continue;
    }
    byUser.set(s.user, [...(byUser.get(s.user) ?? []), s]);
  }
  return byUser;
}
