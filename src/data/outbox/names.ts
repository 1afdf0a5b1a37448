/**
 * The names an outbox row is stored with: every kind name, and the key shapes that group rows
 * (the record key `collection/id`, the like order key). Rows written by one app version are read
 * by the next, so these strings never change. No runtime imports: the like counts read these names
 * in the entry bundle, which must not pull in the kinds' payload checks (valibot) or their Korean
 * labels (docs/sync.md, The outbox).
 */
import type { SyncedCollection } from '@/data/pb/records.ts';

/** Every kind of queued change, by the name stored in its outbox row. */
export const KINDS = {
  likeSet: 'like.set',
  likeUnset: 'like.unset',
  postCreate: 'post.create',
  postUpdate: 'post.update',
  postDelete: 'post.delete',
  commentCreate: 'comment.create',
  collectBookCreate: 'collectBook.create',
  collectBookAddCards: 'collectBook.addCards',
  collectBookRemoveCards: 'collectBook.removeCards',
  biasSet: 'user.setBias',
  profileUpdate: 'user.updateProfile',
  reportCreate: 'report.create',
  reportDelete: 'report.delete',
  notificationRead: 'notification.read',
  tradeItemSet: 'tradeItem.set',
  tradeItemUpdate: 'tradeItem.update',
  tradeItemDelete: 'tradeItem.delete',
  tradePublicSet: 'user.setTradePublic',
  collectBookSetPublic: 'collectBook.setPublic',
  conversationCreate: 'conversation.create',
  conversationContext: 'conversation.setContext',
  conversationRead: 'conversation.read',
  messageCreate: 'message.create',
  tradeCreate: 'trade.create',
  tradeUpdate: 'trade.update',
  reviewCreate: 'review.create',
  blockCreate: 'block.create',
  blockDelete: 'block.delete',
  chatReportCreate: 'chatReport.create',
  encounterCreate: 'encounter.create',
  encounterNote: 'encounter.setNote',
  encounterDelete: 'encounter.delete',
  collectBookUpdate: 'collectBook.update',
  collectBookDelete: 'collectBook.delete',
} as const;

export type KindName = (typeof KINDS)[keyof typeof KINDS];

/** `collection/id`: the record a row changes (rows of one record are sent in queue order). */
export type RecordKey = `${SyncedCollection}/${string}`;

/** The record key of `collection/id`: outbox and dead-letter rows, pending and failed marks. */
export function recordKey(collection: SyncedCollection, id: string): RecordKey {
  return `${collection}/${id}`;
}

/** Likes and unlikes of one card by one user go in the order they were made (two like records). */
export function likeOrderKey(user: string, photoCard: string): string {
  return `likes:${user}:${photoCard}`;
}

/** A fan's list changes of one card go in the order they were made (a delete, then a new item). */
export function tradeItemOrderKey(user: string, photoCard: string): string {
  return `tradeItems:${user}:${photoCard}`;
}

/** Messages of one conversation are sent, stored and shown in the order they were written. */
export function messagesOrderKey(conversation: string): string {
  return `messages:${conversation}`;
}

/** Blocks and unblocks of one fan go in the order they were made (two block records). */
export function blockOrderKey(user: string, blocked: string): string {
  return `blocks:${user}:${blocked}`;
}
