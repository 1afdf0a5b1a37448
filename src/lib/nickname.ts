/**
 * The nickname rule (docs/accounts.md, Nicknames): 2-20 of 한글, 영문, 숫자, _ and ., not an
 * operators' name, no listed profanity. Uniqueness (in any case) only the server can answer
 * (/api/pocamarket/nickname-available); pb_hooks/lib/profile.js keeps the same rule.
 */
import { koProfile } from '@/i18n/ko-profile';
import { containsProfanity } from './profanity';
import { isReservedName, MSG_RESERVED_USERNAME } from './reserved-names';

export const NICKNAME_PATTERN = /^[0-9A-Za-z가-힣_.]{2,20}$/;

/**
 * The message of the first rule `value` breaks, or null. `current` is the account's nickname: a
 * reserved one it already has may stay (the server agrees).
 */
export function nicknameError(value: string, current = ''): string | null {
  const v = value.trim();
  const t = koProfile.nickname;
  if (v === '') return t.required;
  if (!NICKNAME_PATTERN.test(v)) return t.format;
  if (isReservedName(v) && !(current && isReservedName(current))) return MSG_RESERVED_USERNAME;
  if (containsProfanity(v)) return t.profanity;
  return null;
}
