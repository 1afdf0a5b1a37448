/**
 * The client half of the social login redirect flow (src/domains/accounts/social.ts) with a fake
 * PocketBase client: the provider URL it builds, the state it keeps, and the returns it refuses.
 * The server half and the real round trip are in tests/integration and tests/e2e.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AppClient } from '@/data/pb/client';
import {
  finishNaverRedirect,
  finishOAuth2Redirect,
  startSocialLogin,
  type SocialEnv,
} from '@/domains/accounts/social';

const KAKAO_AUTH =
  'http://kauth.test/authorize?client_id=abc&code_challenge=xyz&response_type=code&scope=account_email+profile_nickname&state=PBSTATE0123456789012345678901&redirect_uri=';

function fakeEnv() {
  const storage = new Map<string, string>();
  const authWithOAuth2Code = vi.fn(async () => ({ token: 't', record: { id: 'user000000kakao' } }));
  const send = vi.fn(async (path: string) =>
    path === '/api/pocamarket/auth-providers'
      ? {
          kakao: true,
          naver: true,
          instagram: false,
          naverAuthURL: 'http://nid.test/authorize?response_type=code&client_id=nv',
        }
      : {
          token: 'naver-token',
          record: {
            id: 'user000000naver',
            collectionId: '_pb_users_auth_',
            collectionName: 'users',
          },
        },
  );
  const save = vi.fn();
  const persist = vi.fn(async () => {});
  const client = {
    pb: {
      collection: () => ({
        listAuthMethods: async () => ({
          oauth2: {
            enabled: true,
            providers: [{ name: 'kakao', authURL: KAKAO_AUTH, codeVerifier: 'verifier-1' }],
          },
        }),
        authWithOAuth2Code,
      }),
      send,
      authStore: { save },
    },
    store: { persist },
  } as unknown as AppClient;
  const go = vi.fn();
  const env: SocialEnv = {
    client: async () => client,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    origin: 'https://app.test',
    go,
  };
  return { env, go, authWithOAuth2Code, send, save, persist };
}

function returnOf(url: string, state?: string) {
  const u = new URL(url);
  return `?code=the-code&state=${state ?? u.searchParams.get('state')}`;
}

describe('Kakao / Instagram', () => {
  it('goes to the provider with our state and redirect URL, then logs in with the same', async () => {
    const f = fakeEnv();
    await startSocialLogin('kakao', f.env);
    const url = new URL(f.go.mock.calls[0]?.[0] as string);
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^pm_[0-9a-f]{48}$/);
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.test/api/oauth2-redirect');
    expect(url.searchParams.get('scope')).toBe('account_email profile_nickname');

    const id = await finishOAuth2Redirect(`?code=c1&state=${state}`, f.env);
    expect(id).toBe('user000000kakao');
    expect(f.authWithOAuth2Code).toHaveBeenCalledWith(
      'kakao',
      'c1',
      'verifier-1',
      'https://app.test/api/oauth2-redirect',
      undefined,
      { requestKey: null },
    );
    expect(f.persist).toHaveBeenCalled();
  });

  it('refuses a wrong state, a return it did not start, and a provider error', async () => {
    const f = fakeEnv();
    await startSocialLogin('kakao', f.env);
    await expect(finishOAuth2Redirect('?code=c2&state=pm_other', f.env)).rejects.toThrow(/state/);
    // the stored start is used up even by a failed return
    const url = f.go.mock.calls[0]?.[0] as string;
    await expect(finishOAuth2Redirect(returnOf(url) + '&x=1', f.env)).rejects.toThrow(/started/);

    await startSocialLogin('kakao', f.env);
    const again = f.go.mock.calls[1]?.[0] as string;
    const state = new URL(again).searchParams.get('state');
    await expect(
      finishOAuth2Redirect(`?error=access_denied&state=${state}`, f.env),
    ).rejects.toThrow(/access_denied/);
    expect(f.authWithOAuth2Code).not.toHaveBeenCalled();
  });

  it('refuses a Naver start coming back on the Kakao return', async () => {
    const f = fakeEnv();
    await startSocialLogin('naver', f.env);
    const url = f.go.mock.calls[0]?.[0] as string;
    await expect(finishOAuth2Redirect(returnOf(url), f.env)).rejects.toThrow(/provider/);
  });

  it('fails to start a provider the server does not offer', async () => {
    const f = fakeEnv();
    await expect(startSocialLogin('instagram', f.env)).rejects.toThrow(/not configured/);
    expect(f.go).not.toHaveBeenCalled();
  });

  it('finishes a return once when a screen asks twice (StrictMode)', async () => {
    const f = fakeEnv();
    await startSocialLogin('kakao', f.env);
    const search = returnOf(f.go.mock.calls[0]?.[0] as string).replace('the-code', 'twice');
    const [a, b] = await Promise.all([
      finishOAuth2Redirect(search, f.env),
      finishOAuth2Redirect(search, f.env),
    ]);
    expect(a).toBe(b);
    expect(f.authWithOAuth2Code).toHaveBeenCalledTimes(1);
  });
});

describe('Naver', () => {
  it('goes to Naver with state and redirect, posts the code, and stores the session', async () => {
    const f = fakeEnv();
    await startSocialLogin('naver', f.env);
    const url = new URL(f.go.mock.calls[0]?.[0] as string);
    expect(url.origin + url.pathname).toBe('http://nid.test/authorize');
    expect(url.searchParams.get('client_id')).toBe('nv');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.test/authNaver');
    const state = url.searchParams.get('state') ?? '';

    const id = await finishNaverRedirect(`?code=nc&state=${state}`, f.env);
    expect(id).toBe('user000000naver');
    expect(f.send).toHaveBeenCalledWith('/api/pocamarket/naver', {
      method: 'POST',
      body: { code: 'nc', state },
      requestKey: null,
    });
    expect(f.save).toHaveBeenCalledWith('naver-token', expect.objectContaining({ id: id }));
    expect(f.persist).toHaveBeenCalled();
  });

  it('refuses a wrong state without calling the server', async () => {
    const f = fakeEnv();
    await startSocialLogin('naver', f.env);
    f.send.mockClear();
    await expect(finishNaverRedirect('?code=nc&state=pm_wrong', f.env)).rejects.toThrow(/state/);
    expect(f.send).not.toHaveBeenCalled();
  });
});
