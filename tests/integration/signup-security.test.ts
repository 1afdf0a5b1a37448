/**
 * The account rules a fan can't get around, against the real PocketBase and the local SMTP sink:
 * emails unique without regard to case (sign-up, direct create, email change, login), a pending
 * sign-up that never blocks the mailbox owner, a sign-up only the mailbox owner can finish, and
 * reserved names and nicknames. Every refusal is checked for what it left behind: the stored
 * records (as superuser) and the mails in the sink.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupServer, signupBrowser } from '../helpers/integration-setup.ts';
import { createUser, failure, PASSWORD, readAsSuperuser, uniq } from '../helpers/pb-fixtures.ts';
import { waitFor } from '../helpers/wait.ts';
import { isVerification, linkOf, tokenOf, type SinkMessage } from '../helpers/mail.ts';

let server: TestServer;
let su: PocketBase;

setupServer(
  (env) => {
    ({ server, su } = env);
  },
  { mailSink: true },
);

/** One browser: its own storage and an unauthenticated client. */
const browser = () => signupBrowser(server);

const SIGNUP_PASSWORD = 'photocard!2024';
const profile = (email: string, extra: Record<string, string> = {}) => ({
  email,
  password: SIGNUP_PASSWORD,
  name: '김하린',
  phoneNumber: '01012345678',
  birth: '2001-02-03',
  ...extra,
});

/** A route's JSON answer: a status, or PocketBase's error shape. */
interface Answer {
  status?: string;
  message?: string;
  data?: Record<string, { code: string; message: string }>;
}

function post(path: string, body: unknown) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as Answer }));
}

/** Every account whose email is `email` in any case (LIKE ignores ASCII case). */
async function accountsWithEmail(email: string): Promise<RecordModel[]> {
  return su.collection('users').getFullList({ filter: su.filter('email ~ {:e}', { e: email }) });
}

const mailsTo = (email: string) =>
  server.mail!.messages.filter((m) => m.to.includes(email.toLowerCase()));

/** The `n`th mail to `email` (1-based) that matches, waiting for it to arrive. */
async function nthMail(
  email: string,
  n: number,
  match: (m: SinkMessage) => boolean,
): Promise<SinkMessage> {
  return waitFor(() => {
    const all = mailsTo(email).filter(match);
    if (all.length < n) throw new Error(`no mail #${n} for ${email}`);
    return all[n - 1]!;
  });
}

const linkTo = (part: string) => (m: SinkMessage) => m.links.some((l) => l.includes(part));

/** A mail in Korean: Hangul in subject and body, the app's name, none of PocketBase's English. */
function expectKorean(mail: SinkMessage) {
  expect(mail.subject).toMatch(/^\[포카마켓\] [가-힣 ]+/);
  expect(mail.html).toMatch(/[가-힣]/);
  expect(mail.html).toContain('포카마켓');
  for (const english of ['Hello', 'Thanks', 'Click', 'ignore', 'team']) {
    expect(mail.html).not.toContain(english);
  }
  for (const link of mail.links) {
    expect(link.startsWith(`${server.url}/`)).toBe(true);
    expect(link).not.toContain('/_/');
  }
}

describe('emails are unique without regard to case', () => {
  it('the sign-up route refuses an existing email in another case, and mails nobody', async () => {
    const owner = await createUser(server, su);
    const upper = owner.email.toUpperCase();
    const res = await post('/api/pocamarket/start-signup', { email: upper });
    expect(res).toEqual({ status: 200, body: { status: 'taken' } });
    expect(await browser().api.isEmailAvailable(upper)).toBe(false);
    const accounts = await accountsWithEmail(owner.email);
    expect(accounts.map((a) => [a.id, a.email, a.signupPending])).toEqual([
      [owner.id, owner.email, false],
    ]);
    expect(mailsTo(owner.email)).toEqual([]);
  });

  it('a direct users create refuses an existing email in another case', async () => {
    const owner = await createUser(server, su);
    const err = await failure(
      server
        .client()
        .collection('users')
        .create({
          email: owner.email.replace(/^u/, 'U').replace('@test.local', '@TEST.local'),
          password: 'other!pass1234',
          passwordConfirm: 'other!pass1234',
        }),
    );
    expect(err.status).toBe(400);
    expect(err.response.data.email?.code).toBe('validation_not_unique');
    expect(err.response.message).toMatch(/[가-힣]/);
    expect((await accountsWithEmail(owner.email)).map((a) => a.id)).toEqual([owner.id]);
    expect(mailsTo(owner.email)).toEqual([]);
  });

  it('stores every email in lower case, whoever creates the account', async () => {
    const tag = uniq();
    const direct = await server
      .client()
      .collection('users')
      .create({
        email: `Direct${tag}@Test.LOCAL`,
        password: 'other!pass1234',
        passwordConfirm: 'other!pass1234',
      });
    expect((await readAsSuperuser(su, 'users', direct.id))?.email).toBe(`direct${tag}@test.local`);
    const bySuperuser = await su.collection('users').create({
      email: `Super${tag}@Test.LOCAL`,
      password: 'other!pass1234',
      passwordConfirm: 'other!pass1234',
    });
    expect(bySuperuser.email).toBe(`super${tag}@test.local`);
  });

  it('logs in with the email in any case', async () => {
    const owner = await createUser(server, su);
    const mixed = owner.email.toUpperCase().replace('@TEST.LOCAL', '@Test.Local');
    const auth = await server.client().collection('users').authWithPassword(mixed, PASSWORD);
    expect(auth.record.id).toBe(owner.id);
    expect(auth.record.email).toBe(owner.email);
    // and asks for the reset mail in any case
    await server.client().collection('users').requestPasswordReset(mixed);
    await nthMail(owner.email, 1, linkTo('/reset-password/'));
  });

  it("an email change to another account's email in another case is refused, and mails nobody", async () => {
    const a = await createUser(server, su);
    const b = await createUser(server, su);
    const err = await failure(b.pb.collection('users').requestEmailChange(a.email.toUpperCase()));
    expect(err.status).toBe(400);
    expect(err.response.data.newEmail?.code).toBe('validation_invalid_new_email');
    expect(mailsTo(a.email)).toEqual([]);
    expect((await readAsSuperuser(su, 'users', b.id))?.email).toBe(b.email);

    // a change confirmed after the address was taken (in another case) is refused too
    const target = `target${uniq()}@test.local`;
    await b.pb.collection('users').requestEmailChange(target);
    const mail = await nthMail(target, 1, linkTo('/confirm-email-change/'));
    expectKorean(mail);
    await su.collection('users').create({
      email: target.toUpperCase(),
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    const { api } = browser();
    const token = tokenOf(linkOf(mail, '/confirm-email-change/'));
    expect(await api.confirmEmailChange(token, PASSWORD)).toBe('invalid');
    expect((await readAsSuperuser(su, 'users', b.id))?.email).toBe(b.email);
  });

  it("an email change is stored in lower case through the app's confirm page call", async () => {
    const b = await createUser(server, su);
    const tag = uniq();
    await b.pb.collection('users').requestEmailChange(`New${tag}@Test.Local`);
    const mail = await nthMail(`new${tag}@test.local`, 1, linkTo('/confirm-email-change/'));
    const token = tokenOf(linkOf(mail, '/confirm-email-change/'));
    const { api } = browser();
    expect(await api.confirmEmailChange(token, 'wrong-password-1')).toBe('wrongPassword');
    expect((await readAsSuperuser(su, 'users', b.id))?.email).toBe(b.email);
    expect(await api.confirmEmailChange(token, PASSWORD)).toBe('done');
    expect((await readAsSuperuser(su, 'users', b.id))?.email).toBe(`new${tag}@test.local`);
  });
});

describe('a pending sign-up never blocks the mailbox owner', () => {
  it("the owner's sign-up replaces a squatter's, and the squatter can't take it back once done", async () => {
    const squatter = browser();
    const owner = browser();
    const email = `owner${uniq()}@test.local`;
    expect(await squatter.api.startEmailVerification(email)).toBe('sent');
    const squatted = (await accountsWithEmail(email))[0]!;
    expect(squatted.signupPending).toBe(true);

    expect(await owner.api.isEmailAvailable(email)).toBe(true);
    expect(await owner.api.startEmailVerification(email.toUpperCase())).toBe('sent');
    const accounts = await accountsWithEmail(email);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.id).not.toBe(squatted.id);
    expect(await readAsSuperuser(su, 'users', squatted.id)).toBeNull();

    // the squatter's mail (the first) is void; the owner's (the second) works
    const first = await nthMail(email, 1, isVerification);
    const second = await nthMail(email, 2, isVerification);
    expect((await owner.api.confirmEmail(tokenOf(linkOf(first, '/verify-email/')))).result).toBe(
      'invalid',
    );
    expect((await owner.api.confirmEmail(tokenOf(linkOf(second, '/verify-email/')))).result).toBe(
      'done',
    );
    expect(await owner.api.completeSignup(profile(email))).toBe('welcome');

    // a completed account can't be replaced nor squatted again
    expect(await squatter.api.startEmailVerification(email)).toBe('checkEmail');
    const after = await accountsWithEmail(email);
    expect(after.map((a) => [a.id, a.signupPending, a.name])).toEqual([
      [accounts[0]!.id, false, '김하린'],
    ]);
    expect(mailsTo(email).filter(isVerification)).toHaveLength(2);
    await server.client().collection('users').authWithPassword(email, SIGNUP_PASSWORD);
  });

  it('a pending account made by a direct create (its maker knows the password) is replaced too', async () => {
    const email = `direct${uniq()}@test.local`;
    const squat = await server.client().collection('users').create({
      email,
      password: 'squatter!pw12',
      passwordConfirm: 'squatter!pw12',
    });
    expect((await readAsSuperuser(su, 'users', squat.id))?.signupPending).toBe(true);
    // the squatter can't renew it by creating it again
    const again = await failure(
      server.client().collection('users').create({
        email,
        password: 'squatter!pw12',
        passwordConfirm: 'squatter!pw12',
      }),
    );
    expect(again.status).toBe(400);

    const owner = browser();
    expect(await owner.api.startEmailVerification(email)).toBe('sent');
    expect(await readAsSuperuser(su, 'users', squat.id)).toBeNull();
    const mail = await nthMail(email, 1, isVerification);
    await owner.api.confirmEmail(tokenOf(linkOf(mail, '/verify-email/')));
    expect(await owner.api.completeSignup(profile(email))).toBe('welcome');
    await failure(server.client().collection('users').authWithPassword(email, 'squatter!pw12'));
  });
});

describe('only whoever opened the mailed link can finish a sign-up', () => {
  it("the starter of a sign-up can't complete it after the owner clicks the link", async () => {
    const starter = browser();
    const ownerBrowser = browser();
    const email = `target${uniq()}@test.local`;
    expect(await starter.api.startEmailVerification(email)).toBe('sent');
    const pending = (await accountsWithEmail(email))[0]!;

    // the mailbox owner clicks the link (in their own browser)
    const mail = await nthMail(email, 1, isVerification);
    const opened = await ownerBrowser.api.confirmEmail(tokenOf(linkOf(mail, '/verify-email/')));
    expect(opened).toEqual({ result: 'done', email, startedHere: false });
    expect((await readAsSuperuser(su, 'users', pending.id))?.verified).toBe(true);

    // the starter has no link: its browser can't finish, nor can a request without the token
    expect(await starter.api.completeSignup(profile(email, { password: 'starter!pw1234' }))).toBe(
      'notVerified',
    );
    const noToken = await post('/api/pocamarket/complete-signup', {
      ...profile(email),
      password: 'starter!pw1234',
    });
    expect(noToken).toEqual({ status: 200, body: { status: 'notVerified' } });
    // a verification token of another account (the starter's own mailbox) does not fit
    const other = browser();
    const otherEmail = `starter${uniq()}@test.local`;
    await other.api.startEmailVerification(otherEmail);
    const otherMail = await nthMail(otherEmail, 1, isVerification);
    const wrongToken = await post('/api/pocamarket/complete-signup', {
      ...profile(email),
      password: 'starter!pw1234',
      token: tokenOf(linkOf(otherMail, '/verify-email/')),
    });
    expect(wrongToken.body).toEqual({ status: 'notStarted' });

    const stored = (await readAsSuperuser(su, 'users', pending.id))!;
    expect([stored.signupPending, stored.name, stored.username]).toEqual([true, '', '']);
    await failure(server.client().collection('users').authWithPassword(email, 'starter!pw1234'));

    // the owner finishes it where they opened the link: the form starts with that email
    expect(ownerBrowser.api.lastLink()?.email).toBe(email);
    expect(await ownerBrowser.api.completeSignup(profile(email))).toBe('welcome');
    const auth = await server.client().collection('users').authWithPassword(email, SIGNUP_PASSWORD);
    expect(auth.record.id).toBe(pending.id);
  });
});

describe('reserved names and nicknames', () => {
  const USERNAMES = [
    'admin',
    'Admin',
    'ADMIN',
    'admin.',
    '_admin',
    '.admin_',
    'adm1n',
    'r00t',
    'admin2',
    'administrator',
    'root',
    'System',
    '관리자',
    '관리자1',
    '운영자',
    '포카마켓',
    'pocamarket',
    'official_admin',
    '포카마켓운영팀',
  ];
  // on create, values the username rule would refuse anyway are still caught as reserved first
  const CREATE_ONLY = ['ａｄｍｉｎ', 'a d m i n', 'admin\u200b', '\u0430dmin', 'ad-min'];
  const NAMES = [
    '관리자',
    '관 리 자',
    ' 관리자 ',
    '관리자\u200b',
    '운영자',
    'ＡＤＭＩＮ',
    'Admin.',
    '포카마켓 운영팀',
    'System',
    '\u0430dmin',
    'root',
  ];
  const FREE = ['badminton', '관리자님팬', 'rooted', 'adminkim', '포카러버'];

  async function expectRefused(
    p: Promise<unknown>,
    field: 'username' | 'name',
    message: string,
    label: string,
  ): Promise<void> {
    const err = await failure(p).catch((e: unknown) => {
      throw new Error(`${field} ${label}: ${String(e)}`, { cause: e });
    });
    expect(err.status, label).toBe(400);
    // the field says why; the summary above it is the app's Korean one for the request
    expect(err.response.data[field], label).toEqual({ code: 'validation_reserved_value', message });
    expect(err.response.message, label).toMatch(/^[가-힣 .,]+$/);
  }

  it('refuses them on a direct create, and stores nothing', async () => {
    for (const username of [...USERNAMES, ...CREATE_ONLY]) {
      const email = `res${uniq()}@test.local`;
      await expectRefused(
        server.client().collection('users').create({
          email,
          username,
          password: 'photocard!2024',
          passwordConfirm: 'photocard!2024',
        }),
        'username',
        '사용할 수 없는 닉네임입니다.',
        JSON.stringify(username),
      );
      expect(await accountsWithEmail(email)).toEqual([]);
    }
    for (const name of NAMES) {
      const email = `res${uniq()}@test.local`;
      await expectRefused(
        server.client().collection('users').create({
          email,
          name,
          password: 'photocard!2024',
          passwordConfirm: 'photocard!2024',
        }),
        'name',
        '사용할 수 없는 이름입니다.',
        JSON.stringify(name),
      );
      expect(await accountsWithEmail(email)).toEqual([]);
    }
    expect(server.mail!.messages.filter((m) => m.to.some((t) => t.startsWith('res')))).toEqual([]);
  });

  it('refuses them on a profile update, and leaves the profile as it was', async () => {
    const fan = await createUser(server, su);
    for (const username of USERNAMES) {
      await expectRefused(
        fan.pb.collection('users').update(fan.id, { username }),
        'username',
        '사용할 수 없는 닉네임입니다.',
        JSON.stringify(username),
      );
    }
    for (const name of NAMES) {
      await expectRefused(
        fan.pb.collection('users').update(fan.id, { name }),
        'name',
        '사용할 수 없는 이름입니다.',
        JSON.stringify(name),
      );
    }
    const stored = (await readAsSuperuser(su, 'users', fan.id))!;
    expect([stored.username, stored.name]).toEqual([fan.record.username, 'tester']);
    // look-alike-free values stay allowed
    for (const value of FREE) {
      await fan.pb
        .collection('users')
        .update(fan.id, { username: value.slice(0, 20), name: value });
    }
  });

  it('refuses a reserved name at the end of a sign-up, which stays pending', async () => {
    const b = browser();
    const email = `resname${uniq()}@test.local`;
    await b.api.startEmailVerification(email);
    const mail = await nthMail(email, 1, isVerification);
    await b.api.confirmEmail(tokenOf(linkOf(mail, '/verify-email/')));
    const token = tokenOf(linkOf(mail, '/verify-email/'));
    for (const name of ['관리자', '운영자', '포카마켓', 'Admin Root']) {
      const res = await post('/api/pocamarket/complete-signup', {
        ...profile(email, { name }),
        token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('사용할 수 없는 이름입니다.');
      expect(res.body.data?.name?.message).toBe('사용할 수 없는 이름입니다.');
    }
    expect((await accountsWithEmail(email))[0]?.signupPending).toBe(true);
    expect(await b.api.completeSignup(profile(email))).toBe('welcome');
    // the username it gets from an email like admin@... is never a reserved one
    const c = browser();
    const adminEmail = `admin@res${uniq()}.local`;
    await c.api.startEmailVerification(adminEmail);
    const adminMail = await nthMail(adminEmail, 1, isVerification);
    await c.api.confirmEmail(tokenOf(linkOf(adminMail, '/verify-email/')));
    expect(await c.api.completeSignup(profile(adminEmail))).toBe('welcome');
    const created = (await accountsWithEmail(adminEmail))[0]!;
    // never made from the (private) email: '팬' and digits (docs/accounts.md, Nicknames)
    expect(created.username).toMatch(/^팬\d{6,8}$/);
  });

  it('superusers may use them, and an account that has one keeps it through other edits', async () => {
    const staff = await su.collection('users').create({
      email: `staff${uniq()}@test.local`,
      username: `adm1n${uniq().slice(0, 4)}`.replace(/[a-z0-9]{4}$/, ''),
      name: '운영자',
      role: 'admin',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      verified: true,
    });
    expect([staff.username, staff.name]).toEqual(['adm1n', '운영자']);
    const pb = server.client();
    await pb.collection('users').authWithPassword(staff.email, PASSWORD);
    const updated = await pb.collection('users').update(staff.id, { biasGroup: '' });
    expect([updated.username, updated.name]).toEqual(['adm1n', '운영자']);
  });
});

describe('every PocketBase mail in Korean, with links to the app', () => {
  it('verification, password reset and email change', async () => {
    const email = `mails${uniq()}@test.local`;
    await browser().api.startEmailVerification(email);
    const verification = await nthMail(email, 1, isVerification);
    expectKorean(verification);
    expect(verification.subject).toBe('[포카마켓] 이메일 인증');
    expect(verification.links).toHaveLength(1);
    expect(verification.links[0]!.startsWith(`${server.url}/verify-email/`)).toBe(true);

    const user = await createUser(server, su);
    await server.client().collection('users').requestPasswordReset(user.email);
    const reset = await nthMail(user.email, 1, linkTo('/reset-password/'));
    expectKorean(reset);
    expect(reset.subject).toBe('[포카마켓] 비밀번호 재설정');
    expect(reset.links).toEqual([expect.stringMatching(`^${server.url}/reset-password/[^/]+$`)]);

    const newEmail = `changed${uniq()}@test.local`;
    await user.pb.collection('users').requestEmailChange(newEmail);
    const change = await nthMail(newEmail, 1, linkTo('/confirm-email-change/'));
    expectKorean(change);
    expect(change.subject).toBe('[포카마켓] 새 이메일 주소 확인');
    expect(change.links).toEqual([
      expect.stringMatching(`^${server.url}/confirm-email-change/[^/]+$`),
    ]);
  });

  it('the login alert from a new device', async () => {
    const user = await createUser(server, su); // the first login: no alert
    const login = (agent: string) =>
      fetch(`${server.url}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': agent },
        body: JSON.stringify({ identity: user.email, password: PASSWORD }),
      });
    expect((await login('another-phone/1.0')).status).toBe(200);
    const alert = await nthMail(user.email, 1, () => true);
    expectKorean(alert);
    expect(alert.subject).toBe('[포카마켓] 새로운 환경에서 로그인했어요');
    expect(alert.html).toContain('another-phone/1.0');
    expect(alert.links).toEqual([`${server.url}/forgot-password`]);
  });

  it('the one-time password', async () => {
    await su.collections.update('users', { otp: { enabled: true } });
    try {
      const user = await createUser(server, su);
      const { otpId } = await server.client().collection('users').requestOTP(user.email);
      expect(otpId).toBeTruthy();
      const otp = await nthMail(user.email, 1, (m) => m.subject.includes('인증번호'));
      expectKorean(otp);
      expect(otp.subject).toBe('[포카마켓] 로그인 인증번호');
      expect(otp.html).toMatch(/<strong>\d{8}<\/strong>/);
      expect(otp.links).toEqual([]);
    } finally {
      await su.collections.update('users', { otp: { enabled: false } });
    }
  });
});
