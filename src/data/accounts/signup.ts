/**
 * Email sign-up (spec §4 "Sign-up email", "Final submit"; server side in pb_hooks/signup.pb.js).
 *
 * Keeps one thing: the per-sign-up secret, in localStorage under `pocamarket:signup:<email>`
 * (normalised email), so a reload in the middle of a sign-up can still finish it. The secret is
 * the pending account's placeholder password; only its holder can complete the account, and a
 * pending account cannot log in, so none of these calls ever touches the app's session: they go
 * through a PocketBase client of their own with no auth.
 */
import PocketBase, { BaseAuthStore, ClientResponseError } from 'pocketbase';
import { EMAIL_PATTERN, normalizeEmail } from '../../lib/account-validation';
import { getClient } from '../pb/client';

export type StartResult = 'sent' | 'checkEmail' | 'networkError';
export type CompleteResult = 'welcome' | 'notVerified' | 'notStarted' | 'networkError';

export interface SignupInput {
  email: string;
  password: string;
  name: string;
  phoneNumber: string;
  /** YYYY-MM-DD */
  birth: string;
}

export interface SignupContext {
  /** A client with no auth of its own. */
  client(): Promise<PocketBase>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Spec §9: the wait between creating the account and asking for the mail. */
  verificationDelayMs: number;
}

const SECRET_PREFIX = 'pocamarket:signup:';
const SECRET_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 40 random characters from crypto.getRandomValues (238 bits). */
export function newSignupSecret(): string {
  const bytes = new Uint8Array(40);
  crypto.getRandomValues(bytes);
  // 248 = 4 * 62: rejecting bytes above it keeps every character equally likely
  let out = '';
  while (out.length < 40) {
    for (const b of bytes) if (b < 248 && out.length < 40) out += SECRET_CHARS[b % 62];
    crypto.getRandomValues(bytes);
  }
  return out;
}

function isNetworkOrServerError(err: unknown): boolean {
  if (!(err instanceof ClientResponseError)) return true;
  return err.status === 0 || err.status === 429 || err.status >= 500;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createSignupApi(ctx: SignupContext) {
  const keyOf = (email: string) => SECRET_PREFIX + normalizeEmail(email);
  const secretOf = (email: string) => ctx.storage.getItem(keyOf(email));

  /** Whether no account uses this email (an email whose sign-up this browser started counts). */
  async function isEmailAvailable(email: string): Promise<boolean> {
    if (secretOf(email)) return true;
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
    const pb = await ctx.client();
    let secret = secretOf(normalized);
    const resumed = secret !== null;
    secret ??= newSignupSecret();
    // stored before the create, so a crash right after it still leaves the secret here
    ctx.storage.setItem(keyOf(normalized), secret);
    try {
      await pb
        .collection('users')
        .create(
          { email: normalized, emailVisibility: false, password: secret, passwordConfirm: secret },
          { requestKey: null },
        );
    } catch (err) {
      if (isNetworkOrServerError(err)) return 'networkError';
      // a taken email: ours when this browser started its sign-up (a reload), else refused
      if (!resumed) {
        ctx.storage.removeItem(keyOf(normalized));
        return 'checkEmail';
      }
    }
    await sleep(ctx.verificationDelayMs);
    try {
      await pb.collection('users').requestVerification(normalized, { requestKey: null });
      return 'sent';
    } catch {
      return 'networkError';
    }
  }

  async function completeSignup(input: SignupInput): Promise<CompleteResult> {
    const email = normalizeEmail(input.email);
    const secret = secretOf(email);
    if (!secret) return 'notStarted';
    try {
      const pb = await ctx.client();
      const res = await pb.send<{ status: string }>('/api/pocamarket/complete-signup', {
        method: 'POST',
        body: {
          email,
          secret,
          password: input.password,
          name: input.name,
          phoneNumber: input.phoneNumber,
          birth: input.birth,
        },
        requestKey: null,
      });
      if (res.status === 'welcome') {
        ctx.storage.removeItem(keyOf(email));
        return 'welcome';
      }
      if (res.status === 'notVerified') return 'notVerified';
      // the pending account is gone (cleaned up) or was never this browser's
      ctx.storage.removeItem(keyOf(email));
      return 'notStarted';
    } catch {
      // the client checks every field first, so a refusal here is a failure like any other
      return 'networkError';
    }
  }

  async function requestPasswordReset(email: string): Promise<void> {
    const pb = await ctx.client();
    await pb.collection('users').requestPasswordReset(normalizeEmail(email), { requestKey: null });
  }

  /** The link in the verification mail: marks the address verified. False when the token is bad. */
  async function confirmEmail(token: string): Promise<boolean> {
    const pb = await ctx.client();
    try {
      await pb.collection('users').confirmVerification(token, { requestKey: null });
      return true;
    } catch (err) {
      if ((err as { status?: number }).status === 400) return false;
      throw err;
    }
  }

  return {
    isEmailAvailable,
    startEmailVerification,
    completeSignup,
    requestPasswordReset,
    confirmEmail,
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
  verificationDelayMs: 900,
});

export const {
  isEmailAvailable,
  startEmailVerification,
  completeSignup,
  requestPasswordReset,
  confirmEmail,
} = pageApi;
