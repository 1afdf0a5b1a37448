import { ko } from '@/i18n/ko-features';
import { InvalidInputError, LoginRequiredError, StorageFullError } from '@/domains/tables/lazy';

/**
 * The Korean text for an error a chat write threw: the rule it broke, the login prompt, the
 * storage message, or `fallback` for anything else.
 */
export function writeErrorText(err: unknown, fallback: string): string {
  if (err instanceof InvalidInputError) return err.message;
  if (err instanceof LoginRequiredError) return ko.messages.loginRequired;
  if (err instanceof StorageFullError) return ko.sync.storageFull;
  return fallback;
}
