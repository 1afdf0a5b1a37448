/**
 * Email sign-up, password reset and email change links (server side in pb_hooks/signup.pb.js;
 * the whole journey in docs/accounts.md).
 *
 * 1. '인증하기' asks the server to start a sign-up: it creates a pending account with a password
 *    nobody knows and mails the verification link (a pending sign-up for the same email is
 *    replaced, so nobody can keep an address blocked).
 * 2. The link opens /verify-email/{TOKEN}: the address is confirmed and the token is kept in this
 *    browser's storage under `pocamarket:signup-link:<email>`.
 * 3. '가입하기' sends the token with the password and profile: only whoever opened the mail can
 *    finish the account. In the browser that started the sign-up, the form still holds what was
 *    typed; a browser that only opened the link fills the email in from the token.
 *
 * None of these calls ever touches the app's session: they go through a PocketBase client of
 * their own with no auth.
 */
import PocketBase, { BaseAuthStore, ClientResponseError } from 'pocketbase';
import { EMAIL_PATTERN, normalizeEmail } from '@/lib/account-validation';
import { getClient } from '@/data/pb/client';

export type StartResult = 'sent' | 'checkEmail' | 'networkError';
export type CompleteResult =
  'welcome' | 'notVerified' | 'notStarted' | 'networkError' | 'nicknameRefused';
/** A link's outcome: done, a bad or expired token, or the server not reached. */
export type LinkResult = 'done' | 'invalid' | 'networkError';

export interface SignupInput {
  email: string;
  password: string;
  name: string;
  phoneNumber: string;
  /** YYYY-MM-DD */
  birth: string;
  /** The chosen nickname; left out, the server picks '팬' and digits (docs/accounts.md, Nicknames). */
  username?: string;
}

export interface SignupContext {
  /** A client with no auth of its own. */
  client(): Promise<PocketBase>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** An opened verification link kept for the sign-up form. */
export interface SignupLink {
  email: string;
  token: string;
}

const STARTED_PREFIX = 'pocamarket:signup:';
const LINK_PREFIX = 'pocamarket:signup-link:';
/** The last opened link, for a sign-up form that did not start it (another browser or tab). */
const LAST_LINK_KEY = 'pocamarket:signup-link';

/** The email a verification token was issued for (its `email` claim), or '' when unreadable. */
export function emailOfToken(token: string): string {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { email?: unknown };
    return typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  } catch {
    return '';
  }
}

function isNetworkOrServerError(err: unknown): boolean {
  if (!(err instanceof ClientResponseError)) return true;
  return err.status === 0 || err.status === 429 || err.status >= 500;
}

export function createSignupApi(ctx: SignupContext) {
  const { storage } = ctx;

  function forget(email: string) {
    storage.removeItem(STARTED_PREFIX + email);
    storage.removeItem(LINK_PREFIX + email);
    const last = lastLink();
    if (last?.email === email) storage.removeItem(LAST_LINK_KEY);
  }

  /** The last verification link opened in this browser, if any. */
  function lastLink(): SignupLink | null {
    const token = storage.getItem(LAST_LINK_KEY);
    const email = token ? emailOfToken(token) : '';
    return token && email ? { email, token } : null;
  }

  /** Whether a new sign-up may use this email (no account has it; a pending sign-up doesn't count). */
  async function isEmailAvailable(email: string): Promise<boolean> {
    const pb = await ctx.client();
    const res = await pb.send<{ available: boolean }>('/api/pocamarket/email-available', {
      method: 'POST',
      body: { email: normalizeEmail(email) },
      requestKey: null,
    });
    return res.available === true;
  }

  async function startEmailVerification(email: string): Promise<StartResult> {
    const normalized = normalizeEmail(email);
    if (!EMAIL_PATTERN.test(normalized)) return 'checkEmail';
    let status: string;
    try {
      const pb = await ctx.client();
      ({ status } = await pb.send<{ status: string }>('/api/pocamarket/start-signup', {
        method: 'POST',
        body: { email: normalized },
        requestKey: null,
      }));
    } catch (err) {
      return isNetworkOrServerError(err) ? 'networkError' : 'checkEmail';
    }
    if (status !== 'sent') return 'checkEmail';
    // a new sign-up voids the links of the one it replaced
    forget(normalized);
    storage.setItem(STARTED_PREFIX + normalized, String(Date.now()));
    return 'sent';
  }

  async function completeSignup(input: SignupInput): Promise<CompleteResult> {
    const email = normalizeEmail(input.email);
    const token = storage.getItem(LINK_PREFIX + email);
    if (!token) return 'notVerified';
    try {
      const pb = await ctx.client();
      const res = await pb.send<{ status: string }>('/api/pocamarket/complete-signup', {
        method: 'POST',
        body: {
          email,
          token,
          password: input.password,
          name: input.name,
          phoneNumber: input.phoneNumber,
          birth: input.birth,
          ...(input.username ? { username: input.username } : {}),
        },
        requestKey: null,
      });
      if (res.status === 'welcome') {
        forget(email);
        return 'welcome';
      }
      if (res.status === 'notVerified') return 'notVerified';
      // the link expired, was replaced by a newer sign-up, or the account is already complete
      forget(email);
      return 'notStarted';
    } catch (err) {
      // the nickname was taken between the live check and the submit
      const data = (err as ClientResponseError).response?.data as Record<string, unknown>;
      if ((err as ClientResponseError).status === 400 && data && 'username' in data) {
        return 'nicknameRefused';
      }
      // the client checks every other field first, so a refusal here is a failure like any other
      return 'networkError';
    }
  }

  /**
   * The verification mail's link: confirms the address and keeps the token for '가입하기'.
   * `startedHere` tells whether this browser started the sign-up (its form is waiting).
   */
  async function confirmEmail(
    token: string,
  ): Promise<{ result: LinkResult; email: string; startedHere: boolean }> {
    const email = emailOfToken(token);
    const startedHere = !!email && storage.getItem(STARTED_PREFIX + email) !== null;
    const pb = await ctx.client();
    try {
      await pb.collection('users').confirmVerification(token, { requestKey: null });
    } catch (err) {
      const result = isNetworkOrServerError(err) ? 'networkError' : 'invalid';
      return { result, email, startedHere };
    }
    if (email) {
      storage.setItem(LINK_PREFIX + email, token);
      storage.setItem(LAST_LINK_KEY, token);
    }
    return { result: 'done', email, startedHere };
  }

  async function requestPasswordReset(email: string): Promise<void> {
    const pb = await ctx.client();
    await pb.collection('users').requestPasswordReset(normalizeEmail(email), { requestKey: null });
  }

  /** The password reset mail's link: sets the new password (checked by the caller's rules). */
  async function confirmPasswordReset(token: string, password: string): Promise<LinkResult> {
    const pb = await ctx.client();
    try {
      await pb
        .collection('users')
        .confirmPasswordReset(token, password, password, { requestKey: null });
      return 'done';
    } catch (err) {
      return isNetworkOrServerError(err) ? 'networkError' : 'invalid';
    }
  }

  /** The email change mail's link: PocketBase asks for the account's password to confirm it. */
  async function confirmEmailChange(
    token: string,
    password: string,
  ): Promise<LinkResult | 'wrongPassword'> {
    const pb = await ctx.client();
    try {
      await pb.collection('users').confirmEmailChange(token, password, { requestKey: null });
      return 'done';
    } catch (err) {
      if (isNetworkOrServerError(err)) return 'networkError';
      const data = (err as ClientResponseError).response?.data as Record<string, unknown>;
      return data && 'password' in data && !('token' in data) ? 'wrongPassword' : 'invalid';
    }
  }

  return {
    isEmailAvailable,
    startEmailVerification,
    completeSignup,
    confirmEmail,
    lastLink,
    requestPasswordReset,
    confirmPasswordReset,
    confirmEmailChange,
  };
}

let anonymous: Promise<PocketBase> | undefined;

const pageApi = createSignupApi({
  client() {
    // same server and language as the page's client, but never its session
    anonymous ??= getClient().then(({ pb }) => {
      const c = new PocketBase(pb.baseURL, new BaseAuthStore(), pb.lang);
      c.autoCancellation(false);
      return c;
    });
    return anonymous;
  },
  storage: {
    getItem: (k) => localStorage.getItem(k),
    setItem: (k, val) => localStorage.setItem(k, val),
    removeItem: (k) => localStorage.removeItem(k),
  },
});

export const {
  isEmailAvailable,
  startEmailVerification,
  completeSignup,
  confirmEmail,
  lastLink,
  requestPasswordReset,
  confirmPasswordReset,
  confirmEmailChange,
} = pageApi;
