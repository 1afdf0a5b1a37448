/**
 * 회원정보 수정 against the real PocketBase (docs/accounts.md, Editing the profile): the
 * /api/pocamarket/profile route with each refusal and its Korean message per field, nickname
 * uniqueness in any case, the live nickname check, the same nickname rule on a direct `users`
 * update (what the outbox sends), nobody editing another fan, and the route's rate limit.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupServer, signupBrowser } from '../helpers/integration-setup.ts';
import { failure, type Actor, uniq } from '../helpers/pb-fixtures.ts';
import { isVerification, linkOf, tokenOf } from '../helpers/mail.ts';

let server: TestServer;
let su: PocketBase;

const { fan } = setupServer(
  (env) => {
    ({ server, su } = env);
  },
  { mailSink: true },
);

const saveProfile = (a: Actor | PocketBase, body: Record<string, unknown>) =>
  ('pb' in a ? a.pb : a).send('/api/pocamarket/profile', { method: 'POST', body });

/** The field errors of a refused save: field → Korean message. */
async function refusal(p: Promise<unknown>): Promise<Record<string, string>> {
  const err = await failure(p);
  expect(err.status).toBe(400);
  const data = err.response['data'] as Record<string, { message: string }>;
  return Object.fromEntries(Object.entries(data).map(([f, v]) => [f, v.message]));
}

const stored = (id: string) => su.collection('users').getOne(id);

describe('POST /api/pocamarket/profile', () => {
  it('saves name, nickname, phone and birth date together and answers the saved values', async () => {
    const me = await fan();
    const nick = `하린${uniq().slice(-6)}`;
    const answer = await saveProfile(me, {
      name: '김하린',
      username: ` ${nick} `,
      phoneNumber: '01098765432',
      birth: '2002-03-04',
    });
    expect(answer).toEqual({
      name: '김하린',
      username: nick,
      phoneNumber: '01098765432',
      birth: '2002-03-04',
    });
    const row = await stored(me.id);
    expect([row['name'], row['username'], row['phoneNumber'], row['birth']]).toEqual([
      '김하린',
      nick,
      '01098765432',
      '2002-03-04',
    ]);
  });

  it('refuses each broken field with its message and saves nothing', async () => {
    const me = await fan();
    const before = await stored(me.id);
    expect(
      await refusal(
        saveProfile(me, { name: '김', username: 'a', phoneNumber: '0101234', birth: '2001-02-30' }),
      ),
    ).toEqual({
      name: '이름 형식으로 입력해주세요.',
      username: '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.',
      phoneNumber: '휴대폰번호를 올바르게 입력해주세요.',
      birth: '생년월일을 올바르게 입력해주세요.',
    });
    // one bad field keeps the good ones from being saved too
    expect(await refusal(saveProfile(me, { name: '박서연', username: '관리자' }))).toEqual({
      username: '사용할 수 없는 닉네임입니다.',
    });
    expect(await refusal(saveProfile(me, { username: 'fuckfan' }))).toEqual({
      username: '비속어가 포함된 닉네임은 사용할 수 없습니다.',
    });
    expect(await refusal(saveProfile(me, { username: '   ' }))).toEqual({
      username: '닉네임을 입력해주세요.',
    });
    expect(await refusal(saveProfile(me, { name: '관리자' }))).toEqual({
      name: '사용할 수 없는 이름입니다.',
    });
    expect(await refusal(saveProfile(me, { phoneNumber: '010-1234-5678' }))).toEqual({
      phoneNumber: '휴대폰번호를 올바르게 입력해주세요.',
    });
    expect(await refusal(saveProfile(me, { birth: '1800-01-01' }))).toEqual({
      birth: '생년월일을 올바르게 입력해주세요.',
    });
    const after = await stored(me.id);
    expect([after['name'], after['username'], after['updated']]).toEqual([
      before['name'],
      before['username'],
      before['updated'],
    ]);
  });

  it('keeps nicknames unique without regard to case', async () => {
    const [a, b] = [await fan(), await fan()];
    const nick = `Star${uniq().slice(-8)}`;
    await saveProfile(a, { username: nick });
    for (const taken of [nick, nick.toUpperCase(), nick.toLowerCase()]) {
      expect(await refusal(saveProfile(b, { username: taken }))).toEqual({
        username: '이미 사용 중인 닉네임입니다.',
      });
    }
    // a fan's own nickname in another case is theirs to keep
    await saveProfile(a, { username: nick.toLowerCase() });
    expect((await stored(a.id))['username']).toBe(nick.toLowerCase());
  });

  it('is for signed-in fans and only ever changes their own account', async () => {
    const [me, other] = [await fan(), await fan()];
    const anon = server.client();
    expect((await failure(saveProfile(anon, { name: '김하린' }))).status).toBe(401);
    // an id in the body is not a way to another account
    await saveProfile(me, { id: other.id, name: '이도윤' });
    expect((await stored(other.id))['name']).toBe('tester');
    expect((await stored(me.id))['name']).toBe('이도윤');
  });

  it('answers 429 past its rate limit', async () => {
    const me = await fan();
    const settings = await su.settings.getAll();
    const rateLimits = settings['rateLimits'] as Record<string, unknown>;
    // the fixture exempts loopback from the limiter; lift that for this one check
    await su.settings.update({ rateLimits: { ...rateLimits, excludedIPs: [] } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push(
          await saveProfile(me, { name: i % 2 ? '김하린' : '박서연' }).then(
            () => 200,
            (e: { status: number }) => e.status,
          ),
        );
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await su.settings.update({ rateLimits });
    }
  });
});

describe('POST /api/pocamarket/nickname-available', () => {
  it('answers whether a nickname is free, with the rule it breaks', async () => {
    const me = await fan();
    const nick = `Moon${uniq().slice(-8)}`;
    await saveProfile(me, { username: nick });
    const anon = server.client();
    const ask = (pb: PocketBase, username: string) =>
      pb.send('/api/pocamarket/nickname-available', { method: 'POST', body: { username } });
    expect(await ask(anon, nick.toUpperCase())).toEqual({
      available: false,
      message: '이미 사용 중인 닉네임입니다.',
    });
    expect(await ask(me.pb, nick)).toEqual({ available: true, message: '' });
    expect(await ask(anon, `새닉${uniq().slice(-6)}`)).toEqual({ available: true, message: '' });
    expect(await ask(anon, 'a b')).toEqual({
      available: false,
      message: '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.',
    });
    expect(await ask(anon, '운영자')).toEqual({
      available: false,
      message: '사용할 수 없는 닉네임입니다.',
    });
  });
});

describe('a direct users update (the outbox) keeps the nickname rule', () => {
  it('refuses a taken nickname in another case and a profane one', async () => {
    const [a, b] = [await fan(), await fan()];
    const nick = `Sun${uniq().slice(-8)}`;
    await a.pb.collection('users').update(a.id, { username: nick });
    expect(
      await refusal(b.pb.collection('users').update(b.id, { username: nick.toUpperCase() })),
    ).toEqual({ username: '이미 사용 중인 닉네임입니다.' });
    expect(await refusal(b.pb.collection('users').update(b.id, { username: 'shitfan' }))).toEqual({
      username: '비속어가 포함된 닉네임은 사용할 수 없습니다.',
    });
    // another fan's record is not theirs to update
    expect((await failure(b.pb.collection('users').update(a.id, { name: '해커' }))).status).toBe(
      404,
    );
  });

  it('keeps the first-login step answered on the server (biasStepDone)', async () => {
    const me = await fan();
    expect((await stored(me.id))['biasStepDone']).toBe(false);
    await me.pb.collection('users').update(me.id, { biasStepDone: true });
    expect((await stored(me.id))['biasStepDone']).toBe(true);
  });
});

describe('the nickname at sign-up', () => {
  it('keeps the chosen nickname, and refuses a taken one with its message', async () => {
    const owner = await fan();
    const nick = `Nova${uniq().slice(-8)}`;
    await saveProfile(owner, { username: nick });
    const b = signupBrowser(server);
    const email = `nick${uniq()}@test.local`;
    expect(await b.api.startEmailVerification(email)).toBe('sent');
    await server.mail!.waitFor(email, isVerification);
    const mail = server.mail!.messages.filter((m) => m.to.includes(email) && isVerification(m))[0]!;
    expect((await b.api.confirmEmail(tokenOf(linkOf(mail, '/verify-email/')))).result).toBe('done');
    const form = {
      email,
      password: 'photocard!2024',
      name: '최민준',
      phoneNumber: '01012345678',
      birth: '2001-02-03',
    };
    // taken in another case: refused, and the sign-up stays pending to be finished
    expect(await b.api.completeSignup({ ...form, username: nick.toUpperCase() })).toBe(
      'nicknameRefused',
    );
    const pending = await su
      .collection('users')
      .getFirstListItem(su.filter('email = {:e}', { e: email }));
    expect(pending['signupPending']).toBe(true);
    const mine = `민준${uniq().slice(-6)}`;
    expect(await b.api.completeSignup({ ...form, username: mine })).toBe('welcome');
    expect((await stored(pending.id))['username']).toBe(mine);
  });
});
