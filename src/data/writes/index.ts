/**
 * data/writes: the write API of the app, every change a screen can make, one function each. Each
 * checks its input, then queues outbox rows (data/outbox) through queue.ts, the one write path.
 * Screens load it through lazy.ts.
 */
export { adoptGuestLikes, setLike, toggleLike } from './likes.ts';
export {
  checkPostText,
  createPost,
  deletePost,
  editPost,
  POST_MAX_LENGTH,
  setPostStatus,
} from './exchange-posts.ts';
export { COMMENT_MAX_LENGTH, createComment } from './comments.ts';
export {
  createCollectBook,
  deleteCollectBook,
  moveCollectBook,
  renameCollectBook,
  saveCollectBookCards,
  setCollectBookCover,
} from './collect-books.ts';
export { setBias, skipBiasStep, updateProfile } from './profile.ts';
export { createReport, deleteReport } from './reports.ts';
export { markAllNotificationsRead, markNotificationRead } from './notifications.ts';
export { discardDeadLetter, markDeadLettersNotified, retryDeadLetter } from './dead-letters.ts';
export {
  addDuplicatesToHaves,
  addUnownedToWants,
  removeTradeItem,
  setCollectBookPublic,
  setTradeItem,
  setTradePublic,
} from './trade-lists.ts';
export {
  blockFan,
  markRead,
  openConversation,
  reportChat,
  sendMessage,
  unblockFan,
  type ConversationContext,
} from './chat.ts';
export {
  acceptTrade,
  cancelTrade,
  declineTrade,
  editTrade,
  markTradeDone,
  proposeTrade,
  reviewTrade,
  type Proposal,
} from './trades.ts';
export {
  checkEncounterNote,
  deleteEncounter,
  saveEncounter,
  setEncounterNote,
  type NewEncounter,
} from './encounters.ts';
export { InvalidInputError, LoginRequiredError } from './queue.ts';
export { StorageFullError } from '@/data/storage.ts';
