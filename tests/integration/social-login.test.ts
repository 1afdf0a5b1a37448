/**
 * Social login against the real PocketBase with a local mock provider (tests/helpers/mock-oauth):
 * Kakao through PocketBase's own OAuth2 code exchange (pb_hooks/oauth.pb.js configures it from
 * the environment), Naver through pb_hooks/naver.pb.js. The browser's part (following the
 * provider's redirects) is done with fetch and `redirect: 'manual'`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startMockOAuth, type MockOAuth } from '../helpers/mock-oauth.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';

let mock: MockOAuth;
let server: TestServer;
let bare: TestServer;

beforeAll(async () => {
  mock = await startMockOAuth();
  server = await startTestServer({ env: { ...mock.env('kakao'), ...mock.env('naver') } });
  bare = await startTestServer({ env: mock.env('instagram') });
});

afterAll(async () => {
  await server?.stop();
  await bare?.stop();
  await mock?.close();
});

/** Follows one redirect by hand and returns where it points. */
async function redirectOf(url: string): Promise<{ status: number; location: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** The provider's approval: the code and state it sends back to `redirectURL`. */
async function approve(authURL: string, state: string, redirectURL: string) {
  const url = new URL(authURL + encodeURIComponent(redirectURL));
  url.searchParams.set('state', state);
  const back = new URL((await redirectOf(url.toString())).location);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function kakaoStart(pb: PocketBase) {
  const methods = await pb.collection('users').listAuthMethods();
  const kakao = methods.oauth2.providers.find((p) => p.name === 'kakao');
  if (!kakao) throw new Error('kakao is not offered');
  return kakao;
}

async function postNaver(base: string, body: Record<string, string>) {
  const res = await fetch(`${base}/api/pocamarket/naver`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function naverCode(redirectURL: string, state: string): Promise<string> {
  const res = await fetch(`${server.url}/api/pocamarket/auth-providers`);
  const info = (await res.json()) as { naverAuthURL: string };
  const url = `${info.naverAuthURL}&state=${state}&redirect_uri=${encodeURIComponent(redirectURL)}`;
  const back = new URL((await redirectOf(url)).location);
  expect(back.searchParams.get('state')).toBe(state);
  return back.searchParams.get('code') ?? '';
}

describe('configured providers', () => {
  it('reports Kakao and Naver, not Instagram', async () => {
    const res = await fetch(`${server.url}/api/pocamarket/auth-providers`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ kakao: true, naver: true, instagram: false });
    expect(body.naverAuthURL).toContain(`${mock.url}/naver/authorize?response_type=code`);
    const methods = await server.client().collection('users').listAuthMethods();
    expect(methods.oauth2.providers.map((p) => p.name)).toEqual(['kakao']);
  });

  it('reports only the providers whose credentials are in the environment', async () => {
    const res = await fetch(`${bare.url}/api/pocamarket/auth-providers`);
    expect(await res.json()).toEqual({
      kakao: false,
      naver: false,
      instagram: true,
      naverAuthURL: '',
    });
    const methods = await bare.client().collection('users').listAuthMethods();
    expect(methods.oauth2.providers.map((p) => p.name)).toEqual(['instagram2']);
    await expect(
      bare.client().collection('users').authWithOAuth2Code('kakao', 'code', 'verifier', 'x'),
    ).rejects.toMatchObject({ status: expect.any(Number) as number });
    const naver = await postNaver(bare.url, { code: 'c', state: 's' });
    expect(naver.status).toBe(400);
    expect(naver.body.message).toBe('네이버 로그인이 설정되어 있지 않습니다.');
  });
});

describe('Kakao (PocketBase OAuth2, redirect flow)', () => {
  const redirectURL = () => `${server.url}/api/oauth2-redirect`;

  it('sends our return on to the app screen, query kept', async () => {
    const res = await redirectOf(`${redirectURL()}?code=abc&state=pm_123`);
    expect(res.status).toBe(303);
    expect(res.location).toBe('/oauth2-redirect?code=abc&state=pm_123');
    // other states are still PocketBase's own popup flow
    const popup = await redirectOf(`${redirectURL()}?code=abc&state=realtimeclient`);
    expect(popup.location).not.toContain('/oauth2-redirect?');
  });

  it('creates the user on the first login and logs the same user in afterwards', async () => {
    mock.setProfile('kakao', { id: '4242', email: 'minji@example.com', nickname: '민지 💙' });
    const pb = server.client();
    const first = await kakaoStart(pb);
    const a = await approve(first.authURL, 'pm_first', redirectURL());
    expect(a.state).toBe('pm_first');
    const auth1 = await pb
      .collection('users')
      .authWithOAuth2Code('kakao', a.code, first.codeVerifier, redirectURL());
    expect(auth1.meta?.isNew).toBe(true);
    expect(auth1.token).toBeTruthy();
    expect(auth1.record.email).toBe('minji@example.com');
    expect(auth1.record.verified).toBe(true);
    // not a name by the sign-up rule (2-4 Hangul or two Latin words): left empty
    expect(auth1.record.name).toBe('');
    expect(auth1.record.username).toMatch(/^민지_[0-9a-z]{5}$/);

    const second = await kakaoStart(server.client());
    const b = await approve(second.authURL, 'pm_second', redirectURL());
    const auth2 = await server
      .client()
      .collection('users')
      .authWithOAuth2Code('kakao', b.code, second.codeVerifier, redirectURL());
    expect(auth2.meta?.isNew).toBe(false);
    expect(auth2.record.id).toBe(auth1.record.id);
  });

  it('gives two users with the same nickname different usernames', async () => {
    const names: string[] = [];
    for (const id of ['5001', '5002']) {
      mock.setProfile('kakao', { id, email: `twin${id}@example.com`, nickname: '김쌍둥' });
      const start = await kakaoStart(server.client());
      const { code } = await approve(start.authURL, 'pm_twin', redirectURL());
      const auth = await server
        .client()
        .collection('users')
        .authWithOAuth2Code('kakao', code, start.codeVerifier, redirectURL());
      // the name is private and stored right after the account is made: read as the server keeps it
      const su = await server.admin();
      expect((await su.collection('users').getOne(auth.record.id))['name']).toBe('김쌍둥');
      names.push(String(auth.record.username));
    }
    expect(names[0]).not.toBe(names[1]);
  });

  it('stores the provider email in lower case, and a reserved nickname never becomes a name', async () => {
    mock.setProfile('kakao', { id: '6001', email: 'Hana.Kim@Example.COM', nickname: '관리자' });
    const start = await kakaoStart(server.client());
    const { code } = await approve(start.authURL, 'pm_case', redirectURL());
    const auth = await server
      .client()
      .collection('users')
      .authWithOAuth2Code('kakao', code, start.codeVerifier, redirectURL());
    expect(auth.meta?.isNew).toBe(true);
    expect(auth.record.email).toBe('hana.kim@example.com');
    expect(auth.record.name).toBe('');
    expect(auth.record.username).toMatch(/^user_[0-9a-z]{5}$/);
  });

  it('finds the account of a provider email in another case instead of making a second one', async () => {
    const admin = await server.admin();
    const owner = await admin.collection('users').create({
      email: 'case.owner@example.com',
      password: 'original-password-1',
      passwordConfirm: 'original-password-1',
      verified: true,
    });
    mock.setProfile('kakao', { id: '6002', email: 'CASE.Owner@Example.com', nickname: '하나' });
    const start = await kakaoStart(server.client());
    const { code } = await approve(start.authURL, 'pm_case2', redirectURL());
    const auth = await server
      .client()
      .collection('users')
      .authWithOAuth2Code('kakao', code, start.codeVerifier, redirectURL());
    expect(auth.record.id).toBe(owner.id);
    const same = await admin
      .collection('users')
      .getFullList({ filter: admin.filter('email ~ {:e}', { e: 'case.owner@example.com' }) });
    expect(same.map((u) => u.id)).toEqual([owner.id]);
  });

  it('fails with a wrong code, a reused code or a wrong code verifier', async () => {
    const users = server.client().collection('users');
    const start = await kakaoStart(server.client());
    await expect(
      users.authWithOAuth2Code('kakao', 'not-a-code', start.codeVerifier, redirectURL()),
    ).rejects.toMatchObject({ status: 400 });

    const { code } = await approve(start.authURL, 'pm_x', redirectURL());
    await expect(
      users.authWithOAuth2Code('kakao', code, 'wrong-verifier-wrong-verifier-wrong-verif', 'x'),
    ).rejects.toMatchObject({ status: 400 });

    const again = await kakaoStart(server.client());
    const fresh = await approve(again.authURL, 'pm_y', redirectURL());
    await users.authWithOAuth2Code('kakao', fresh.code, again.codeVerifier, redirectURL());
    await expect(
      users.authWithOAuth2Code('kakao', fresh.code, again.codeVerifier, redirectURL()),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('Instagram (PocketBase OAuth2, no email)', () => {
  const redirectURL = () => `${bare.url}/api/oauth2-redirect`;

  it('creates a user without an email and logs the same user in afterwards', async () => {
    mock.setProfile('instagram', { id: '1784140000042', email: '', nickname: 'wonyoung.jang' });
    const ids: string[] = [];
    for (const state of ['pm_ig1', 'pm_ig2']) {
      const methods = await bare.client().collection('users').listAuthMethods();
      const ig = methods.oauth2.providers.find((p) => p.name === 'instagram2');
      if (!ig) throw new Error('instagram2 is not offered');
      const { code } = await approve(ig.authURL, state, redirectURL());
      const auth = await bare
        .client()
        .collection('users')
        .authWithOAuth2Code('instagram2', code, ig.codeVerifier, redirectURL());
      expect(auth.record.email ?? '').toBe('');
      expect(auth.record.username).toMatch(/^wonyoung.jang_[0-9a-z]{5}$/);
      ids.push(auth.record.id);
    }
    expect(ids[1]).toBe(ids[0]);
  });

  it('still refuses a sign-up without an email outside OAuth2', async () => {
    await expect(
      bare.client().collection('users').create({
        password: 'some-password-123',
        passwordConfirm: 'some-password-123',
      }),
    ).rejects.toMatchObject({ status: 400, response: { data: { email: {} } } });
  });
});

describe('Naver (code exchange in pb_hooks/naver.pb.js)', () => {
  const redirectURL = () => `${server.url}/authNaver`;

  it('creates the user on the first login and logs the same user in afterwards', async () => {
    mock.setProfile('naver', {
      id: 'nv-77',
      email: 'haerin@example.com',
      nickname: 'haerin',
      name: '강해린',
    });
    const first = await postNaver(server.url, {
      code: await naverCode(redirectURL(), 'st1'),
      state: 'st1',
    });
    expect(first.status).toBe(200);
    const record = first.body.record as Record<string, unknown>;
    expect(first.body.meta).toMatchObject({ provider: 'naver', isNew: true });
    expect(record).toMatchObject({ email: 'haerin@example.com', name: '강해린', verified: true });
    expect(String(record.username)).toMatch(/^haerin_[0-9a-z]{5}$/);

    // the token is a real session
    const pb = server.client();
    pb.authStore.save(String(first.body.token), record as never);
    const refreshed = await pb.collection('users').authRefresh();
    expect(refreshed.record.id).toBe(record.id);

    const second = await postNaver(server.url, {
      code: await naverCode(redirectURL(), 'st2'),
      state: 'st2',
    });
    expect(second.status).toBe(200);
    expect(second.body.meta).toMatchObject({ isNew: false });
    expect((second.body.record as { id: string }).id).toBe(record.id);
  });

  it('fails with a wrong or reused code and without a code', async () => {
    expect((await postNaver(server.url, { code: 'nope', state: 's' })).status).toBe(400);
    expect((await postNaver(server.url, { code: '', state: 's' })).status).toBe(400);
    const code = await naverCode(redirectURL(), 's3');
    expect((await postNaver(server.url, { code, state: 's3' })).status).toBe(200);
    expect((await postNaver(server.url, { code, state: 's3' })).status).toBe(400);
  });

  it("does not take over another account that has the Naver profile's email", async () => {
    const admin = await server.admin();
    await admin.collection('users').create({
      email: 'taken@example.com',
      password: 'original-password-1',
      passwordConfirm: 'original-password-1',
    });
    mock.setProfile('naver', { id: 'nv-evil', email: 'taken@example.com', nickname: 'evil' });
    const res = await postNaver(server.url, {
      code: await naverCode(redirectURL(), 's4'),
      state: 's4',
    });
    expect(res.status).toBe(400);
    // nor in another case
    mock.setProfile('naver', { id: 'nv-evil2', email: 'TAKEN@Example.com', nickname: 'evil' });
    const upper = await postNaver(server.url, {
      code: await naverCode(redirectURL(), 's5'),
      state: 's5',
    });
    expect(upper.status).toBe(400);
    const same = await admin
      .collection('users')
      .getFullList({ filter: admin.filter('email ~ {:e}', { e: 'taken@example.com' }) });
    expect(same).toHaveLength(1);
    // the original owner still logs in with their password
    const auth = await server
      .client()
      .collection('users')
      .authWithPassword('taken@example.com', 'original-password-1');
    expect(auth.record.email).toBe('taken@example.com');
  });
});
