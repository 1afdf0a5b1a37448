/**
 * 1:1 chat (docs/trades.md): open a conversation with a fan (one per pair), send a message (text,
 * a photo or both), mark a thread read, block and unblock a fan, report a fan or a message.
 *
 * A block the fan made refuses new conversations and messages here at once; a block the other fan
 * made is not on this device (nobody else reads blocks) and is refused by the server.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import {
  blockCreate,
  blockDelete,
  chatReportCreate,
  conversationContext,
  conversationCreate,
  conversationRead,
  messageCreate,
} from './kinds.ts';
import type { Conversation } from '@/data/pb/records.ts';
import { latestFromOther, pairOf, readField, resolveConversation } from './queries.ts';
import { pbTimestamp } from '@/data/time.ts';
import {
  change,
  InvalidInputError,
  queueChanges,
  queueMutation,
  queueMutations,
} from '@/data/writes/queue.ts';
import { checkMessage, checkReportReason } from '@/domains/trades/rules.ts';
import { chatKo } from './ko.ts';

const r = chatKo.rules;

/** What a conversation is about: a card, an exchange post or a proposal (any of them). */
export interface ConversationContext {
  photoCard?: string;
  post?: string;
  trade?: string;
}

/** Throws when the fan blocked `other` (the server refuses it too). */
export async function assertNotBlocked(db: AppDB, userId: string, other: string): Promise<void> {
  if (await db.blocks.where({ user: userId, blocked: other }).first()) {
    throw new InvalidInputError(r.blocked);
  }
}

/** A proposal named as a conversation's context must be between its two fans. */
async function assertTradeBetween(db: AppDB, tradeId: string, userId: string, other: string) {
  if (!tradeId) return;
  const trade = await db.trades.get(tradeId);
  const pair = [trade?.proposer, trade?.receiver];
  if (!trade || !pair.includes(userId) || !pair.includes(other)) {
    throw new InvalidInputError(r.conversationTrade);
  }
}

/** One of the fan's conversations, by id (an id the server replaced still finds it). */
async function ownConversation(db: AppDB, id: string, userId: string): Promise<Conversation> {
  const conv = await resolveConversation(id, userId, db);
  if (!conv || (conv.a !== userId && conv.b !== userId)) {
    throw new InvalidInputError(r.conversationNotFound);
  }
  return conv;
}

/**
 * The fan's conversation with `other`: the one on this device for the pair, with the new context
 * set when one is given, or a new one queued (`a` < `b`). Returns its id.
 */
export async function openConversation(
  other: string,
  context: ConversationContext = {},
  db: AppDB = defaultDb,
): Promise<string> {
  const ctx = {
    photoCard: context.photoCard ?? '',
    post: context.post ?? '',
    trade: context.trade ?? '',
  };
  const hasContext = Boolean(ctx.photoCard || ctx.post || ctx.trade);
  let id = '';
  await queueChanges(async ({ db, userId }) => {
    if (other === userId) throw new InvalidInputError(r.selfConversation);
    await assertTradeBetween(db, ctx.trade, userId, other);
    const pair = pairOf(userId, other);
    const existing = await db.conversations.where(pair).first();
    if (existing) {
      id = existing.id;
      const same =
        existing.photoCard === ctx.photoCard &&
        existing.post === ctx.post &&
        existing.trade === ctx.trade;
      if (!hasContext || same) return [];
      // the thread still opens with a blocked fan; its context stays as it was
      const blocked = await db.blocks.where({ user: userId, blocked: other }).first();
      return blocked ? [] : [change(conversationContext, { id, ...ctx })];
    }
    await assertNotBlocked(db, userId, other);
    id = newRecordId();
    return [change(conversationCreate, { id, ...pair, ...ctx, createdAt: pbTimestamp() })];
  }, db);
  return id;
}

/** Sends a message (text, a photo, or both) in one of the fan's conversations; returns its id. */
export async function sendMessage(
  conversationId: string,
  text: string,
  photo?: Blob | null,
  db: AppDB = defaultDb,
): Promise<string> {
  const problem = checkMessage(text, photo);
  if (problem) throw new InvalidInputError(problem);
  const p = await queueMutation(
    messageCreate,
    async ({ db, userId }) => {
      const conv = await ownConversation(db, conversationId, userId);
      await assertNotBlocked(db, userId, conv.a === userId ? conv.b : conv.a);
      return {
        id: newRecordId(),
        conversation: conv.id,
        sender: userId,
        text: text.trim(),
        ...(photo ? { image: photo } : {}),
        createdAt: pbTimestamp(),
      };
    },
    db,
  );
  return p!.id;
}

/**
 * Marks a thread read up to the other fan's latest message (its server time, so this device's
 * clock does not matter). A thread with nothing new is a no-op. Returns whether a change was
 * queued.
 */
export async function markRead(conversationId: string, db: AppDB = defaultDb): Promise<boolean> {
  const queued = await queueMutation(
    conversationRead,
    async ({ db, userId }) => {
      const conv = await resolveConversation(conversationId, userId, db);
      if (!conv || (conv.a !== userId && conv.b !== userId)) return null;
      const field = readField(conv, userId);
      const at = await latestFromOther(conv, userId, db);
      return at && at > conv[field] ? { id: conv.id, field, at } : null;
    },
    db,
  );
  return queued !== null;
}

/** Blocks a fan. Returns whether a change was queued (false: blocked already). */
export async function blockFan(other: string, db: AppDB = defaultDb): Promise<boolean> {
  const queued = await queueMutation(
    blockCreate,
    async ({ db, userId }) => {
      if (other === userId) throw new InvalidInputError(r.selfBlock);
      if (await db.blocks.where({ user: userId, blocked: other }).first()) return null;
      return { id: newRecordId(), user: userId, blocked: other, createdAt: pbTimestamp() };
    },
    db,
  );
  return queued !== null;
}

/** Unblocks a fan. Returns whether a change was queued (false: not blocked). */
export async function unblockFan(other: string, db: AppDB = defaultDb): Promise<boolean> {
  const queued = await queueMutations(
    blockDelete,
    async ({ db, userId }) => {
      const blocks = await db.blocks.where({ user: userId, blocked: other }).toArray();
      return blocks.map((b) => ({ id: b.id, user: userId, blocked: other }));
    },
    db,
  );
  return queued.length > 0;
}

/**
 * Reports a fan to the admins, or one of their messages in a conversation of the fan's (the server
 * keeps the message's text and photo name as evidence). Returns the report's id.
 */
export async function reportChat(
  target: string,
  report: { reason: string; message?: string },
  db: AppDB = defaultDb,
): Promise<string> {
  const problem = checkReportReason(report.reason);
  if (problem) throw new InvalidInputError(problem);
  const p = await queueMutation(
    chatReportCreate,
    async ({ db, userId }) => {
      if (target === userId) throw new InvalidInputError(r.selfReport);
      if (report.message) {
        const message = await db.messages.get(report.message);
        const conv = message && (await resolveConversation(message.conversation, userId, db));
        if (!message || !conv || (conv.a !== userId && conv.b !== userId)) {
          throw new InvalidInputError(r.reportMessage);
        }
        if (message.sender !== target) throw new InvalidInputError(r.reportSender);
      }
      return {
        id: newRecordId(),
        reporter: userId,
        target,
        message: report.message ?? '',
        reason: report.reason.trim(),
        createdAt: pbTimestamp(),
      };
    },
    db,
  );
  return p!.id;
}
