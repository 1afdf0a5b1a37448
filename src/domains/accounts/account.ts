/**
 * Account actions of the signed-in user that only the server can do: leaving the service, and
 * reading which social logins are linked. No React here; the screens call these by name.
 *
 * Deleting an account is online only: it cannot be queued like other changes, because once the
 * user is gone nothing queued for them could ever be sent, and a deletion that seems done but is
 * still waiting would be a lie. Offline, nothing changes and the caller says so.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { getClient, type AppClient } from '@/data/pb/client.ts';
import { stopPushOnThisDevice } from '@/data/push/index.ts';
import { logout, readSession } from '@/data/session/session.ts';

/** No signed-in user id was found (docs/product-rules.md, Limits and messages: '유저 ID를 찾을 수 없습니다.'). */
export class NoUserIdError extends Error {
  constructor() {
    super('no user id');
    this.name = 'NoUserIdError';
  }
}

/** The browser is offline: the account was not touched. */
export class OfflineError extends Error {
  constructor() {
    super('offline');
    this.name = 'OfflineError';
  }
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A network failure (no answer at all) rather than a refusal from the server. */
function isNetworkFailure(err: unknown): boolean {
  const e = err as { status?: number; isAbort?: boolean };
  return e?.status === 0 && !e.isAbort;
}

/**
 * Deletes the signed-in user's account on the server, then ends the session on this device and
 * drops what was queued for that user (it could never be sent now). Throws NoUserIdError,
 * OfflineError, or the server's error; on any throw nothing local changed.
 */
export async function deleteAccount(client?: AppClient, db: AppDB = defaultDb): Promise<void> {
  client ??= await getClient();
  const userId = client.store.record?.id;
  if (!userId || !client.store.token) throw new NoUserIdError();
  if (isOffline()) throw new OfflineError();
  try {
    await client.pb.collection('users').delete(userId, { requestKey: null });
  } catch (err) {
    if (isNetworkFailure(err)) throw new OfflineError();
    throw err;
  }
  await stopPushOnThisDevice(); // the server dropped the record with the account
  await logout(client, db);
  await db.transaction('rw', [db.outbox, db.deadLetters, db.users], async () => {
    await db.outbox.where('userId').equals(userId).delete();
    await db.deadLetters.filter((row) => row.userId === userId).delete();
    await db.users.delete(userId);
  });
}

/**
 * Logs out on this device. Queued changes stay for the next login of the same user (see
 * session.ts); a failure to clear storage is reported, never half-hidden.
 */
export async function signOut(client?: AppClient, db: AppDB = defaultDb): Promise<void> {
  client ??= await getClient();
  // while the session is still stored (only its owner may delete the device's subscription):
  // the next person on a shared phone must not get this user's alerts
  await stopPushOnThisDevice();
  await logout(client, db);
}

/** Names of the social login providers linked to the signed-in account; [] when unknown. */
export async function listLinkedProviders(client?: AppClient): Promise<string[]> {
  client ??= await getClient();
  const userId = client.store.record?.id;
  if (!userId || isOffline()) return [];
  try {
    const auths = await client.pb
      .collection('users')
      .listExternalAuths(userId, { requestKey: null });
    return [...new Set(auths.map((a) => String(a['provider'] ?? '')).filter(Boolean))];
  } catch {
    return []; // not allowed or unreachable: the screen just shows the heading
  }
}

/** Email and nickname as the stored session has them (the local profile copy may lack the email). */
export async function getSessionAccount(
  db: AppDB = defaultDb,
): Promise<{ userId: string; email: string; username: string } | null> {
  const session = await readSession(db);
  if (!session) return null;
  const { email, username } = session.record;
  return {
    userId: session.userId,
    email: typeof email === 'string' ? email : '',
    username: typeof username === 'string' ? username : '',
  };
}
