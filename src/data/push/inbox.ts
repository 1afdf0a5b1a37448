/**
 * Pushed alerts into the local inbox: the service worker stores each push it shows, so /alerts
 * lists it at once, even offline. The row is a stand-in for the server's `notifications` row of
 * the same id, which the next pull or realtime event brings and which then replaces it.
 */
import type { AppDB } from '@/data/db/index.ts';
import { parseRecord } from '@/data/pb/records.ts';
import { readSession } from '@/data/session/session.ts';
import type { PushPayload } from './payload.ts';

/** Stores a pushed alert for the signed-in user; returns false when nobody is signed in. */
export async function storePushedNotification(db: AppDB, p: PushPayload): Promise<boolean> {
  return db.transaction('rw', db.auth, db.notifications, async () => {
    const session = await readSession(db);
    if (!session) return false;
    // already here (pulled first, maybe read since): the server's copy wins, but a chat alert
    // brought up to date by a newer message takes its text (its read mark stays: a read sent
    // meanwhile lands on the updated alert too)
    const here = await db.notifications.get(p.id);
    if (here) {
      if (p.created > (here.at || here.created)) {
        await db.notifications.update(p.id, { title: p.title, body: p.body, at: p.created });
      }
      return true;
    }
    const row = parseRecord('notifications', {
      id: p.id,
      user: session.userId,
      topic: p.topic,
      title: p.title,
      body: p.body,
      url: p.url,
      read: false,
      sentAt: p.created,
      at: p.created,
      created: p.created,
      updated: p.created,
    });
    if (!row) return false;
    await db.notifications.add(row);
    return true;
  });
}
