/**
 * Reads of the group catalogue (the group picker, card headers, the bias choice). Groups change
 * rarely and are few, so they are read whole and sorted here rather than indexed per screen.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { Group } from '@/data/pb/records.ts';
import { compareNames } from '@/lib/compare';

const byName = (a: Group, b: Group) => compareNames(a.groupName, b.groupName);

/** Every group, by name. */
export async function listGroups(db: AppDB = defaultDb): Promise<Group[]> {
  const groups = await db.groups.toArray();
  return groups.sort(byName);
}

export async function getGroup(id: string, db: AppDB = defaultDb): Promise<Group | null> {
  return (await db.groups.get(id)) ?? null;
}

/** The group called `name` (the bias is stored by name), or null. */
export async function getGroupByName(name: string, db: AppDB = defaultDb): Promise<Group | null> {
  return (await db.groups.where('groupName').equals(name).first()) ?? null;
}

/**
 * The id of a stored favourite group (an id, or a name for a guest's choice and older records),
 * or null when no group here has it.
 */
export async function groupIdOf(key: string, db: AppDB = defaultDb): Promise<string | null> {
  if (!key) return null;
  if (await db.groups.get(key)) return key;
  return (await getGroupByName(key, db))?.id ?? null;
}
