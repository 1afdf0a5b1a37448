/**
 * Reads of the signed-in fan's chat (docs/trades.md, `conversations`, `messages`, `blocks`): the
 * conversation list with the other fan, the last message and the unread count; a thread's
 * messages with their sent and read marks; the unread total; blocks.
 *
 * A message written on this device is in the `messages` table at once (optimistic) and shows as
 * pending while its row is queued; it is placed after the server's messages, in the order it was
 * written, until the server's copy (with the server's `created`) lands. A message is read when the
 * other side's `…ReadAt` is at or after its `created`.
 *
 * A conversation opened offline may turn out to be a second one of the pair (the other fan opened
 * it first): once the server's conversation is here, ours is gone from the table, but messages
 * still queued for it name our id until the create is answered and they are pointed at the
 * server's (sync/settle.ts). Until then our id is an alias of the server's conversation, and the
 * reads below show those messages in it.
 */
import { Dexie } from 'dexie';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { KINDS } from './names.ts';
import { recordKey } from '@/data/outbox/names.ts';
import type { Block, Conversation, Message } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';
import { getPublicProfiles, type PublicProfile } from '@/domains/accounts/queries.ts';

/** The other fan of a conversation. */
export function otherFan(conv: Pick<Conversation, 'a' | 'b'>, userId: string): string {
  return conv.a === userId ? conv.b : conv.a;
}

/** The `…ReadAt` field of a fan's own side. */
export function readField(conv: Pick<Conversation, 'a'>, userId: string): 'aReadAt' | 'bReadAt' {
  return conv.a === userId ? 'aReadAt' : 'bReadAt';
}

/** The two fans of a pair in conversation order (`a` < `b`). */
export function pairOf(x: string, y: string): { a: string; b: string } {
  return x < y ? { a: x, b: y } : { a: y, b: x };
}

interface QueuedCreate {
  id: string;
  a: string;
  b: string;
}

/** The conversations this fan's queued creates name (id and pair). */
async function queuedCreates(db: AppDB, userId: string): Promise<QueuedCreate[]> {
  const rows = await db.outbox.where('kind').equals(KINDS.conversationCreate).toArray();
  const out: QueuedCreate[] = [];
  for (const r of rows) {
    const p = r.payload as Partial<QueuedCreate> | null;
    if (r.userId !== userId || !p?.id || !p.a || !p.b) continue;
    out.push({ id: p.id, a: p.a, b: p.b });
  }
  return out;
}

/** Ids of this fan's message rows still queued (sent or not), in queue order. */
async function queuedMessageIds(db: AppDB, userId: string): Promise<Map<string, number>> {
  const rows = await db.outbox.where('kind').equals(KINDS.messageCreate).toArray();
  const out = new Map<string, number>();
  for (const r of rows) {
    const id = (r.payload as { id?: unknown } | null)?.id;
    if (r.userId === userId && typeof id === 'string') out.set(id, r.seq ?? 0);
  }
  return out;
}

/** The ids a conversation's messages may name: its own, and its aliases (see above). */
function idsOf(conv: Conversation, creates: readonly QueuedCreate[]): string[] {
  const ids = [conv.id];
  for (const c of creates) {
    if (c.a === conv.a && c.b === conv.b && c.id !== conv.id) ids.push(c.id);
  }
  return ids;
}

/**
 * The conversation an id names: the record, or, for an id replaced by the server's conversation of
 * the same pair, that one (while our create is queued, or after it was answered).
 */
export async function resolveConversation(
  id: string,
  userId: string,
  db: AppDB = defaultDb,
): Promise<Conversation | null> {
  const [conv, creates, moved] = await Promise.all([
    db.conversations.get(id),
    queuedCreates(db, userId),
    db.syncState.get(`moved:${recordKey('conversations', id)}`),
  ]);
  if (conv) return conv;
  const queued = creates.find((c) => c.id === id);
  if (queued) return (await db.conversations.where({ a: queued.a, b: queued.b }).first()) ?? null;
  if (moved?.lastId) return (await db.conversations.get(moved.lastId)) ?? null;
  return null;
}

/** This fan's conversation with another fan, or null. */
export async function getConversationWith(
  userId: string,
  otherId: string,
  db: AppDB = defaultDb,
): Promise<Conversation | null> {
  return (await db.conversations.where(pairOf(userId, otherId)).first()) ?? null;
}

/** Messages naming one of `ids`, oldest first by `created`. */
async function messagesOf(db: AppDB, ids: readonly string[]): Promise<Message[]> {
  const lists = await Promise.all(
    ids.map((id) =>
      db.messages
        .where('[conversation+created]')
        .between([id, Dexie.minKey], [id, Dexie.maxKey])
        .toArray(),
    ),
  );
  return lists.flat();
}

/** Server messages by (`created`, `id`), then the queued ones in the order they were written. */
function threadOrder(messages: Message[], queued: ReadonlyMap<string, number>): Message[] {
  return messages.sort((x, y) => {
    const px = queued.get(x.id);
    const py = queued.get(y.id);
    if (px !== undefined || py !== undefined) {
      if (px === undefined) return -1;
      if (py === undefined) return 1;
      return px - py;
    }
    return compareKeys(x.created, y.created) || compareKeys(x.id, y.id);
  });
}

/** Messages from the other side created after `readAt` (never one of this fan's own). */
function unreadIn(messages: readonly Message[], userId: string, readAt: string): number {
  let n = 0;
  for (const m of messages) if (m.sender !== userId && m.created > readAt) n++;
  return n;
}

export interface LastMessage {
  text: string;
  /** A photo is part of it. */
  photo: boolean;
  sender: string;
  created: string;
  /** Still queued on this device. */
  pending: boolean;
  /** An admin hid it (docs/operators.md, Moderation): its text is not shown. */
  hidden?: boolean;
}

export interface ConversationSummary {
  conversation: Conversation;
  /** The other fan's id, and their public profile when it is on this device. */
  other: string;
  otherProfile: PublicProfile | null;
  lastMessage: LastMessage | null;
  /** When something last happened: the last message, else the conversation's start. */
  lastActivity: string;
  /** Messages from the other fan after this fan's read mark. */
  unread: number;
  /** This fan blocked the other. */
  blocked: boolean;
  /** The conversation itself is still waiting to be created on the server. */
  pending: boolean;
}

function lastOf(
  messages: readonly Message[],
  queued: ReadonlyMap<string, number>,
): LastMessage | null {
  const m = messages[messages.length - 1];
  if (!m) return null;
  if (m.hidden) {
    return {
      text: '',
      photo: false,
      sender: m.sender,
      created: m.created,
      pending: false,
      hidden: true,
    };
  }
  return {
    text: m.text,
    // a message is text, a photo or both: one without text is a photo (queued ones have no file
    // name yet)
    photo: Boolean(m.image) || !m.text,
    sender: m.sender,
    created: m.created,
    pending: queued.has(m.id),
  };
}

/** The fans this fan blocked. */
export async function listBlocks(userId: string, db: AppDB = defaultDb): Promise<Block[]> {
  const blocks = await db.blocks.where('user').equals(userId).toArray();
  return blocks.sort((x, y) => compareKeys(y.created, x.created) || compareKeys(x.id, y.id));
}

async function blockedIds(db: AppDB, userId: string): Promise<Set<string>> {
  return new Set((await listBlocks(userId, db)).map((b) => b.blocked));
}

async function myConversations(db: AppDB, userId: string): Promise<Conversation[]> {
  const [asA, asB] = await Promise.all([
    db.conversations
      .where('[a+b]')
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      .toArray(),
    db.conversations.where('b').equals(userId).toArray(),
  ]);
  return [...asA, ...asB];
}

/** The conversation list: newest activity first. */
export async function listConversations(
  userId: string,
  db: AppDB = defaultDb,
): Promise<ConversationSummary[]> {
  const [convs, creates, queued, blocked] = await Promise.all([
    myConversations(db, userId),
    queuedCreates(db, userId),
    queuedMessageIds(db, userId),
    blockedIds(db, userId),
  ]);
  const [threads, profiles] = await Promise.all([
    Promise.all(
      convs.map(async (c) => threadOrder(await messagesOf(db, idsOf(c, creates)), queued)),
    ),
    getPublicProfiles(
      convs.map((c) => otherFan(c, userId)),
      db,
    ),
  ]);
  const pendingConvs = new Set(creates.map((c) => c.id));
  const out = convs.map((conversation, i): ConversationSummary => {
    const messages = threads[i]!;
    const other = otherFan(conversation, userId);
    const last = lastOf(messages, queued);
    const hookKept: LastMessage | null = conversation.lastMessageAt
      ? {
          text: conversation.lastMessage,
          photo: false,
          sender: conversation.lastSender,
          created: conversation.lastMessageAt,
          pending: false,
        }
      : null;
    // the hook-kept excerpt stands in while the messages themselves are not here yet
    const lastMessage = last ?? hookKept;
    return {
      conversation,
      other,
      otherProfile: profiles.get(other) ?? null,
      lastMessage,
      lastActivity: [lastMessage?.created ?? '', conversation.created].reduce((x, y) =>
        x > y ? x : y,
      ),
      unread: unreadIn(messages, userId, conversation[readField(conversation, userId)]),
      blocked: blocked.has(other),
      pending: pendingConvs.has(conversation.id),
    };
  });
  return out.sort(
    (x, y) =>
      compareKeys(y.lastActivity, x.lastActivity) ||
      compareKeys(x.conversation.id, y.conversation.id),
  );
}

/** Unread messages over every conversation, leaving out fans this fan blocked (the chat icon). */
export async function countUnreadMessages(userId: string, db: AppDB = defaultDb): Promise<number> {
  const [convs, creates, blocked] = await Promise.all([
    myConversations(db, userId),
    queuedCreates(db, userId),
    blockedIds(db, userId),
  ]);
  const counts = await Promise.all(
    convs.map(async (c) => {
      if (blocked.has(otherFan(c, userId))) return 0;
      const readAt = c[readField(c, userId)];
      const lists = await Promise.all(
        idsOf(c, creates).map((id) =>
          db.messages
            .where('[conversation+created]')
            .between([id, readAt], [id, Dexie.maxKey], false, true)
            .filter((m) => m.sender !== userId)
            .count(),
        ),
      );
      return lists.reduce((x, y) => x + y, 0);
    }),
  );
  return counts.reduce((x, y) => x + y, 0);
}

export interface ThreadMessage {
  message: Message;
  /** Written by this fan. */
  mine: boolean;
  /** Still queued on this device (shown with a clock mark, after the sent ones). */
  pending: boolean;
  /** This fan's message, sent, and read by the other fan. */
  read: boolean;
}

export interface Thread {
  conversation: Conversation;
  other: string;
  messages: ThreadMessage[];
  /** Messages from the other fan this fan has not read. */
  unread: number;
  blocked: boolean;
}

/** One conversation's messages in the order they are shown, with their marks; null: not here. */
export async function getThread(
  conversationId: string,
  userId: string,
  db: AppDB = defaultDb,
): Promise<Thread | null> {
  const conversation = await resolveConversation(conversationId, userId, db);
  if (!conversation) return null;
  const [creates, queued, blocked] = await Promise.all([
    queuedCreates(db, userId),
    queuedMessageIds(db, userId),
    blockedIds(db, userId),
  ]);
  const messages = threadOrder(await messagesOf(db, idsOf(conversation, creates)), queued);
  const other = otherFan(conversation, userId);
  const otherReadAt = conversation[readField(conversation, other)];
  return {
    conversation,
    other,
    messages: messages.map((message) => {
      const mine = message.sender === userId;
      const pending = queued.has(message.id);
      return {
        message,
        mine,
        pending,
        read: mine && !pending && otherReadAt !== '' && otherReadAt >= message.created,
      };
    }),
    unread: unreadIn(messages, userId, conversation[readField(conversation, userId)]),
    blocked: blocked.has(other),
  };
}

/** The latest `created` of the other fan's messages in a conversation ('' when none). */
export async function latestFromOther(
  conv: Conversation,
  userId: string,
  db: AppDB = defaultDb,
): Promise<string> {
  const creates = await queuedCreates(db, userId);
  let latest = '';
  for (const m of await messagesOf(db, idsOf(conv, creates))) {
    if (m.sender !== userId && m.created > latest) latest = m.created;
  }
  return latest;
}

/** A message of a thread the server refused for good (a block): its words kept, and why. */
export interface FailedMessage {
  /** The dead letter's number (to delete it). */
  seq: number;
  text: string;
  /** It carried a photo. */
  photo: boolean;
  /** The Korean reason the fan is shown. */
  reason: string;
  /** Whether sending it again can succeed (not across a block). */
  retryable: boolean;
}

/**
 * The conversation's messages the server refused, oldest first: the thread shows them at its end
 * with their words and reason, so nothing the fan typed vanishes (docs/trades.md, Refused by a
 * block).
 */
export async function listFailedMessages(
  conversationId: string,
  db: AppDB = defaultDb,
): Promise<FailedMessage[]> {
  const rows = await db.deadLetters.where('kind').equals(KINDS.messageCreate).toArray();
  const out: FailedMessage[] = [];
  for (const row of rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    const p = (row.payload ?? {}) as { conversation?: unknown; text?: unknown; image?: unknown };
    if (p.conversation !== conversationId) continue;
    out.push({
      seq: row.seq ?? 0,
      text: typeof p.text === 'string' ? p.text : '',
      photo: !!p.image,
      reason: row.message,
      retryable: !row.hopeless,
    });
  }
  return out;
}
