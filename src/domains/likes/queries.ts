/**
 * The signed-in user's likes (찜). The likes table holds only the owner's rows (it is emptied when
 * another user signs in), and a queued like is already in it (optimistic), so "liked" here is what
 * the user did, sent or not.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { Like, PhotoCard } from '@/data/pb/records.ts';
import { getPhotoCards } from '@/domains/catalogue/photo-cards.ts';
import { compareKeys } from '@/lib/compare';

/** The user's likes, newest first. */
export async function listLikes(userId: string, db: AppDB = defaultDb): Promise<Like[]> {
  const likes = await db.likes.where('user').equals(userId).toArray();
  return likes.sort((a, b) => compareKeys(b.created, a.created) || compareKeys(b.id, a.id));
}

/** Ids of the cards the user likes; logged out (null), the hearts ticked on this device. */
export async function listLikedCardIds(
  userId: string | null,
  db: AppDB = defaultDb,
): Promise<Set<string>> {
  if (!userId) return new Set((await db.guestLikes.toArray()).map((g) => g.photoCard));
  const likes = await db.likes.where('user').equals(userId).toArray();
  return new Set(likes.map((l) => l.photoCard));
}

/** The user's like of one card, or null (the record to delete when unliking). */
export async function getLikeOfCard(
  userId: string,
  cardId: string,
  db: AppDB = defaultDb,
): Promise<Like | null> {
  return (await db.likes.where({ user: userId, photoCard: cardId }).first()) ?? null;
}

/**
 * The cards the user likes (logged out, null: the ones liked on this device), most recently liked
 * first, with the like counts to show.
 */
export async function listLikedCards(
  userId: string | null,
  db: AppDB = defaultDb,
): Promise<PhotoCard[]> {
  if (!userId) {
    const guest = await db.guestLikes.orderBy('likedAt').reverse().toArray();
    return getPhotoCards(
      guest.map((g) => g.photoCard),
      db,
    );
  }
  const likes = await listLikes(userId, db);
  return getPhotoCards(
    likes.map((l) => l.photoCard),
    db,
  );
}
