/**
 * Marking alerts (알림) read. Both are no-ops for alerts already read (or not on this device), so
 * opening the same alert twice, or from the notification and then from /alerts, queues one change.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { notificationRead } from './kinds.ts';
import { queueMutation, queueMutations } from '@/data/writes/queue.ts';

/** Marks one alert of the signed-in user read. Returns whether a change was queued. */
export async function markNotificationRead(id: string, db: AppDB = defaultDb): Promise<boolean> {
  const queued = await queueMutation(
    notificationRead,
    async ({ db, userId }) => {
      const row = await db.notifications.get(id);
      return row && row.user === userId && !row.read ? { id } : null;
    },
    db,
  );
  return queued !== null;
}

/** Marks every unread alert of the signed-in user read ('모두 읽음'). Returns how many. */
export async function markAllNotificationsRead(db: AppDB = defaultDb): Promise<number> {
  const queued = await queueMutations(
    notificationRead,
    async ({ db, userId }) => {
      const unread = await db.notifications
        .where('user')
        .equals(userId)
        .filter((n) => !n.read)
        .toArray();
      return unread.map((n) => ({ id: n.id }));
    },
    db,
  );
  return queued.length;
}
