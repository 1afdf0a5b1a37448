/** Reads of the signed-in user's notifications (알림), newest first. */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { AppNotification } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

export async function listNotifications(
  userId: string,
  db: AppDB = defaultDb,
): Promise<AppNotification[]> {
  const items = await db.notifications.where('user').equals(userId).toArray();
  return items.sort((a, b) => compareKeys(b.created, a.created) || compareKeys(b.id, a.id));
}

export async function countUnreadNotifications(
  userId: string,
  db: AppDB = defaultDb,
): Promise<number> {
  return db.notifications
    .where('user')
    .equals(userId)
    .filter((n) => !n.read)
    .count();
}
