/**
 * The like count a screen shows. The server keeps `likeCount` (a database trigger; likes are their
 * own records), and the local card copy is never bumped by a like: a pull would overwrite a
 * bumped count and the like would vanish from it, or land on top of it and count twice. Instead
 * the queued likes are added here: shown = server count + queued like.set − queued like.unset.
 * Once a like lands, the flush reads the card back and stores it in the transaction that removes
 * the row (docs/sync.md, Read-back), so the count goes from queued to the server's in one step.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { KINDS } from './names.ts';
import { readSession } from '@/data/session/session.ts';

/**
 * The queued likes and unlikes of the signed-in user: the outbox keeps each account's changes until
 * that account sends them, so after a switch of accounts on one device the other account's unsent
 * likes stay out of this one's counts and pending marks. Both reads start at once: inside a live
 * query a read started after an await of another may go unobserved.
 */
async function queuedLikeRows(db: AppDB) {
  const [rows, session] = await Promise.all([
    db.outbox.where('kind').anyOf(KINDS.likeSet, KINDS.likeUnset).toArray(),
    readSession(db),
  ]);
  return session ? rows.filter((row) => row.userId === session.userId) : [];
}

function cardOf(payload: unknown): string | null {
  const card = (payload as { photoCard?: unknown } | null)?.photoCard;
  return typeof card === 'string' ? card : null;
}

/**
 * Like changes not in the server's counts, per card id: +1 for each queued like, −1 for each
 * queued unlike of the signed-in user, and (logged out) +1 for each heart ticked on this device.
 */
export async function queuedLikeDeltas(db: AppDB = defaultDb): Promise<Map<string, number>> {
  const [rows, session, guest] = await Promise.all([
    queuedLikeRows(db),
    readSession(db),
    db.guestLikes.toArray(),
  ]);
  const deltas = new Map<string, number>();
  if (!session) for (const g of guest) deltas.set(g.photoCard, 1);
  for (const row of rows) {
    const card = cardOf(row.payload);
    if (!card) continue;
    deltas.set(card, (deltas.get(card) ?? 0) + (row.kind === KINDS.likeSet ? 1 : -1));
  }
  return deltas;
}

/** The count to show: never below zero (a queued unlike of a like the server has not counted). */
export function shownLikeCount(serverCount: number, delta: number | undefined): number {
  return Math.max(0, serverCount + (delta ?? 0));
}

/** Card ids with a like or unlike of the signed-in user still waiting to be sent (pending marks). */
export async function pendingLikeCardIds(db: AppDB = defaultDb): Promise<Set<string>> {
  const rows = await queuedLikeRows(db);
  const ids = new Set<string>();
  for (const row of rows) {
    const card = cardOf(row.payload);
    if (card) ids.add(card);
  }
  return ids;
}
