/**
 * data/outbox: what an outbox row means. Every kind of queued change (its payload check, its
 * optimistic local effect, its request), the kind names and record keys (names.ts), and this
 * registry. The outbox stores only a kind name and a payload; the flusher, the rebase after pulls
 * and the rollback after a refusal look the kind up here. The functions screens call to make a
 * change are in data/writes; sending the rows is data/sync (docs/sync.md).
 */
import * as v from 'valibot';
import {
  blockCreate,
  blockDelete,
  chatReportCreate,
  conversationContext,
  conversationCreate,
  conversationRead,
  messageCreate,
} from './chat.ts';
import {
  collectBookAddCards,
  collectBookCreate,
  collectBookDelete,
  collectBookRemoveCards,
  collectBookUpdate,
} from './collect-books.ts';
import { commentCreate } from './comments.ts';
import { encounterCreate, encounterDelete, encounterNote } from './encounters.ts';
import { likeSet, likeUnset } from './likes.ts';
import { notificationRead } from './notifications.ts';
import { postCreate, postDelete, postUpdate } from './posts.ts';
import { reportCreate, reportDelete } from './reports.ts';
import {
  collectBookSetPublic,
  tradeItemDelete,
  tradeItemSet,
  tradeItemUpdate,
  tradePublicSet,
} from './trade-lists.ts';
import { reviewCreate, tradeCreate, tradeUpdate } from './trades.ts';
import type { AnyMutationKind } from './types.ts';
import { biasSet, profileUpdate } from './users.ts';

export type { AnyMutationKind, MutationKind, SendRequest } from './types.ts';
export {
  blockOrderKey,
  KINDS,
  likeOrderKey,
  messagesOrderKey,
  recordKey,
  tradeItemOrderKey,
  type KindName,
  type RecordKey,
} from './names.ts';

const ALL = [
  likeSet,
  likeUnset,
  postCreate,
  postUpdate,
  postDelete,
  commentCreate,
  collectBookCreate,
  collectBookAddCards,
  collectBookRemoveCards,
  biasSet,
  profileUpdate,
  reportCreate,
  reportDelete,
  notificationRead,
  tradeItemSet,
  tradeItemUpdate,
  tradeItemDelete,
  tradePublicSet,
  collectBookSetPublic,
  conversationCreate,
  conversationContext,
  conversationRead,
  messageCreate,
  tradeCreate,
  tradeUpdate,
  reviewCreate,
  blockCreate,
  blockDelete,
  chatReportCreate,
  encounterCreate,
  encounterNote,
  encounterDelete,
  collectBookUpdate,
  collectBookDelete,
] as const satisfies readonly AnyMutationKind[];

export const MUTATION_KINDS: ReadonlyMap<string, AnyMutationKind> = new Map(
  ALL.map((k) => [k.kind, k]),
);

/** The kind and checked payload of a stored row, or an error text when either is unusable. */
export function readMutation(
  kind: string,
  payload: unknown,
): { kind: AnyMutationKind; payload: unknown } | { error: string } {
  const k = MUTATION_KINDS.get(kind);
  if (!k) return { error: `unknown mutation kind ${kind}` };
  const parsed = v.safeParse(k.payload, payload);
  if (!parsed.success) return { error: `malformed ${kind} payload: ${parsed.issues[0]?.message}` };
  return { kind: k, payload: parsed.output };
}

export {
  biasSet,
  blockCreate,
  blockDelete,
  chatReportCreate,
  collectBookAddCards,
  collectBookCreate,
  collectBookDelete,
  collectBookRemoveCards,
  collectBookSetPublic,
  collectBookUpdate,
  commentCreate,
  conversationContext,
  conversationCreate,
  conversationRead,
  encounterCreate,
  encounterDelete,
  encounterNote,
  likeSet,
  likeUnset,
  messageCreate,
  notificationRead,
  postCreate,
  postDelete,
  postUpdate,
  profileUpdate,
  reportCreate,
  reportDelete,
  reviewCreate,
  tradeCreate,
  tradeItemDelete,
  tradeItemSet,
  tradeItemUpdate,
  tradePublicSet,
  tradeUpdate,
};
