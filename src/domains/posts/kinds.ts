/**
 * Exchange posts (교환 글): create with a client id, edit (text, terms or status), delete. The
 * server checks length, profanity and the terms again (pb_hooks/guards.pb.js); a refusal ends in
 * dead letters with the failure message for that action (docs/product-rules.md, Exchange posts).
 *
 * A post's photos travel in its create row as Blobs, sent as files with it (the engine's file
 * support, as a chat photo does); until the server names the stored files, the screens show them
 * from the queued row (queries.ts, pendingPostPhotos). Rows queued before the terms existed carry
 * none: they are sent without them, and the server stores a 교환 post.
 */
import * as v from 'valibot';
import { ko } from '@/i18n/ko.ts';
import {
  CVS_CHAINS,
  EXCHANGE_STATUSES,
  POST_TYPES,
  SHIPPING_METHODS,
  type ExchangePost,
} from '@/data/pb/records.ts';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { postsKo } from './ko.ts';

/** The terms in a queued row: all of them or none (a row queued before they existed). */
const terms = {
  postType: v.optional(v.picklist(POST_TYPES)),
  price: v.optional(v.number()),
  shipping: v.optional(v.array(v.picklist(SHIPPING_METHODS))),
  cvs: v.optional(v.union([v.picklist(CVS_CHAINS), v.literal('')])),
  meetPlace: v.optional(v.string()),
};

const createPayload = v.object({
  id: v.string(),
  writer: v.string(),
  photoCard: v.string(),
  description: v.string(),
  ...terms,
  photos: v.optional(v.array(v.blob())),
  createdAt: v.string(),
});
export type PostCreatePayload = v.InferOutput<typeof createPayload>;

type TermsPayload = Pick<PostCreatePayload, keyof typeof terms>;

/** The terms a row carries, as record fields (none for an older row). */
function termsPatch(p: TermsPayload): Partial<ExchangePost> {
  const patch: Partial<ExchangePost> = {};
  if (p.postType !== undefined) patch.postType = p.postType;
  if (p.price !== undefined) patch.price = p.price;
  if (p.shipping !== undefined) patch.shipping = p.shipping;
  if (p.cvs !== undefined) patch.cvs = p.cvs;
  if (p.meetPlace !== undefined) patch.meetPlace = p.meetPlace;
  return patch;
}

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
      ...termsPatch(p),
      // the photos are shown from the queued row until the server names the uploaded files
      photos: [],
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
      ...termsPatch(p),
    },
    ...(p.photos?.length ? { files: { photos: p.photos } } : {}),
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
  ...terms,
});
export type PostUpdatePayload = v.InferOutput<typeof updatePayload>;

function postPatch(p: PostUpdatePayload): Partial<ExchangePost> {
  const patch = termsPatch(p);
  if (p.description !== undefined) patch.description = p.description;
  if (p.status !== undefined) patch.status = p.status;
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
