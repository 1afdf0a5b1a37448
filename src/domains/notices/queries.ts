/**
 * 공지사항 (docs/data-model.md, notices) from the local store, and the newest notice the fan has
 * opened on this device (the new dot: docs/product-rules.md, Notices).
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { Notice } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare.ts';

/** Where the `published` of the newest notice opened on this device is kept. */
export const NOTICES_SEEN_KEY = 'seen:notices';

/** Pinned notices first, then newest first by `published` (then `created`). */
export function sortNotices(rows: readonly Notice[]): Notice[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.pinned) - Number(a.pinned) ||
      compareKeys(b.published || b.created, a.published || a.created) ||
      compareKeys(b.id, a.id),
  );
}

export async function listNotices(db: AppDB = defaultDb): Promise<Notice[]> {
  return sortNotices(await db.notices.toArray());
}

export async function getNotice(id: string, db: AppDB = defaultDb): Promise<Notice | null> {
  return (await db.notices.get(id)) ?? null;
}

/** The `published` of the newest notice opened on this device ('' when none). */
export async function noticesSeenAt(db: AppDB = defaultDb): Promise<string> {
  return (await db.syncState.get(NOTICES_SEEN_KEY))?.updated ?? '';
}

/** Whether a notice is newer than the newest one opened on this device. */
export async function hasNewNotice(db: AppDB = defaultDb): Promise<boolean> {
  const [seen, newest] = await Promise.all([
    noticesSeenAt(db),
    db.notices.orderBy('published').last(),
  ]);
  return !!newest && (newest.published || newest.created) > seen;
}

/** Remembers that the fan opened `notice` (kept when it is older than one opened before). */
export async function markNoticeSeen(notice: Notice, db: AppDB = defaultDb): Promise<void> {
  const at = notice.published || notice.created;
  await db.transaction('rw', db.syncState, async () => {
    if (at <= (await noticesSeenAt(db))) return;
    await db.syncState.put({
      collection: NOTICES_SEEN_KEY,
      updated: at,
      lastId: notice.id,
      pulledAt: 0,
    });
  });
}
