/**
 * What the user can do with changes the server refused (dead letters): send again (the change is
 * re-applied locally and queued as new) or discard it for good.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { readMutation } from '@/data/outbox/index.ts';
import { getClient } from '@/data/pb/client.ts';
import { readSession } from '@/data/session/session.ts';
import { announceQueued } from '@/data/sync/signals.ts';
import { LoginRequiredError } from './queue.ts';

export async function retryDeadLetter(seq: number, db: AppDB = defaultDb): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const dead = await db.deadLetters.get(seq);
    if (!dead) return;
    const session = await readSession(db);
    if (!session || session.userId !== dead.userId) throw new LoginRequiredError();
    const m = readMutation(dead.kind, dead.payload);
    if ('error' in m) return;
    await m.kind.apply(db, m.payload, session.userId);
    await db.deadLetters.delete(seq);
    await db.outbox.add({
      id: dead.id,
      kind: dead.kind,
      recordKey: dead.recordKey,
      userId: dead.userId,
      payload: dead.payload,
      createdAt: dead.createdAt,
      attempts: 0,
      nextTryAt: 0,
    });
  });
  announceQueued();
}

export async function discardDeadLetter(seq: number, db: AppDB = defaultDb): Promise<void> {
  await db.deadLetters.delete(seq);
}

/**
 * Marks dead letters as told to the user (the toast was shown), and tells the server the kind of
 * each one told for the first time, for the operators' dashboard's count per kind
 * (docs/operators.md, The dashboard): only the kind goes, never the change. Fire and forget: a
 * failure (offline, signed out) loses a count and nothing else.
 */
export async function markDeadLettersNotified(
  seqs: number[],
  db: AppDB = defaultDb,
  report: (kinds: string[]) => void = reportDeadLetters,
): Promise<void> {
  const fresh = await db.deadLetters
    .where('seq')
    .anyOf(seqs)
    .filter((row) => !row.notifiedAt)
    .toArray();
  await db.deadLetters.where('seq').anyOf(seqs).modify({ notifiedAt: Date.now() });
  if (fresh.length) report(fresh.map((row) => row.kind));
}

function reportDeadLetters(kinds: string[]): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  void getClient()
    .then(({ pb }) =>
      Promise.all(
        kinds.map((kind) =>
          pb.send('/api/pocamarket/dead-letters', {
            method: 'POST',
            body: { kind },
            requestKey: null,
          }),
        ),
      ),
    )
    .catch(() => {});
}
