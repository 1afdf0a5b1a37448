/**
 * 1:1 chat (docs/trades.md, `conversations`, `messages`, `blocks`, `chatReports`).
 *
 * - A conversation is one per pair of fans (`a` < `b`), made with a client id. Two devices opening
 *   the same pair offline both queue a create; the second is answered "already exists", which
 *   counts as done: the server's conversation replaces ours, and every queued row that names ours
 *   (its messages, its reads) is pointed at it (sync/settle.ts).
 * - Messages of one conversation go with the order key `messages:<conversation>`, after the rows
 *   of their conversation (`dependsOn`), so they are sent and stored in the order they were
 *   written; a photo goes as multipart with its message.
 * - A read sets the fan's own `…ReadAt`; a later read of one conversation replaces unsent earlier
 *   ones, so opening a thread ten times offline sends one change.
 * - Blocks are records (one per fan and blocked fan): block and unblock keep their order across
 *   records with the order key `blocks:<user>:<blocked>`, like likes.
 */
import * as v from 'valibot';
import { recordKey, type RecordKey } from '@/data/outbox/names.ts';
import { blockOrderKey, KINDS, messagesOrderKey } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { chatKo } from './ko.ts';

const t = chatKo;

const context = {
  photoCard: v.optional(v.string(), ''),
  post: v.optional(v.string(), ''),
  trade: v.optional(v.string(), ''),
};

/** The records a conversation's context names, which may still be queued themselves. */
function contextRecords(p: { post: string; trade: string }): RecordKey[] {
  const keys: RecordKey[] = [];
  if (p.post) keys.push(recordKey('exchangeList', p.post));
  if (p.trade) keys.push(recordKey('trades', p.trade));
  return keys;
}

function contextFields(p: { photoCard: string; post: string; trade: string }) {
  const out: Record<string, string> = {};
  if (p.photoCard) out['photoCard'] = p.photoCard;
  if (p.post) out['post'] = p.post;
  if (p.trade) out['trade'] = p.trade;
  return out;
}

const createPayload = v.object({
  id: v.string(),
  a: v.string(),
  b: v.string(),
  ...context,
  createdAt: v.string(),
});
export type ConversationCreatePayload = v.InferOutput<typeof createPayload>;

export const conversationCreate: MutationKind<ConversationCreatePayload> = {
  kind: KINDS.conversationCreate,
  collection: 'conversations',
  payload: createPayload,
  recordId: (p) => p.id,
  dependsOn: contextRecords,
  async apply(db, p) {
    // this conversation, or the server's one of the same pair (the other fan opened it first)
    const same = await db.conversations.where({ a: p.a, b: p.b }).first();
    if (same) return;
    await db.conversations.put({
      id: p.id,
      a: p.a,
      b: p.b,
      photoCard: p.photoCard,
      post: p.post,
      trade: p.trade,
      aReadAt: '',
      bReadAt: '',
      lastMessage: '',
      lastMessageAt: '',
      lastSender: '',
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'conversations',
    id: p.id,
    body: { id: p.id, a: p.a, b: p.b, ...contextFields(p) },
  }),
  // a replayed create is ours when we are either fan of it
  ownerField: ['a', 'b'],
  duplicateIsDone: true,
  sameAs: (p) => ({ a: p.a, b: p.b }),
  label: t.kinds.conversationCreate,
  failureMessage: () => t.failures.conversation,
};

const contextPayload = v.object({ id: v.string(), ...context });
export type ConversationContextPayload = v.InferOutput<typeof contextPayload>;

/** What an existing conversation is about: the latest context set (a card, a post, a trade). */
export const conversationContext: MutationKind<ConversationContextPayload> = {
  kind: KINDS.conversationContext,
  collection: 'conversations',
  payload: contextPayload,
  recordId: (p) => p.id,
  dependsOn: contextRecords,
  async apply(db, p) {
    await db.conversations.update(p.id, { photoCard: p.photoCard, post: p.post, trade: p.trade });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'conversations',
    id: p.id,
    body: { photoCard: p.photoCard, post: p.post, trade: p.trade },
  }),
  label: t.kinds.conversationContext,
  failureMessage: () => t.failures.conversation,
};

const readPayload = v.object({
  id: v.string(),
  /** The reader's own side. */
  field: v.picklist(['aReadAt', 'bReadAt']),
  /** PocketBase time stamp: everything created up to it is read. */
  at: v.string(),
});
export type ConversationReadPayload = v.InferOutput<typeof readPayload>;

export const conversationRead: MutationKind<ConversationReadPayload> = {
  kind: KINDS.conversationRead,
  collection: 'conversations',
  payload: readPayload,
  recordId: (p) => p.id,
  /**
   * A read makes the unsent earlier reads of the same conversation pointless: they go (a row a
   * flush has handed to the network may have landed and is left alone).
   */
  async supersede(db, p, userId) {
    const rows = await db.outbox
      .where('recordKey')
      .equals(recordKey('conversations', p.id))
      .filter((r) => {
        if (r.kind !== KINDS.conversationRead || r.userId !== userId || r.sentAt) return false;
        const q = r.payload as { field?: unknown; at?: unknown };
        return q.field === p.field && typeof q.at === 'string' && q.at <= p.at;
      })
      .primaryKeys();
    await db.outbox.bulkDelete(rows);
  },
  async apply(db, p) {
    const conv = await db.conversations.get(p.id);
    // a read never moves back (the server's copy may carry a later read from another device)
    if (!conv || conv[p.field] >= p.at) return;
    await db.conversations.update(p.id, { [p.field]: p.at });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'conversations',
    id: p.id,
    body: { [p.field]: p.at },
  }),
  label: t.kinds.conversationRead,
  failureMessage: () => t.failures.conversationRead,
};

const messagePayload = v.object({
  id: v.string(),
  conversation: v.string(),
  sender: v.string(),
  text: v.string(),
  image: v.optional(v.blob()),
  createdAt: v.string(),
});
export type MessageCreatePayload = v.InferOutput<typeof messagePayload>;

export const messageCreate: MutationKind<MessageCreatePayload> = {
  kind: KINDS.messageCreate,
  collection: 'messages',
  payload: messagePayload,
  recordId: (p) => p.id,
  orderKey: (p) => messagesOrderKey(p.conversation),
  dependsOn: (p) => [recordKey('conversations', p.conversation)],
  async apply(db, p) {
    const existing = await db.messages.get(p.id);
    if (existing) {
      // the server's copy (its own `created`) stays; only a conversation the server replaced
      // with its own moves the queued message along (sync/settle.ts)
      if (existing.conversation !== p.conversation) {
        await db.messages.update(p.id, { conversation: p.conversation });
      }
      return;
    }
    await db.messages.put({
      id: p.id,
      conversation: p.conversation,
      sender: p.sender,
      text: p.text,
      // the photo is shown from the queued row until the server names the uploaded file
      image: '',
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'messages',
    id: p.id,
    body: { id: p.id, conversation: p.conversation, sender: p.sender, text: p.text },
    ...(p.image ? { files: { image: p.image } } : {}),
  }),
  ownerField: 'sender',
  label: t.kinds.messageCreate,
  failureMessage: () => t.failures.message,
  draft: (p) => p.text,
};

const blockPayload = v.object({ id: v.string(), user: v.string(), blocked: v.string() });
export type BlockPayload = v.InferOutput<typeof blockPayload>;
const blockCreatePayload = v.object({ ...blockPayload.entries, createdAt: v.string() });
export type BlockCreatePayload = v.InferOutput<typeof blockCreatePayload>;

const blockOrder = (p: BlockPayload) => blockOrderKey(p.user, p.blocked);

export const blockCreate: MutationKind<BlockCreatePayload> = {
  kind: KINDS.blockCreate,
  collection: 'blocks',
  payload: blockCreatePayload,
  recordId: (p) => p.id,
  orderKey: blockOrder,
  async apply(db, p) {
    const same = await db.blocks.where({ user: p.user, blocked: p.blocked }).first();
    if (same) return;
    await db.blocks.put({
      id: p.id,
      user: p.user,
      blocked: p.blocked,
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'blocks',
    id: p.id,
    body: { id: p.id, user: p.user, blocked: p.blocked },
  }),
  ownerField: 'user',
  // blocked already from another device: what the fan wanted is true
  duplicateIsDone: true,
  sameAs: (p) => ({ user: p.user, blocked: p.blocked }),
  label: t.kinds.blockCreate,
  failureMessage: () => t.failures.block,
};

export const blockDelete: MutationKind<BlockPayload> = {
  kind: KINDS.blockDelete,
  collection: 'blocks',
  payload: blockPayload,
  recordId: (p) => p.id,
  orderKey: blockOrder,
  async apply(db, p) {
    await db.blocks.delete(p.id);
  },
  request: (p) => ({ method: 'DELETE', collection: 'blocks', id: p.id }),
  label: t.kinds.blockDelete,
  failureMessage: () => t.failures.unblock,
};

const reportPayload = v.object({
  id: v.string(),
  reporter: v.string(),
  target: v.string(),
  message: v.optional(v.string(), ''),
  reason: v.string(),
  createdAt: v.string(),
});
export type ChatReportPayload = v.InferOutput<typeof reportPayload>;

export const chatReportCreate: MutationKind<ChatReportPayload> = {
  kind: KINDS.chatReportCreate,
  collection: 'chatReports',
  payload: reportPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    if (await db.chatReports.get(p.id)) return;
    await db.chatReports.put({
      id: p.id,
      reporter: p.reporter,
      target: p.target,
      message: p.message,
      reason: p.reason,
      evidence: '',
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'chatReports',
    id: p.id,
    body: {
      id: p.id,
      reporter: p.reporter,
      target: p.target,
      reason: p.reason,
      ...(p.message ? { message: p.message } : {}),
    },
  }),
  ownerField: 'reporter',
  label: t.kinds.chatReportCreate,
  failureMessage: () => t.failures.chatReport,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [
  conversationCreate,
  conversationContext,
  conversationRead,
  messageCreate,
  blockCreate,
  blockDelete,
  chatReportCreate,
] as const satisfies readonly AnyMutationKind[];
