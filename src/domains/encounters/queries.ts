/** 만난 팬 (docs/encounters.md): the signed-in fan's encounters, read from the local store. */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { Encounter } from '@/data/pb/records.ts';

/** The fan's encounters, newest first (by when they met). */
export async function listEncounters(userId: string, db: AppDB = defaultDb): Promise<Encounter[]> {
  const rows = await db.encounters
    .where('[user+metAt]')
    .between([userId, ''], [userId, '\uffff'])
    .reverse()
    .toArray();
  return rows;
}
