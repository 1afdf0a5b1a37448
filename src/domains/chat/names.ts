/**
 * The names this domain's outbox rows are stored with (docs/sync.md, The outbox): rows written by
 * one app version are read by the next, so these strings never change. No runtime imports, so the
 * entry bundle and the screens can name a kind without loading its payload checks.
 */

/** The domain's kinds of queued change, by the name stored in their outbox rows. */
export const KINDS = {
  conversationCreate: 'conversation.create',
  conversationContext: 'conversation.setContext',
  conversationRead: 'conversation.read',
  messageCreate: 'message.create',
  blockCreate: 'block.create',
  blockDelete: 'block.delete',
  chatReportCreate: 'chatReport.create',
} as const;

/** Messages of one conversation are sent, stored and shown in the order they were written. */
export function messagesOrderKey(conversation: string): string {
  return `messages:${conversation}`;
}

/** Blocks and unblocks of one fan go in the order they were made (two block records). */
export function blockOrderKey(user: string, blocked: string): string {
  return `blocks:${user}:${blocked}`;
}
