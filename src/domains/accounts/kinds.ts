/**
 * The signed-in user's own profile: favourite group (최애 그룹) and profile fields (name, nickname,
 * avatar). Both are plain field updates of `users/<me>`, idempotent on replay.
 */
import * as v from 'valibot';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { accountsKo } from './ko.ts';

const biasPayload = v.object({ id: v.string(), biasGroup: v.string() });
export type BiasPayload = v.InferOutput<typeof biasPayload>;

export const biasSet: MutationKind<BiasPayload> = {
  kind: KINDS.biasSet,
  collection: 'users',
  payload: biasPayload,
  recordId: (p) => p.id,
  // a chosen group also answers the first-login step (docs/accounts.md, First login)
  async apply(db, p) {
    await db.users.update(p.id, { biasGroup: p.biasGroup, biasStepDone: true });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'users',
    id: p.id,
    body: { biasGroup: p.biasGroup, biasStepDone: true },
  }),
  label: accountsKo.kinds.biasSet,
  failureMessage: () => accountsKo.failures.bias,
};

const profilePayload = v.object({
  id: v.string(),
  name: v.optional(v.string()),
  username: v.optional(v.string()),
  avatar: v.optional(v.blob()),
  /** The first-login 최애 step was skipped (docs/accounts.md, First login). */
  biasStepDone: v.optional(v.boolean()),
});
export type ProfilePayload = v.InferOutput<typeof profilePayload>;

function profileFields(p: ProfilePayload): {
  name?: string;
  username?: string;
  biasStepDone?: boolean;
} {
  const fields: { name?: string; username?: string; biasStepDone?: boolean } = {};
  if (p.name !== undefined) fields.name = p.name;
  if (p.username !== undefined) fields.username = p.username;
  if (p.biasStepDone) fields.biasStepDone = true;
  return fields;
}

export const profileUpdate: MutationKind<ProfilePayload> = {
  kind: KINDS.profileUpdate,
  collection: 'users',
  payload: profilePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.users.update(p.id, profileFields(p));
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'users',
    id: p.id,
    body: profileFields(p),
    ...(p.avatar ? { files: { avatar: p.avatar } } : {}),
  }),
  label: accountsKo.kinds.profileUpdate,
  failureMessage: () => accountsKo.failures.profile,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [biasSet, profileUpdate] as const satisfies readonly AnyMutationKind[];
