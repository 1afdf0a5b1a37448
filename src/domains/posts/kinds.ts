/**
 * Exchange posts (교환 글): create with a client id, edit (text or status), delete. The server
 * checks length and profanity again (pb_hooks/guards.pb.js); a refusal ends in dead letters with
 * the failure message for that action (docs/product-rules.md, Exchange posts).
 */
import * as v from 'valibot';
import { ko } from '@/i18n/ko.ts';
import { EXCHANGE_STATUSES } from '@/data/pb/records.ts';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { postsKo } from './ko.ts';

const createPayload = v.object({
  id: v.string(),
  writer: v.string(),
  photoCard: v.string(),
  description: v.string(),
  createdAt: v.string(),
});
export type PostCreatePayload = v.InferOutput<typeof createPayload>;

export const postCreate: MutationKind<PostCreatePayload> = {
  kind: KINDS.postCreate,
  collection: 'exchangeList',
  payload: createPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    const existing = await db.exchangeList.get(p.id);
    if (existing) return; // the server copy (or an earlier apply) is already here
    await db.exchangeList.put({
      id: p.id,
      writer: p.writer,
      photoCard: p.photoCard,
      description: p.description,
      status: '교환대기중',
      chatContent: '',
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'exchangeList',
    id: p.id,
    body: {
      id: p.id,
      writer: p.writer,
      photoCard: p.photoCard,
      description: p.description,
      status: '교환대기중',
    },
  }),
  ownerField: 'writer',
  label: postsKo.kinds.postCreate,
  failureMessage: () => ko.messages.exchangeSaveFailed,
  draft: (p) => p.description,
};

const updatePayload = v.object({
  id: v.string(),
  description: v.optional(v.string()),
  status: v.optional(v.picklist(EXCHANGE_STATUSES)),
});
export type PostUpdatePayload = v.InferOutput<typeof updatePayload>;

function postPatch(p: PostUpdatePayload): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (p.description !== undefined) patch['description'] = p.description;
  if (p.status !== undefined) patch['status'] = p.status;
  return patch;
}

export const postUpdate: MutationKind<PostUpdatePayload> = {
  kind: KINDS.postUpdate,
  collection: 'exchangeList',
  payload: updatePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    // `updated` stays the server's stamp: pulls compare it to skip copies older than ours
    await db.exchangeList.update(p.id, postPatch(p));
  },
  request: (p) => ({ method: 'PATCH', collection: 'exchangeList', id: p.id, body: postPatch(p) }),
  label: postsKo.kinds.postUpdate,
  failureMessage: () => ko.messages.exchangeEditFailed,
  draft: (p) => p.description ?? '',
};

const deletePayload = v.object({ id: v.string() });
export type PostDeletePayload = v.InferOutput<typeof deletePayload>;

export const postDelete: MutationKind<PostDeletePayload> = {
  kind: KINDS.postDelete,
  collection: 'exchangeList',
  payload: deletePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.exchangeList.delete(p.id);
  },
  request: (p) => ({ method: 'DELETE', collection: 'exchangeList', id: p.id }),
  label: postsKo.kinds.postDelete,
  failureMessage: () => ko.messages.exchangeDeleteFailed,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [
  postCreate,
  postUpdate,
  postDelete,
] as const satisfies readonly AnyMutationKind[];
