import { InvalidInputError, LoginRequiredError, StorageFullError } from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko';

/**
 * What to tell the fan when a 만난 팬 write (or the proposal or message after a scan) throws: the
 * rule's own Korean words (the server's too, docs/encounters.md), a full device, a lost session,
 * or `fallback`.
 */
export function encounterErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof InvalidInputError) return err.message;
  if (err instanceof StorageFullError) return ko.sync.storageFull;
  if (err instanceof LoginRequiredError) return ko.messages.loginRequired;
  console.error('[encounters] write failed', err);
  return fallback;
}
