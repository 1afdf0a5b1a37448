/**
 * The starter collect book (pb_hooks/lib/starter-book.js) against the real PocketBase: every way
 * an account is completed — email sign-up, first Kakao login, first Naver login — gives it one
 * '나의 첫 콜렉트북' for its bias group (else RIIZE), exactly once; the demo accounts made by the
 * seed get none. The 최애 chosen after sign-up moves the book while nothing is in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed/index.ts';
import { startMockOAuth, type MockOAuth } from '../helpers/mock-oauth.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { signupBrowser } from '../helpers/integration-setup.ts';
import { uniq } from '../helpers/pb-fixtures.ts';
import { isVerification, linkOf, tokenOf } from '../helpers/mail.ts';

const STARTER_TITLE = '나의 첫 콜렉트북';

let mock: MockOAuth;
let server: TestServer;
let su: PocketBase;
let riizeId: string;

beforeAll(async () => {
  mock = await startMockOAuth();
  server = await startTestServer({
    publicDir: null,
    mailSink: true,
    env: { ...mock.env('kakao'), ...mock.env('naver') },
  });
  su = await server.admin();
  await seedDemo(su);
  riizeId = (await su.collection('groups').getFirstListItem(su.filter('groupName = "RIIZE"'))).id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await mock?.close();
});

async function booksOf(userId: string): Promise<RecordModel[]> {
  return su
    .collection('collectBook')
    .getFullList({ filter: su.filter('users = {:u}', { u: userId }), requestKey: null });
}

async function userByEmail(email: string): Promise<RecordModel> {
  return su
    .collection('users')
    .getFirstListItem(su.filter('email = {:e}', { e: email }), { requestKey: null });
}

/** One browser's sign-up, up to the opened link: returns the api and the link's token. */
async function verifiedSignup(email: string) {
  const { api } = signupBrowser(server);
  expect(await api.startEmailVerification(email)).toBe('sent');
  const mail = await server.mail!.waitFor(email, isVerification);
  const token = tokenOf(linkOf(mail, '/verify-email/'));
  expect((await api.confirmEmail(token)).result).toBe('done');
  return { api, token };
}

const profile = (email: string) => ({
  email,
  password: 'photocard!2024',
  name: '김하린',
  phoneNumber: '01012345678',
  birth: '2001-02-03',
});

function postComplete(body: Record<string, string>) {
  return fetch(`${server.url}/api/pocamarket/complete-signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as { status?: string } }));
}

describe('email sign-up', () => {
  it('a completed account owns exactly one starter book of RIIZE, on its shelf', async () => {
    const email = `starter${uniq()}@test.local`;
    const { api } = await verifiedSignup(email);
    const pending = await userByEmail(email);
    expect(await booksOf(pending.id)).toEqual([]); // nothing before completion

    expect(await api.completeSignup(profile(email))).toBe('welcome');
    const books = await booksOf(pending.id);
    expect(books).toHaveLength(1);
    expect(books[0]).toMatchObject({
      title: STARTER_TITLE,
      group: riizeId,
      thumbNail: '',
      cardInfo: [],
      users: pending.id,
    });
    expect((await userByEmail(email)).collectBook).toEqual([books[0]!.id]);

    // the owner reads it like any book of theirs
    const pb = server.client();
    await pb.collection('users').authWithPassword(email, 'photocard!2024');
    const own = await pb.collection('collectBook').getFullList({ requestKey: null });
    expect(own.map((b) => b.id)).toEqual([books[0]!.id]);
  });

  it('completing twice, one after the other or at the same time, makes one book', async () => {
    const email = `twice${uniq()}@test.local`;
    const { token } = await verifiedSignup(email);
    const body = { ...profile(email), token };
    const answers = await Promise.all([postComplete(body), postComplete(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.status)).toContain('welcome');
    expect((await postComplete(body)).body.status).toBe('notStarted');
    const user = await userByEmail(email);
    expect(await booksOf(user.id)).toHaveLength(1);
  });

  it("uses the account's bias group when it has one", async () => {
    const email = `bias${uniq()}@test.local`;
    const { api } = await verifiedSignup(email);
    const ive = await su.collection('groups').getFirstListItem(su.filter('groupName = "IVE"'));
    const pending = await userByEmail(email);
    await su.collection('users').update(pending.id, { biasGroup: ive.id });
    expect(await api.completeSignup(profile(email))).toBe('welcome');
    const books = await booksOf(pending.id);
    expect(books.map((b) => [b.title, b.group])).toEqual([[STARTER_TITLE, ive.id]]);
  });
});

describe('the 최애 step after sign-up', () => {
  /** A completed email sign-up, logged in as the fan would be: its client and its one book. */
  async function signedUpFan() {
    const email = `follow${uniq()}@test.local`;
    const { api } = await verifiedSignup(email);
    expect(await api.completeSignup(profile(email))).toBe('welcome');
    const pb = server.client();
    const auth = await pb.collection('users').authWithPassword(email, 'photocard!2024');
    const [book] = await booksOf(auth.record.id);
    expect(book).toMatchObject({ title: STARTER_TITLE, group: riizeId });
    return { pb, userId: auth.record.id, book: book! };
  }

  async function groupId(name: string): Promise<string> {
    return (
      await su.collection('groups').getFirstListItem(su.filter('groupName = {:n}', { n: name }))
    ).id;
  }

  it('choosing NewJeans moves the empty starter book to NewJeans, and a later choice again', async () => {
    const { pb, userId, book } = await signedUpFan();
    const newJeans = await groupId('NewJeans');
    // what /welcomeBias and /myBias queue (biasSet): a PATCH of the fan's own record
    await pb.collection('users').update(userId, { biasGroup: newJeans, biasStepDone: true });
    const books = await booksOf(userId);
    expect(books.map((b) => [b.id, b.title, b.group])).toEqual([
      [book.id, STARTER_TITLE, newJeans],
    ]);
    // the fan's own read of it (what the pull and realtime carry) says so too
    expect((await pb.collection('collectBook').getOne(book.id)).group).toBe(newJeans);

    const ive = await groupId('IVE');
    await pb.collection('users').update(userId, { biasGroup: ive });
    expect((await booksOf(userId)).map((b) => b.group)).toEqual([ive]);
  });

  it('a starter book with a ticked card stays with its group', async () => {
    const { pb, userId, book } = await signedUpFan();
    const card = await su
      .collection('photoCards')
      .getFirstListItem(su.filter('group = {:g}', { g: riizeId }));
    await pb.collection('collectBook').update(book.id, { cardInfo: [card.id] });
    await pb.collection('users').update(userId, { biasGroup: await groupId('NewJeans') });
    const after = await booksOf(userId);
    expect(after.map((b) => [b.group, b.cardInfo])).toEqual([[riizeId, [card.id]]]);
  });

  it("a renamed starter book, or another book of the fan's, stays with its group", async () => {
    const { pb, userId, book } = await signedUpFan();
    await pb.collection('collectBook').update(book.id, { title: '리즈 모음' });
    const other = await pb
      .collection('collectBook')
      .create({ users: userId, title: STARTER_TITLE, group: await groupId('IVE') });
    await pb.collection('collectBook').update(other.id, {
      cardInfo: [
        (
          await su
            .collection('photoCards')
            .getFirstListItem(su.filter('group = {:g}', { g: other.group }))
        ).id,
      ],
    });
    await pb.collection('users').update(userId, { biasGroup: await groupId('NewJeans') });
    const groups = new Map((await booksOf(userId)).map((b) => [b.id, b.group]));
    expect(groups.get(book.id)).toBe(riizeId);
    expect(groups.get(other.id)).toBe(other.group);
  });
});

describe('social sign-ups', () => {
  async function redirectOf(url: string): Promise<string> {
    const res = await fetch(url, { redirect: 'manual' });
    return res.headers.get('location') ?? '';
  }

  async function kakaoLogin(): Promise<{ id: string; isNew: boolean }> {
    const pb = server.client();
    const methods = await pb.collection('users').listAuthMethods();
    const kakao = methods.oauth2.providers.find((p) => p.name === 'kakao')!;
    const redirectURL = `${server.url}/api/oauth2-redirect`;
    const url = new URL(kakao.authURL + encodeURIComponent(redirectURL));
    url.searchParams.set('state', `pm_${uniq()}`);
    const code = new URL(await redirectOf(url.toString())).searchParams.get('code') ?? '';
    const auth = await pb
      .collection('users')
      .authWithOAuth2Code('kakao', code, kakao.codeVerifier, redirectURL);
    return { id: auth.record.id, isNew: !!auth.meta?.isNew };
  }

  async function naverLogin(): Promise<{ id: string; isNew: boolean }> {
    const info = (await (await fetch(`${server.url}/api/pocamarket/auth-providers`)).json()) as {
      naverAuthURL: string;
    };
    const state = `st${uniq()}`;
    const redirect = encodeURIComponent(`${server.url}/authNaver`);
    const back = await redirectOf(`${info.naverAuthURL}&state=${state}&redirect_uri=${redirect}`);
    const code = new URL(back).searchParams.get('code') ?? '';
    const res = await fetch(`${server.url}/api/pocamarket/naver`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, state }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { record: { id: string }; meta: { isNew: boolean } };
    return { id: body.record.id, isNew: body.meta.isNew };
  }

  it('the first Kakao login makes the starter book, the next one does not', async () => {
    mock.setProfile('kakao', {
      id: `k${uniq()}`,
      email: `k${uniq()}@example.com`,
      nickname: '민지',
    });
    const first = await kakaoLogin();
    expect(first.isNew).toBe(true);
    const again = await kakaoLogin();
    expect(again).toEqual({ id: first.id, isNew: false });
    const books = await booksOf(first.id);
    expect(books.map((b) => [b.title, b.group])).toEqual([[STARTER_TITLE, riizeId]]);
  });

  it('the first Naver login makes the starter book, the next one does not', async () => {
    mock.setProfile('naver', {
      id: `nv${uniq()}`,
      email: `nv${uniq()}@example.com`,
      nickname: 'haerin',
      name: '강해린',
    });
    const first = await naverLogin();
    expect(first.isNew).toBe(true);
    const again = await naverLogin();
    expect(again).toEqual({ id: first.id, isNew: false });
    const books = await booksOf(first.id);
    expect(books.map((b) => [b.title, b.group])).toEqual([[STARTER_TITLE, riizeId]]);
  });
});

describe('accounts not made by a sign-up', () => {
  it('the demo accounts own only their seeded books', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await userByEmail(account.email);
      const books = await booksOf(user.id);
      expect(
        books.filter((b) => b.title === STARTER_TITLE),
        account.username,
      ).toEqual([]);
    }
  });

  it('a user created by a superuser gets none', async () => {
    const user = await su.collection('users').create({
      email: `made${uniq()}@test.local`,
      password: 'photocard!2024',
      passwordConfirm: 'photocard!2024',
      username: `made${uniq()}`.slice(0, 20),
    });
    expect(await booksOf(user.id)).toEqual([]);
  });
});
