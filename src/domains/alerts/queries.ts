/** Reads of the signed-in user's notifications (알림), newest first. */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { AppNotification } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

export async function listNotifications(
  userId: string,
  db: AppDB = defaultDb,
): Promise<AppNotification[]> {
  const items = await db.notifications.where('user').equals(userId).toArray();
  // by their latest event: a chat alert brought up to date by a new message comes first again
  return items.sort(
    (a, b) => compareKeys(b.at || b.created, a.at || a.created) || compareKeys(b.id, a.id),
  );
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

/**
 * Ids of the user's unread alerts that open `url` (a thread, a trade): the screen at that address
 * marks them read while it is on screen.
 */
export async function listUnreadAlertsAt(
  userId: string,
  url: string,
  db: AppDB = defaultDb,
): Promise<string[]> {
  const rows = await db.notifications
    .where('user')
    .equals(userId)
    .filter((n) => !n.read && n.url === url)
    .toArray();
  return rows.map((n) => n.id).sort();
}
