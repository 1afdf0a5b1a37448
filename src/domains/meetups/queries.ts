/**
 * Reads of cafe events (밋업) and their comments. Events are few (hundreds) and read whole; the map
 * leaves out events without coordinates itself.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { Comment, MeetUp } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

/** Every event, soonest start first (events without a start date last). */
export async function listMeetUps(db: AppDB = defaultDb): Promise<MeetUp[]> {
  const events = await db.meetUps.toArray();
  return events.sort(
    (a, b) =>
      Number(!a.startDate) - Number(!b.startDate) ||
      compareKeys(a.startDate, b.startDate) ||
      compareKeys(a.id, b.id),
  );
}

export async function getMeetUp(id: string, db: AppDB = defaultDb): Promise<MeetUp | null> {
  return (await db.meetUps.get(id)) ?? null;
}

/** The comments of one event, newest first. */
export async function listCommentsOfMeetUp(
  meetUpId: string,
  db: AppDB = defaultDb,
): Promise<Comment[]> {
  const comments = await db.comments.where('meetUp').equals(meetUpId).toArray();
  return comments.sort((a, b) => compareKeys(b.created, a.created) || compareKeys(b.id, a.id));
}
