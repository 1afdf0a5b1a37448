/**
 * The write API of the app: every change a screen can make, from every domain's writes.ts (each
 * checks its input, then queues outbox rows through data/writes/queue.ts, the one write path).
 * Whole modules, so a domain's new write function is here without touching this file. Screens
 * load it through lazy.ts, in a chunk of its own.
 */
export * from '@/domains/likes/writes.ts';
export * from '@/domains/posts/writes.ts';
export * from '@/domains/meetups/writes.ts';
export * from '@/domains/collect-books/writes.ts';
export * from '@/domains/accounts/writes.ts';
export * from '@/domains/reports/writes.ts';
export * from '@/domains/alerts/writes.ts';
export * from '@/domains/trade-lists/writes.ts';
export * from '@/domains/chat/writes.ts';
export * from '@/domains/trades/writes.ts';
export * from '@/domains/encounters/writes.ts';
export {
  discardDeadLetter,
  markDeadLettersNotified,
  retryDeadLetter,
} from '@/data/writes/dead-letters.ts';
export { InvalidInputError, LoginRequiredError } from '@/data/writes/queue.ts';
export { StorageFullError } from '@/data/storage.ts';
