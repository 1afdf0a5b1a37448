/**
 * data/writes: the write API of the app, every change a screen can make, one function each. Each
 * checks its input, then queues outbox rows (data/outbox) through queue.ts, the one write path.
 * Screens load it through lazy.ts.
 */
export { adoptGuestLikes, setLike, toggleLike } from '@/domains/likes/writes.ts';
export {
  checkPostText,
  createPost,
  deletePost,
  editPost,
  POST_MAX_LENGTH,
  setPostStatus,
} from '@/domains/posts/writes.ts';
export { COMMENT_MAX_LENGTH, createComment } from '@/domains/meetups/writes.ts';
export {
  createCollectBook,
  deleteCollectBook,
  moveCollectBook,
  renameCollectBook,
  saveCollectBookCards,
  setCollectBookCover,
} from '@/domains/collect-books/writes.ts';
export { setBias, skipBiasStep, updateProfile } from '@/domains/accounts/writes.ts';
export { createReport, deleteReport } from '@/domains/reports/writes.ts';
export { markAllNotificationsRead, markNotificationRead } from '@/domains/alerts/writes.ts';
export {
  discardDeadLetter,
  markDeadLettersNotified,
  retryDeadLetter,
} from '@/data/writes/dead-letters.ts';
export {
  addDuplicatesToHaves,
  addUnownedToWants,
  removeTradeItem,
  setCollectBookPublic,
  setTradeItem,
  setTradePublic,
} from '@/domains/trade-lists/writes.ts';
export {
  blockFan,
  markRead,
  openConversation,
  reportChat,
  sendMessage,
  unblockFan,
  type ConversationContext,
} from '@/domains/chat/writes.ts';
export {
  acceptTrade,
  cancelTrade,
  declineTrade,
  editTrade,
  markTradeDone,
  proposeTrade,
  reviewTrade,
  type Proposal,
} from '@/domains/trades/writes.ts';
export {
  checkEncounterNote,
  deleteEncounter,
  saveEncounter,
  setEncounterNote,
  type NewEncounter,
} from '@/domains/encounters/writes.ts';
export { InvalidInputError, LoginRequiredError } from '@/data/writes/queue.ts';
export { StorageFullError } from '@/data/storage.ts';
