/** Meetup comments: create only (there is no edit or delete: docs/product-rules.md, Meetups), with a client id. */
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
};

/** This domain's kinds, for the outbox's table (src/domains/kinds.ts). */
export const kinds = [commentCreate] as const satisfies readonly AnyMutationKind[];
