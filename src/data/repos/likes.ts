/** Like (찜) and unlike a photo card. */
import { db as defaultDb, type AppDB } from '../db/index.ts';
import { newRecordId } from '../ids.ts';
import { likeSet, likeUnset } from '../mutations/index.ts';
import { queueMutations } from './queue.ts';

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
