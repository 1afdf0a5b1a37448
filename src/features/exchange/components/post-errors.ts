import {
  InvalidInputError,
  LoginRequiredError,
  POST_MAX_LENGTH,
  StorageFullError,
} from '@/domains/tables/lazy';
import type { ExchangePost } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { charCount } from '@/components/ui/counted-text-field';

export type PostStatus = ExchangePost['status'];

/**
 * The three statuses in the order a post moves through them (docs/product-rules.md, Exchange posts:
 * starts at 교환대기중).
 */
export const POST_STATUSES: readonly { value: PostStatus; label: string }[] = [
  { value: '교환대기중', label: ko.exchange.statusWaiting },
  { value: '교환중', label: ko.exchange.statusTrading },
  { value: '교환완료', label: ko.exchange.statusDone },
];

/** Characters as a fan counts them: an emoji or a Hangul syllable is one (same as the repo). */
export const postLength = charCount;

export function isOverLimit(text: string): boolean {
  return postLength(text) > POST_MAX_LENGTH;
}

/**
 * What to tell the fan when a post write throws. A refused input carries its own Korean message;
 * a full device says so; anything else gets the fallback for that action (docs/product-rules.md,
 * Exchange posts).
 * LoginRequiredError means "not signed in" for a new post, but "not yours" for an edit or delete
 * of someone else's post, so `loggedIn` picks between the login message and the fallback.
 */
export function postErrorMessage(err: unknown, fallback: string, loggedIn: boolean): string {
  if (err instanceof InvalidInputError) return err.message;
  if (err instanceof StorageFullError) return ko.sync.storageFull;
  if (err instanceof LoginRequiredError && !loggedIn) return ko.messages.loginRequired;
  return fallback;
}
