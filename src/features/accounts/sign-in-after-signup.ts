import { getClient } from '@/data/pb/client';
import { loginWithPassword } from '@/data/session/session';
import { normalizeEmail } from '@/lib/account-validation';

/**
 * The last step of the sign-up (docs/accounts.md, Sign-up): the account exists only once
 * complete-signup answered 'welcome', so the fan is logged in right then with the password they
 * just typed, which the form holds in memory and nothing stores. Returns the new account's id, or
 * null when that login failed (the network dropped): the fan then logs in by hand, as before.
 */
export async function signInAfterSignup(email: string, password: string): Promise<string | null> {
  try {
    const record = await loginWithPassword(await getClient(), normalizeEmail(email), password);
    return record.id;
  } catch (err) {
    console.warn('[signup] could not log in after the sign-up', err);
    return null;
  }
}
