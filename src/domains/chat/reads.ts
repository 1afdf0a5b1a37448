/** The chat's live reads (conversations, a thread, unread count, blocks), for src/domains/tables/reads.ts. */
import {
  countUnreadMessages,
  getConversationWith,
  getThread,
  listBlocks,
  listConversations,
  listFailedMessages,
} from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  conversations: (userId: Id) => (userId ? listConversations(userId) : Promise.resolve([])),
  thread: (userId: Id, conversationId: Id) =>
    userId && conversationId ? getThread(conversationId, userId) : Promise.resolve(null),
  unreadMessages: (userId: Id) => (userId ? countUnreadMessages(userId) : Promise.resolve(0)),
  conversationWith: (userId: Id, otherId: Id) =>
    userId && otherId ? getConversationWith(userId, otherId) : Promise.resolve(null),
  blocks: (userId: Id) => (userId ? listBlocks(userId) : Promise.resolve([])),
  failedMessages: (conversationId: Id) =>
    conversationId ? listFailedMessages(conversationId) : Promise.resolve([]),
};
