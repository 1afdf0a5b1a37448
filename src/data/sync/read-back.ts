/**
 * Read-back: the records a landed row changed on the server besides its own, stored with the row's
 * removal (docs/sync.md, Read-back). A like moves its card's `likeCount` in a database trigger,
 * and the server broadcasts nothing for it (a message to every client for every like is what a
 * like storm cannot afford): a like sent alone gets the card in its answer (`carried`); the likes
 * of a batch and unlikes (a delete has no answer body) read their cards back (`readBack`, 20 to a
 * GET, cheaper than an expand on every row of a batch). A failed read is no error: the next pull
 * brings the record.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { SyncedCollection } from '@/data/pb/records.ts';
import type { Job } from './take.ts';

/** Server copies by collection, to store with the rows' removal. */
export type ReadBack = Map<SyncedCollection, RecordModel[]>;

/** Ids per request: the server's filter limit (512 characters) holds 20 `id='…'` terms. */
const CHUNK = 20;

/**
 * The records the answers carry for requests that asked for one (`SendRequest.expand`: a like's
 * card), by collection, to store like read-back copies.
 */
export function carried(jobs: readonly Job[], records: readonly (RecordModel | null)[]): ReadBack {
  const out: ReadBack = new Map();
  jobs.forEach((job, k) => {
    const ask = job.req.expand;
    const rec = (records[k]?.expand as Record<string, unknown> | undefined)?.[ask?.field ?? ''];
    if (!ask || !rec || typeof rec !== 'object' || Array.isArray(rec)) return;
    out.set(ask.collection, [...(out.get(ask.collection) ?? []), rec as RecordModel]);
  });
  return out;
}

/** `a` with `b`'s copies added. */
export function mergeReadBacks(a: ReadBack, b: ReadBack): ReadBack {
  const out: ReadBack = new Map(a);
  for (const [c, list] of b) out.set(c, [...(out.get(c) ?? []), ...list]);
  return out;
}

/**
 * Reads back what the jobs' kinds name (`readsBack`) and their answers did not carry already
 * (`have`): the cards of a batch's likes, an unlike's card, a like's whose answer came without it
 * (a resend answered "already landed").
 */
export async function readBack(
  pb: PocketBase,
  jobs: readonly Job[],
  have: ReadBack = new Map(),
): Promise<ReadBack> {
  const wanted = new Map<SyncedCollection, Set<string>>();
  for (const job of jobs) {
    for (const { collection, id } of job.kind.readsBack?.(job.payload) ?? []) {
      if (have.get(collection)?.some((r) => r.id === id)) continue;
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
