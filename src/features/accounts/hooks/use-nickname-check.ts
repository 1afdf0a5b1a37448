// The live nickname check under the field (sign-up and 회원정보 수정; docs/accounts.md,
// Nicknames): asked 500 ms after the typing stops, only for a value that already passes the rule.
import { useEffect, useState } from 'react';
import { checkNickname, type NicknameCheck } from '@/domains/accounts/profile';

export const NICKNAME_CHECK_MS = 500;

export type NicknameState = 'idle' | 'checking' | 'available' | 'unknown' | { message: string };

/** `wanted` is the trimmed value; `ask` is false while it breaks the rule (or is unchanged). */
export function useNicknameCheck(wanted: string, ask: boolean): NicknameState {
  const [answer, setAnswer] = useState<{ value: string; result: NicknameCheck } | null>(null);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    const id = setTimeout(() => {
      void checkNickname(wanted).then((result) => {
        if (live) setAnswer({ value: wanted, result });
      });
    }, NICKNAME_CHECK_MS);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [wanted, ask]);
  if (!ask) return 'idle';
  if (answer?.value !== wanted) return 'checking';
  const r = answer.result;
  return r === 'unknown' ? 'unknown' : r.available ? 'available' : { message: r.message };
}
