import { getClient } from '@/data/pb/client';

/**
 * Whether the fan still has the first-login 최애 step to answer (docs/accounts.md, First login):
 * never skipped or chosen (biasStepDone, kept on the server) and no favourite group yet. Read from
 * the login's own record, which the session keeps, since the first pull may not have landed. Any
 * login asks it: email and password as much as Kakao or Naver.
 */
export async function needsBiasStep(userId: string): Promise<boolean> {
  try {
    const { store } = await getClient();
    const record = store.record;
    if (!record || record.id !== userId) return false;
    return record['biasStepDone'] !== true && !record['biasGroup'];
  } catch {
    return false;
  }
}
