/**
 * Likes (찜): a like is its own record (unique user + card) so that the server keeps the count
 * (a database trigger, docs/scaling.md) instead of the client rewriting `likeCount`. Liking queues a create with a client id;
 * unliking queues the delete of that record. The card's count is not touched locally: the screens
 * add the queued likes to the server's count (see queries), so a count refreshed from the server
 * while a like is still queued is neither lost nor counted twice.
 */
import * as v from 'valibot';
import { pbTimestamp } from '@/data/time.ts';
import { KINDS, likeOrderKey } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import type { AppDB } from '@/data/db/index.ts';
import { likesKo } from './ko.ts';

const likePayload = v.object({ id: v.string(), user: v.string(), photoCard: v.string() });
export type LikePayload = v.InferOutput<typeof likePayload>;

const likeOrder = (p: LikePayload) => likeOrderKey(p.user, p.photoCard);

/**
 * The card whose count the like moved (the server sends no realtime message for it): a like sent
 * alone gets it in its answer (`expand`); a batch's likes and every unlike (no answer body) read
 * it back (docs/sync.md, Read-back).
 */
const likedCard = (p: LikePayload) => [{ collection: 'photoCards' as const, id: p.photoCard }];

/**
 * Rapid toggles of one like collapse to their net effect before anything is sent
 * (docs/sync.md, The outbox): queuing a like.set for a user and card that still has an unsent
 * like.set replaces it, with the unlikes queued for that unsent like (the server never saw that
 * record), so like, unlike, like sends one create. Only rows no flush has handed to the network
 * (`sentAt`) are touched: a row sent once may have landed, and the rows after it must still go.
 * Like then unlike keeps both rows: the unlike also removes an equivalent like the server may hold
 * from another device. `likeSet.supersede`: runs inside the queuing transaction, before the new
 * row's apply.
 */
async function collapseLikes(db: AppDB, like: LikePayload, userId: string): Promise<void> {
  const rows = await db.outbox
    .where('kind')
    .anyOf(KINDS.likeSet, KINDS.likeUnset)
    .filter((r) => {
      const p = r.payload as { user?: unknown; photoCard?: unknown };
      return r.userId === userId && p.user === like.user && p.photoCard === like.photoCard;
    })
    .toArray();
  const unsentSets = rows.filter((r) => r.kind === KINDS.likeSet && !r.sentAt);
  if (!unsentSets.length) return;
  const ids = new Set(unsentSets.map((r) => (r.payload as { id: string }).id));
  for (const r of rows) {
    if (r.sentAt || !ids.has((r.payload as { id: string }).id)) continue;
    await db.outbox.delete(r.seq!);
  }
  await db.likes.bulkDelete([...ids]);
}

export const likeSet: MutationKind<LikePayload> = {
  kind: KINDS.likeSet,
  collection: 'likes',
  payload: likePayload,
  recordId: (p) => p.id,
  orderKey: likeOrder,
  supersede: collapseLikes,
  readsBack: likedCard,
  async apply(db, p) {
    // this like, or another like of the same card from another device, is already here
    const same = await db.likes.where({ user: p.user, photoCard: p.photoCard }).first();
    if (same) return;
    const now = pbTimestamp();
    await db.likes.put({
      id: p.id,
      user: p.user,
      photoCard: p.photoCard,
      created: now,
      updated: now,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'likes',
    id: p.id,
    body: { id: p.id, user: p.user, photoCard: p.photoCard },
    expand: { field: 'photoCard', collection: 'photoCards' },
  }),
  ownerField: 'user',
  duplicateIsDone: true,
  sameAs: (p) => ({ user: p.user, photoCard: p.photoCard }),
  label: likesKo.kinds.likeSet,
  failureMessage: () => likesKo.failures.like,
};

export const likeUnset: MutationKind<LikePayload> = {
  kind: KINDS.likeUnset,
  collection: 'likes',
  payload: likePayload,
  recordId: (p) => p.id,
  orderKey: likeOrder,
  readsBack: likedCard,
  async apply(db, p) {
    await db.likes.delete(p.id);
  },
  request: (p) => ({ method: 'DELETE', collection: 'likes', id: p.id }),
  label: likesKo.kinds.likeUnset,
  failureMessage: () => likesKo.failures.like,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [likeSet, likeUnset] as const satisfies readonly AnyMutationKind[];
