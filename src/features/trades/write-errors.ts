import { InvalidInputError, LoginRequiredError, StorageFullError } from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko';

/**
 * What to tell the fan when a trade write throws: a refused change carries the server's rule in
 * Korean (docs/trades.md, On the device), a full device and a lost session say so, anything else
 * gets the screen's fallback.
 */
export function writeErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof InvalidInputError) return err.message;
  if (err instanceof StorageFullError) return ko.sync.storageFull;
  if (err instanceof LoginRequiredError) return ko.messages.loginRequired;
  return fallback;
}
