/**
 * Reads of user profiles. Other users are shown only by their public fields; the signed-in user's
 * own copy also has the private ones (email, phone, birth date) that the server sends only to them.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { UserProfile } from '@/data/pb/records.ts';

/** What anyone may see of a user: writer names on posts, comment authors. */
/**
 * What a screen shows of another fan: the nickname, never the name (docs/accounts.md,
 * Nicknames). `name` stays out of this shape, so no screen can print it by mistake.
 */
export type PublicProfile = Pick<
  UserProfile,
  'id' | 'username' | 'avatar' | 'biasGroup' | 'created' | 'updated'
>;

function toPublic(u: UserProfile): PublicProfile {
  return {
    id: u.id,
    username: u.username,
    avatar: u.avatar,
    biasGroup: u.biasGroup,
    created: u.created,
    updated: u.updated,
  };
}

/** A user's public profile, or null when it has not been pulled (yet). */
export async function getPublicProfile(
  id: string,
  db: AppDB = defaultDb,
): Promise<PublicProfile | null> {
  const user = await db.users.get(id);
  return user ? toPublic(user) : null;
}

/** Public profiles of several users, by id (ids not here are missing from the map). */
export async function getPublicProfiles(
  ids: readonly string[],
  db: AppDB = defaultDb,
): Promise<Map<string, PublicProfile>> {
  const unique = [...new Set(ids)];
  const users = await db.users.bulkGet(unique);
  const out = new Map<string, PublicProfile>();
  for (const u of users) if (u) out.set(u.id, toPublic(u));
  return out;
}

/** The signed-in user's full profile (with the private fields the server sent them). */
export async function getOwnProfile(
  userId: string,
  db: AppDB = defaultDb,
): Promise<UserProfile | null> {
  return (await db.users.get(userId)) ?? null;
}
