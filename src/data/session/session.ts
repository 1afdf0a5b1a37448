/**
 * The signed-in user, as every part of the data layer sees it: the session row in IndexedDB.
 *
 * Owner-private tables (likes, collect books, reports, notifications, the trade tables) hold one
 * user's rows at a time. `syncState['owner:private']` remembers whose they are; when another user
 * (or nobody) is signed in, they are emptied and pulled again from scratch. Queued changes are never cleared
 * here: each outbox row names its user and waits until that user signs in again; when they do,
 * their queued changes to those tables are applied again, so the screens show them before they
 * are sent (a like made offline before a logout is still shown as liked after the next login).
 */
import { isTokenExpired, type RecordModel } from 'pocketbase';
import type { AppDB } from '@/data/db/index.ts';
import { readMutation } from '@/data/outbox/index.ts';
import type { AppClient } from '@/data/pb/client.ts';
import { dropCachedProtectedFiles } from '@/data/pb/files.ts';
import { readAuthRow } from './auth-store.ts';

export interface Session {
  token: string;
  userId: string;
  record: Record<string, unknown> & { id: string };
}

/** Collections only their owner may read: pulled only while signed in. */
export const PRIVATE_TABLES = ['likes', 'collectBook', 'informUs', 'notifications'] as const;

/**
 * The trade collections (docs/trades.md): each readable only by the fans it concerns, so, like the
 * private ones, pulled only while signed in and holding one user's rows at a time.
 */
export const TRADE_TABLES = [
  'tradeItems',
  'blocks',
  'conversations',
  'messages',
  'trades',
  'reviews',
  'chatReports',
  // 만난 팬 (docs/encounters.md): the fan's own, pulled and emptied like the trade tables
  'encounters',
] as const;

/** Every collection that holds only the signed-in user's rows: the private and the trade ones. */
export const SIGNED_IN_TABLES = [...PRIVATE_TABLES, ...TRADE_TABLES] as const;

const OWNER_KEY = 'owner:private';

/** The session stored now, or null when there is none or its token has expired. */
export async function readSession(db: AppDB): Promise<Session | null> {
  const row = await readAuthRow(db);
  if (!row || !row.record || isTokenExpired(row.token)) return null;
  const record = row.record as Session['record'];
  return { token: row.token, userId: record.id, record };
}

/** Makes the owner-private tables belong to `userId` (or to nobody), emptying them if needed. */
export async function claimPrivateTables(db: AppDB, userId: string | null): Promise<boolean> {
  const priv = new Set<string>(SIGNED_IN_TABLES);
  return db.transaction(
    'rw',
    [db.syncState, db.outbox, db.matches, ...SIGNED_IN_TABLES.map((t) => db.table(t))],
    async () => {
      const owner = (await db.syncState.get(OWNER_KEY))?.lastId ?? '';
      if (owner === (userId ?? '')) return false;
      for (const t of SIGNED_IN_TABLES) {
        await db.table(t).clear();
        await db.syncState.delete(t);
      }
      // the last match answers are the previous user's too
      await db.matches.clear();
      await db.syncState.put({
        collection: OWNER_KEY,
        updated: '',
        lastId: userId ?? '',
        pulledAt: 0,
      });
      if (userId) {
        // the private kinds' apply touches only their own (private) table
        const queued = await db.outbox.where('userId').equals(userId).sortBy('seq');
        for (const row of queued) {
          const m = readMutation(row.kind, row.payload);
          if ('error' in m || !priv.has(m.kind.collection)) continue;
          await m.kind.apply(db, m.payload, userId);
        }
      }
      return true;
    },
  );
}

/** Email and password login; the session lands in IndexedDB through the auth store. */
export async function loginWithPassword(
  client: AppClient,
  email: string,
  password: string,
): Promise<RecordModel> {
  const auth = await client.pb
    .collection('users')
    .authWithPassword(email, password, { requestKey: null });
  await client.store.persist();
  return auth.record;
}

/**
 * Ends the session on this device: the stored token goes, the owner-private tables are emptied
 * the user's own private fields are dropped from the local profile copy, and their protected
 * files (report images, collect-book covers) from the service worker's caches.
 */
export async function logout(client: AppClient, db: AppDB): Promise<void> {
  const userId = client.store.record?.id;
  // Close realtime first: the SDK would re-send its subscriptions without the token the
  // connection was opened with, and the server refuses those (403). The engine resubscribes.
  await client.pb.realtime.unsubscribe().catch(() => {});
  client.store.clear();
  await db.auth.delete('session');
  await claimPrivateTables(db, null);
  if (userId) {
    await db.users.update(userId, { email: undefined, phoneNumber: '', birth: '', likeList: [] });
  }
  await dropCachedProtectedFiles().catch(() => {});
}

/** Seconds before expiry at which the token is refreshed (tokens last 7 days by default). */
const REFRESH_WITHIN_S = 2 * 24 * 60 * 60;

/**
 * Refreshes the token when it expires within two days (or at once with `force`: a flush found
 * that the server no longer takes it). Returns 'expired' when the server no longer accepts it (the
 * session is then cleared; queued changes wait for the next login).
 */
export async function refreshSessionIfNeeded(
  client: AppClient,
  opts: { force?: boolean } = {},
): Promise<'none' | 'fresh' | 'refreshed' | 'expired' | 'offline'> {
  const { pb, store } = client;
  const token = store.token;
  if (!token || !store.record) return 'none';
  if (!opts.force && !isTokenExpired(token, REFRESH_WITHIN_S)) return 'fresh';
  try {
    await pb.collection('users').authRefresh({ requestKey: null });
    await store.persist();
    return 'refreshed';
  } catch (err) {
    const status = (err as { status?: number }).status ?? 0;
    if (status === 401 || status === 403 || status === 404) {
      await store.forget(token);
      return 'expired';
    }
    return 'offline';
  }
}
