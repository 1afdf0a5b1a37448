/**
 * Meetup comments: written with a client id, deleted by their writer; never edited
 * (docs/product-rules.md, Comments).
 */
import * as v from 'valibot';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { meetupsKo } from './ko.ts';

const createPayload = v.object({
  id: v.string(),
  name: v.string(),
  meetUp: v.string(),
  ment: v.string(),
  createdAt: v.string(),
});
export type CommentCreatePayload = v.InferOutput<typeof createPayload>;

export const commentCreate: MutationKind<CommentCreatePayload> = {
  kind: KINDS.commentCreate,
  collection: 'comments',
  payload: createPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    if (await db.comments.get(p.id)) return;
    await db.comments.put({
      id: p.id,
      name: p.name,
      meetUp: p.meetUp,
      ment: p.ment,
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'comments',
    id: p.id,
    body: { id: p.id, name: p.name, meetUp: p.meetUp, ment: p.ment },
  }),
  ownerField: 'name',
  label: meetupsKo.kinds.commentCreate,
  failureMessage: () => meetupsKo.failures.comment,
  draft: (p) => p.ment,
};

const deletePayload = v.object({ id: v.string(), meetUp: v.string() });
export type CommentDeletePayload = v.InferOutput<typeof deletePayload>;

/**
 * A fan deletes their own comment (the server's rule: only its writer). Gone from the thread at
 * once; a refusal puts it back from the server's copy. Queued after its own create when that is
 * still waiting (rows of one record go in order), so a comment written and deleted offline is
 * created, then deleted, and other devices learn it from the tombstone.
 */
export const commentDelete: MutationKind<CommentDeletePayload> = {
  kind: KINDS.commentDelete,
  collection: 'comments',
  payload: deletePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.comments.delete(p.id);
  },
  request: (p) => ({ method: 'DELETE', collection: 'comments', id: p.id }),
  label: meetupsKo.kinds.commentDelete,
  failureMessage: () => meetupsKo.failures.commentDelete,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [commentCreate, commentDelete] as const satisfies readonly AnyMutationKind[];
