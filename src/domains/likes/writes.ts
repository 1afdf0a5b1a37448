/** Like (찜) and unlike a photo card. */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { likeSet, likeUnset } from './kinds.ts';
import { readSession } from '@/data/session/session.ts';
import { queueMutations } from '@/data/writes/queue.ts';

/**
 * Makes the card liked (true) or not (false) for the signed-in user. Does nothing when it is
 * already so. Returns whether a change was queued.
 */
export async function setLike(
  photoCard: string,
  liked: boolean,
  db: AppDB = defaultDb,
): Promise<boolean> {
  if (liked) {
    const queued = await queueMutations(
      likeSet,
      async ({ db, userId }) => {
        const existing = await db.likes.where({ user: userId, photoCard }).first();
        return existing ? [] : [{ id: newRecordId(), user: userId, photoCard }];
      },
      db,
    );
    return queued.length > 0;
  }
  const queued = await queueMutations(
    likeUnset,
    async ({ db, userId }) => {
      const rows = await db.likes.where({ user: userId, photoCard }).toArray();
      return rows.map((r) => ({ id: r.id, user: userId, photoCard }));
    },
    db,
  );
  return queued.length > 0;
}

/**
 * The heart button: likes or unlikes a card. Signed in, the change is queued for the server
 * (setLike). Logged out it stays on this device (likes without a user are not sent: docs/product-rules.md, Likes) and
 * is adopted as the user's own like when they log in. Returns where the like went.
 */
export async function toggleLike(
  photoCard: string,
  liked: boolean,
  db: AppDB = defaultDb,
): Promise<'queued' | 'local'> {
  const local = await db.transaction('rw', db.auth, db.guestLikes, async () => {
    if (await readSession(db)) return false;
    if (liked) {
      if (!(await db.guestLikes.get(photoCard))) {
        await db.guestLikes.put({ photoCard, likedAt: Date.now() });
      }
    } else {
      await db.guestLikes.delete(photoCard);
    }
    return true;
  });
  if (local) return 'local';
  await setLike(photoCard, liked, db);
  return 'queued';
}

/**
 * After a login: the hearts ticked while logged out become the user's likes (queued like any
 * other like, skipping cards already liked), and the device's guest list is emptied.
 * Returns how many likes were queued.
 */
export async function adoptGuestLikes(db: AppDB = defaultDb): Promise<number> {
  const guest = await db.guestLikes.orderBy('likedAt').toArray();
  if (!guest.length || !(await readSession(db))) return 0;
  const queued = await queueMutations(
    likeSet,
    async ({ db, userId }) => {
      const out: { id: string; user: string; photoCard: string }[] = [];
      for (const { photoCard } of guest) {
        if (!(await db.photoCards.get(photoCard))) continue;
        const existing = await db.likes.where({ user: userId, photoCard }).first();
        if (!existing) out.push({ id: newRecordId(), user: userId, photoCard });
      }
      await db.guestLikes.clear();
      return out;
    },
    db,
  );
  return queued.length;
}
