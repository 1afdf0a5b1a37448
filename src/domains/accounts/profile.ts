/**
 * 회원정보 수정's calls that need the server (docs/accounts.md, Editing the profile): the live
 * nickname check, and saving the private fields (phone, birth date), which are hidden from the
 * collection API and so go through POST /api/pocamarket/profile, online only. Name and nickname
 * changes are queued through the outbox (domains/accounts/writes.ts) and work offline.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { getClient, type AppClient } from '@/data/pb/client.ts';
import { OfflineError } from './account.ts';

export type NicknameCheck = { available: boolean; message: string } | 'unknown';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Whether a nickname is free for the caller ('unknown' offline or when the server can't say). */
export async function checkNickname(username: string, client?: AppClient): Promise<NicknameCheck> {
  if (isOffline()) return 'unknown';
  try {
    client ??= await getClient();
    const res = await client.pb.send<{ available: boolean; message: string }>(
      '/api/pocamarket/nickname-available',
      { method: 'POST', body: { username }, requestKey: null },
    );
    return { available: res.available === true, message: String(res.message ?? '') };
  } catch {
    return 'unknown';
  }
}

export interface PrivateFields {
  name?: string;
  username?: string;
  phoneNumber?: string;
  birth?: string;
}

/** The server refused some fields: field → Korean message. */
export class ProfileFieldsError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? 'refused');
    this.name = 'ProfileFieldsError';
  }
}

/**
 * Saves the fields through the profile route and keeps the local copy in step. Throws
 * OfflineError (nothing sent), ProfileFieldsError (a field refused, nothing saved) or the error.
 */
export async function saveProfileOnline(
  fields: PrivateFields,
  client?: AppClient,
  db: AppDB = defaultDb,
): Promise<void> {
  if (isOffline()) throw new OfflineError();
  client ??= await getClient();
  const userId = client.store.record?.id;
  let saved: Required<PrivateFields>;
  try {
    saved = await client.pb.send('/api/pocamarket/profile', {
      method: 'POST',
      body: fields,
      requestKey: null,
    });
  } catch (err) {
    const e = err as {
      status?: number;
      response?: { data?: Record<string, { message?: string }> };
    };
    if (e.status === 0) throw new OfflineError();
    const data = e.response?.data;
    if (e.status === 400 && data && Object.keys(data).length) {
      throw new ProfileFieldsError(
        Object.fromEntries(Object.entries(data).map(([f, v]) => [f, String(v?.message ?? '')])),
      );
    }
    throw err;
  }
  if (userId) await db.users.update(userId, saved);
}
