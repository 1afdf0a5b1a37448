/**
 * The post rules a form checks as the fan types (the length, the text rule), with no Dexie and
 * no SDK, so a screen can show them before the data layer has loaded. The writes apply the same
 * rules when a change is made, and the server hooks mirror them.
 */
import { ko } from '@/i18n/ko.ts';
import { containsProfanity } from '@/lib/profanity.ts';
import { isBlank } from '@/lib/text.ts';

/** An exchange post's longest text, in characters. */
export const POST_MAX_LENGTH = 150;

/** The Korean message for a post text that breaks a rule, or null when it is fine. */
export function checkPostText(text: string): string | null {
  const trimmed = text.trim();
  if (isBlank(trimmed)) return ko.validation.exchangeEmpty;
  if (Array.from(trimmed).length > POST_MAX_LENGTH) return ko.validation.exchangeTooLong;
  if (containsProfanity(trimmed)) return ko.validation.exchangeProfanity;
  return null;
}
