// Live reads of the signed-in fan's chat (docs/trades.md): the conversation list, a thread with its
// pending and read marks, the unread total, the conversation with a fan, and blocks. Undefined
// while loading; null when not here.
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { useRead } from '@/live/use-read';
import { usePendingFileUrl } from '@/live/sync';
import type { Block, Conversation } from '@/data/pb/records';
import type { ConversationSummary, FailedMessage, Thread } from './queries';

export type { ConversationSummary, LastMessage, Thread, ThreadMessage } from './queries';

/** My conversations, latest activity first, each with the other fan, last message and unread. */
export function useConversations(): ConversationSummary[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('conversations', userId);
}

/**
 * One conversation's messages in the order shown (the sent ones by time, then the queued ones with
 * a clock mark), with read marks; null when not here. An id the server replaced with its own
 * conversation of the pair still finds it.
 */
export function useThread(conversationId: string | null | undefined): Thread | null | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('thread', userId, conversationId ?? null);
}

/** The thread's messages the server refused for good, with their words and reason. */
export function useFailedMessages(conversationId: string | null | undefined) {
  return useRead('failedMessages', conversationId ?? null) as FailedMessage[] | undefined;
}

/** Unread messages over every conversation (fans I blocked left out). */
export function useUnreadMessageCount(): number | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('unreadMessages', userId);
}

/** My conversation with a fan, or null (opening one is openConversation in the write API). */
export function useConversationWith(
  otherId: string | null | undefined,
): Conversation | null | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('conversationWith', userId, otherId ?? null);
}

/** The fans I blocked, latest first. */
export function useBlocks(): Block[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('blocks', userId);
}

/** An <img src> for a queued message's photo until it is uploaded, else null. */
export function useMessagePhotoUrl(messageId: string): string | null {
  return usePendingFileUrl('messages', messageId, 'image');
}
