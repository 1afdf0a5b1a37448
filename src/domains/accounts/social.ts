/**
 * Social login (Kakao, Naver, Instagram) as a redirect flow: the page goes to the provider and
 * comes back, which also works in an installed app (popups, PocketBase's default flow, fail
 * there). Server side: pb_hooks/oauth.pb.js (Kakao, Instagram through PocketBase's OAuth2) and
 * pb_hooks/naver.pb.js (Naver's code exchange).
 *
 * Keeps one thing: the login in progress, in sessionStorage under `pocamarket:social-login`
 * ({provider, state, codeVerifier, redirectUrl, startedAt}); it lives only in this tab, and is
 * used once. The return screens call `finishOAuth2Redirect` / `finishNaverRedirect`, which
 * check the state against it (a return we did not start is refused) and store the session in
 * IndexedDB like a password login.
 */
import * as v from 'valibot';
import { getClient, type AppClient } from '@/data/pb/client.ts';

export type SocialProvider = 'kakao' | 'naver' | 'instagram';

export type ProviderAvailability = Record<SocialProvider, boolean>;

/** Any failure of a social login (docs/product-rules.md, Limits and messages: the screens say '오류입니다'). */
export class SocialLoginError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SocialLoginError';
  }
}

/** PocketBase's provider names. */
const PB_PROVIDER = { kakao: 'kakao', instagram: 'instagram2' } as const;

/** Our states carry this prefix: the server hands those returns on to the app screen. */
const STATE_PREFIX = 'pm_';
const STORAGE_KEY = 'pocamarket:social-login';
/** A return later than this after the start is refused (the provider's code is long dead). */
const MAX_AGE_MS = 15 * 60 * 1000;

/** Provider return paths, registered at each provider (see README). */
export const OAUTH2_RETURN_PATH = '/api/oauth2-redirect';
export const NAVER_RETURN_PATH = '/authNaver';

export interface SocialEnv {
  client: () => Promise<AppClient>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  origin: string;
  go: (url: string) => void;
}

function browserEnv(): SocialEnv {
  return {
    client: getClient,
    storage: window.sessionStorage,
    origin: window.location.origin,
    go: (url) => window.location.assign(url),
  };
}

const providersSchema = v.object({
  kakao: v.boolean(),
  naver: v.boolean(),
  instagram: v.boolean(),
  naverAuthURL: v.string(),
});

async function readProviders(client: AppClient) {
  const raw: unknown = await client.pb.send('/api/pocamarket/auth-providers', {
    requestKey: null,
  });
  const parsed = v.safeParse(providersSchema, raw);
  if (!parsed.success) throw new SocialLoginError('unexpected auth-providers answer');
  return parsed.output;
}

/** Which social logins the server has credentials for. Throws when it cannot be reached. */
export async function configuredProviders(
  env: Pick<SocialEnv, 'client'> = { client: getClient },
): Promise<ProviderAvailability> {
  const { kakao, naver, instagram } = await readProviders(await env.client());
  return { kakao, naver, instagram };
}

const pendingSchema = v.object({
  provider: v.picklist(['kakao', 'naver', 'instagram']),
  state: v.pipe(v.string(), v.minLength(16)),
  codeVerifier: v.string(),
  redirectUrl: v.string(),
  startedAt: v.number(),
});

type Pending = v.InferOutput<typeof pendingSchema>;

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return STATE_PREFIX + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends the page to the provider's login. Resolves just before the page leaves; throws (and
 * stays) when the provider is not configured or the server cannot be reached.
 */
export async function startSocialLogin(
  provider: SocialProvider,
  env: SocialEnv = browserEnv(),
): Promise<void> {
  const client = await env.client();
  const state = randomState();
  let url: string;
  let pending: Pending;
  if (provider === 'naver') {
    const info = await readProviders(client);
    if (!info.naver || !info.naverAuthURL) throw new SocialLoginError('naver is not configured');
    const redirectUrl = env.origin + NAVER_RETURN_PATH;
    url = `${info.naverAuthURL}&state=${encodeURIComponent(state)}&redirect_uri=${encodeURIComponent(redirectUrl)}`;
    pending = { provider, state, codeVerifier: '', redirectUrl, startedAt: Date.now() };
  } else {
    const methods = await client.pb.collection('users').listAuthMethods({ requestKey: null });
    const info = methods.oauth2.enabled
      ? methods.oauth2.providers.find((p) => p.name === PB_PROVIDER[provider])
      : undefined;
    if (!info) throw new SocialLoginError(`${provider} is not configured`);
    const redirectUrl = env.origin + OAUTH2_RETURN_PATH;
    // PocketBase's authURL ends with `redirect_uri=` for us to fill in; its own state is
    // replaced by ours (it only means something to its popup flow).
    url = (info.authURL + encodeURIComponent(redirectUrl)).replace(
      /([?&]state=)[^&]*/,
      `$1${state}`,
    );
    pending = {
      provider,
      state,
      codeVerifier: info.codeVerifier,
      redirectUrl,
      startedAt: Date.now(),
    };
  }
  env.storage.setItem(STORAGE_KEY, JSON.stringify(pending));
  env.go(url);
}

function parseJson(raw: string | null): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** The login this tab started, if `search` is its return; the stored entry is used up. */
function takePending(search: string, providers: SocialProvider[], env: SocialEnv) {
  const params = new URLSearchParams(search);
  const raw = env.storage.getItem(STORAGE_KEY);
  env.storage.removeItem(STORAGE_KEY);
  const parsed = v.safeParse(pendingSchema, parseJson(raw));
  const code = params.get('code') ?? '';
  if (params.get('error')) throw new SocialLoginError(`provider error: ${params.get('error')}`);
  if (!code) throw new SocialLoginError('no code');
  if (!parsed.success) throw new SocialLoginError('no login was started in this tab');
  const pending = parsed.output;
  if (!providers.includes(pending.provider)) throw new SocialLoginError('another provider');
  if (pending.state !== params.get('state')) throw new SocialLoginError('state mismatch');
  if (Date.now() - pending.startedAt > MAX_AGE_MS) throw new SocialLoginError('too late');
  return { code, pending };
}

// A return is finished once even when a screen asks twice (React StrictMode runs effects twice;
// the stored entry is gone after the first).
const finishing = new Map<string, Promise<string>>();

function once(key: string, run: () => Promise<string>): Promise<string> {
  let p = finishing.get(key);
  if (!p) {
    p = run();
    finishing.set(key, p);
  }
  return p;
}

function wrap(err: unknown): SocialLoginError {
  return err instanceof SocialLoginError
    ? err
    : new SocialLoginError('social login failed', { cause: err });
}

/** Kakao / Instagram return (/oauth2-redirect?code&state): logs in; resolves to the user id. */
export function finishOAuth2Redirect(search: string, env: SocialEnv = browserEnv()) {
  return once(`oauth2${search}`, async () => {
    try {
      const { code, pending } = takePending(search, ['kakao', 'instagram'], env);
      const client = await env.client();
      const auth = await client.pb
        .collection('users')
        .authWithOAuth2Code(
          PB_PROVIDER[pending.provider as 'kakao' | 'instagram'],
          code,
          pending.codeVerifier,
          pending.redirectUrl,
          undefined,
          { requestKey: null },
        );
      await client.store.persist();
      return auth.record.id;
    } catch (err) {
      throw wrap(err);
    }
  });
}

const naverAuthSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  record: v.looseObject({
    id: v.string(),
    collectionId: v.string(),
    collectionName: v.literal('users'),
  }),
});

/** Naver return (/authNaver?code&state): the server exchanges the code; resolves to the user id. */
export function finishNaverRedirect(search: string, env: SocialEnv = browserEnv()) {
  return once(`naver${search}`, async () => {
    try {
      const { code, pending } = takePending(search, ['naver'], env);
      const client = await env.client();
      const raw: unknown = await client.pb.send('/api/pocamarket/naver', {
        method: 'POST',
        body: { code, state: pending.state },
        requestKey: null,
      });
      const parsed = v.safeParse(naverAuthSchema, raw);
      if (!parsed.success) throw new SocialLoginError('unexpected naver answer');
      client.pb.authStore.save(parsed.output.token, parsed.output.record);
      await client.store.persist();
      return parsed.output.record.id;
    } catch (err) {
      throw wrap(err);
    }
  });
}
