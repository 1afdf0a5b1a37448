/**
 * Read-back: the records a landed row changed on the server besides its own, fetched before the
 * row is settled (docs/sync.md, Read-back). A like moves its card's `likeCount` in a database
 * trigger, and the server broadcasts nothing for it (a message to every client for every like is
 * what a like storm cannot afford), so the flush that sent the like reads the card back. A failed
 * read is no error: the next pull brings the record.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { SyncedCollection } from '@/data/pb/records.ts';
import type { Job } from './take.ts';

/** Server copies by collection, to store with the rows' removal. */
export type ReadBack = Map<SyncedCollection, RecordModel[]>;

/** Ids per request: the server's filter limit (512 characters) holds 20 `id='…'` terms. */
const CHUNK = 20;

export async function readBack(pb: PocketBase, jobs: readonly Job[]): Promise<ReadBack> {
  const wanted = new Map<SyncedCollection, Set<string>>();
  for (const job of jobs) {
    for (const { collection, id } of job.kind.readsBack?.(job.payload) ?? []) {
      const ids = wanted.get(collection) ?? new Set<string>();
      ids.add(id);
      wanted.set(collection, ids);
    }
  }
  const out: ReadBack = new Map();
  for (const [collection, set] of wanted) {
    const ids = [...set];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const params = Object.fromEntries(chunk.map((id, k) => [`i${k}`, id]));
      const filter = pb.filter(chunk.map((_, k) => `id={:i${k}}`).join('||'), params);
      try {
        const page = await pb
          .collection(collection)
          .getList(1, CHUNK, { filter, skipTotal: true, requestKey: null });
        out.set(collection, [...(out.get(collection) ?? []), ...page.items]);
      } catch {
        // offline again, or the server is busy: the next pull brings the new count
      }
    }
  }
  return out;
}
