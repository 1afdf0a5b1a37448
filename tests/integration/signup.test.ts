/**
 * Email sign-up against the real PocketBase and the local SMTP sink: the data module's calls
 * (src/domains/accounts/signup.ts) end to end, and what nobody without the mailed link can do with a
 * pending account.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupServer, signupBrowser } from '../helpers/integration-setup.ts';
import { createUser, failure, readAsSuperuser, uniq } from '../helpers/pb-fixtures.ts';
import { waitFor } from '../helpers/wait.ts';
import {
  isPasswordReset,
  isVerification,
  linkOf,
  tokenOf,
  type SinkMessage,
} from '../helpers/mail.ts';

let server: TestServer;
let su: PocketBase;

setupServer(
  (env) => {
    ({ server, su } = env);
  },
  { mailSink: true },
);

/** One browser: its own storage (where the opened link's token lives) and an unauthenticated client. */
const browser = () => signupBrowser(server);

/** The `n`th verification mail to `email` (1-based), waiting for it to arrive. */
async function nthVerification(email: string, n: number): Promise<SinkMessage> {
  return waitFor(() => {
    const all = server.mail!.messages.filter((m) => m.to.includes(email) && isVerification(m));
    if (all.length < n) throw new Error(`no verification mail #${n} for ${email}`);
    return all[n - 1]!;
  });
}

const PASSWORD = 'photocard!2024';
const profile = (email: string) => ({
  email,
  password: PASSWORD,
  name: '김하린',
  phoneNumber: '01012345678',
  birth: '2001-02-03',
});

async function pendingRecord(email: string) {
  const list = await su
    .collection('users')
    .getFullList({ filter: su.filter('email = {:e}', { e: email }) });
  return list[0];
}

/** The newest verification mail to `email` (a new sign-up voids the older links). */
async function latestVerification(email: string) {
  await server.mail!.waitFor(email, isVerification);
  const all = server.mail!.messages.filter((m) => m.to.includes(email) && isVerification(m));
  return all[all.length - 1]!;
}

/** Opens the mail's link in `b` (the app's /verify-email page does just this). */
async function openMailIn(b: ReturnType<typeof browser>, email: string) {
  const mail = await latestVerification(email);
  const res = await b.api.confirmEmail(tokenOf(linkOf(mail, '/verify-email/')));
  expect(res.result).toBe('done');
  return res;
}

describe('sign-up with email verification', () => {
  it('sign-up → verification mail → open the link → final submit → login with the real password', async () => {
    const b = browser();
    const { api } = b;
    const email = `Fan${uniq()}@Test.Local`;
    const lower = email.toLowerCase();
    expect(await api.isEmailAvailable(email)).toBe(true);
    expect(await api.startEmailVerification(email)).toBe('sent');

    const pending = await pendingRecord(lower);
    expect(pending?.email).toBe(lower);
    expect(pending?.signupPending).toBe(true);
    expect(pending?.verified).toBe(false);
    expect(pending?.emailVisibility).toBe(false);

    // before the link is opened
    expect(await api.completeSignup(profile(email))).toBe('notVerified');

    const mail = await server.mail!.waitFor(lower, isVerification);
    const link = linkOf(mail, '/verify-email/');
    expect(link.startsWith(`${server.url}/verify-email/`)).toBe(true);
    expect(mail.subject).toBe('[포카마켓] 이메일 인증');
    expect(mail.links).toEqual([link]);
    expect(await api.confirmEmail(tokenOf(link))).toEqual({
      result: 'done',
      email: lower,
      startedHere: true,
    });
    expect(api.lastLink()).toEqual({ email: lower, token: tokenOf(link) });

    expect(await api.completeSignup(profile(email))).toBe('welcome');
    expect(b.store.size).toBe(0);

    const pb = server.client();
    const auth = await pb.collection('users').authWithPassword(lower, PASSWORD);
    expect(auth.record.name).toBe('김하린');
    expect(auth.record.verified).toBe(true);
    expect(auth.record.phoneNumber).toBe('01012345678');
    expect(auth.record.birth).toBe('2001-02-03');
    // no nickname chosen: '팬' and digits, never the email's local part (docs/accounts.md, Nicknames)
    expect(auth.record.username).toMatch(/^팬\d{6,8}$/);
    expect(auth.record.signupPending).toBeUndefined(); // hidden field
    expect((await readAsSuperuser(su, 'users', auth.record.id))?.signupPending).toBe(false);

    // completed once: the link's token is spent (the new password renewed the account's key)
    const replay = await fetch(`${server.url}/api/pocamarket/complete-signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...profile(lower), token: tokenOf(link), password: 'other!pass12' }),
    });
    expect(await replay.json()).toEqual({ status: 'notStarted' });
    await pb.collection('users').authWithPassword(lower, PASSWORD);
  });

  it("a completed account's email is taken, and its owner gets no mail", async () => {
    const b = browser();
    const done = await createUser(server, su);
    expect(await b.api.isEmailAvailable(done.email)).toBe(false);
    expect(await b.api.isEmailAvailable(done.email.toUpperCase())).toBe(false);
    expect(await b.api.startEmailVerification(done.email)).toBe('checkEmail');
    expect(await b.api.startEmailVerification(done.email.toUpperCase())).toBe('checkEmail');
    expect(b.store.size).toBe(0);
    expect(server.mail!.messages.filter((m) => m.to.includes(done.email))).toEqual([]);
    // an invalid email never reaches the server
    expect(await b.api.startEmailVerification('not-an-email')).toBe('checkEmail');
  });

  it('starting again (a reload, a resend) replaces the pending sign-up: only the newest link works', async () => {
    const b = browser();
    const email = `reload${uniq()}@test.local`;
    expect(await b.api.startEmailVerification(email)).toBe('sent');
    const first = await latestVerification(email);
    const firstRecord = (await pendingRecord(email))!;
    expect(await b.api.isEmailAvailable(email)).toBe(true); // a pending sign-up blocks nobody
    expect(await b.api.startEmailVerification(email)).toBe('sent');
    const second = await nthVerification(email, 2);
    expect(second.links[0]).not.toBe(first.links[0]);
    const secondRecord = (await pendingRecord(email))!;
    expect(secondRecord.id).not.toBe(firstRecord.id);
    expect(await readAsSuperuser(su, 'users', firstRecord.id)).toBeNull();

    expect((await b.api.confirmEmail(tokenOf(linkOf(first, '/verify-email/')))).result).toBe(
      'invalid',
    );
    expect(await b.api.completeSignup(profile(email))).toBe('notVerified');
    await openMailIn(b, email);
    expect(await b.api.completeSignup(profile(email))).toBe('welcome');
  });

  it('final submit without an opened link says the email is not verified', async () => {
    const { api } = browser();
    expect(await api.completeSignup(profile(`never${uniq()}@test.local`))).toBe('notVerified');
    const res = await fetch(`${server.url}/api/pocamarket/complete-signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(profile(`never${uniq()}@test.local`)),
    });
    expect(await res.json()).toEqual({ status: 'notStarted' });
  });

  it('nobody without the link can complete, log into or take over a pending account', async () => {
    const owner = browser();
    const attacker = browser();
    const email = `victim${uniq()}@test.local`;
    expect(await owner.api.startEmailVerification(email)).toBe('sent');
    await openMailIn(owner, email);
    const pending = (await pendingRecord(email))!;

    // the attacker has no link token locally; with guessed ones the server refuses
    expect(await attacker.api.completeSignup(profile(email))).toBe('notVerified');
    const forged = (claims: object) =>
      `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.x`;
    for (const guess of [
      'x'.repeat(40),
      forged({ id: pending.id, type: 'verification', email, collectionId: pending.collectionId }),
    ]) {
      const res = await fetch(`${server.url}/api/pocamarket/complete-signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...profile(email), token: guess, password: 'attacker!pw12' }),
      });
      expect(await res.json()).toEqual({ status: 'notStarted' });
    }
    // logins are refused (a pending account gets no token)
    const err = await failure(
      server.client().collection('users').authWithPassword(email, 'attacker!pw12'),
    );
    expect(err.status).toBe(400);
    // another signed-in user can't update or read it
    const mallory = await createUser(server, su);
    const upd = await failure(
      mallory.pb.collection('users').update(pending.id, {
        password: 'attacker!pw12',
        passwordConfirm: 'attacker!pw12',
        email: 'x@test.local',
      }),
    );
    expect(upd.status).toBe(404);
    // a pending account is nobody's public profile yet
    expect((await failure(mallory.pb.collection('users').getOne(pending.id))).status).toBe(404);
    const listed = await mallory.pb
      .collection('users')
      .getFullList({ filter: mallory.pb.filter('id = {:id}', { id: pending.id }) });
    expect(listed).toEqual([]);
    const probe = await mallory.pb
      .collection('users')
      .getList(1, 10, { filter: `signupPending = true` })
      .catch((e: unknown) => e);
    expect(probe).toBeInstanceOf(Error);
    // no reset mail for a pending account
    await server.client().collection('users').requestPasswordReset(email);
    await expect(server.mail!.waitFor(email, isPasswordReset, 1500)).rejects.toThrow();

    // the owner still completes it
    expect(await owner.api.completeSignup(profile(email))).toBe('welcome');
  });

  it('takes SMTP and the app URL from the environment', async () => {
    const settings = await su.settings.getAll();
    expect(settings.smtp).toMatchObject({
      enabled: true,
      host: '127.0.0.1',
      port: server.mail!.port,
      tls: false,
    });
    expect(settings.meta).toMatchObject({
      appURL: server.url,
      senderAddress: 'no-reply@pocamarket.local',
    });
  });

  it('email availability answers one boolean and nothing else', async () => {
    const done = await createUser(server, su);
    const res = await fetch(`${server.url}/api/pocamarket/email-available`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: done.email.toUpperCase() }),
    });
    expect(await res.json()).toEqual({ available: false });
    const bad = await fetch(`${server.url}/api/pocamarket/email-available`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nope' }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).not.toContain(done.id);
  });

  it('the server checks name, phone and birth with the client rules', async () => {
    const b = browser();
    const { api } = b;
    const email = `rules${uniq()}@test.local`;
    expect(await api.startEmailVerification(email)).toBe('sent');
    await openMailIn(b, email);
    for (const bad of [
      { name: '김' },
      { name: 'John  Smith' },
      { phoneNumber: '0101234567' },
      { birth: '1899-12-31' },
      { birth: '2001-02-30' },
      { birth: `${new Date().getFullYear() + 1}-01-01` },
      { password: 'onlyletters' },
    ]) {
      expect(await api.completeSignup({ ...profile(email), ...bad })).toBe('networkError');
    }
    expect(await api.completeSignup({ ...profile(email), name: 'John Smith' })).toBe('welcome');
    // and on later profile edits
    const pb = server.client();
    const auth = await pb.collection('users').authWithPassword(email, PASSWORD);
    // phoneNumber and birth are hidden fields: PocketBase drops them from a client's update, so
    // only the sign-up route (which checks them) ever sets them
    await pb.collection('users').update(auth.record.id, { phoneNumber: '123', birth: 'x' });
    const stored = await readAsSuperuser(su, 'users', auth.record.id);
    expect([stored?.phoneNumber, stored?.birth]).toEqual(['01012345678', '2001-02-03']);
    // hidden: a client can't set it (PocketBase ignores it, the hook would refuse it)
    await pb
      .collection('users')
      .update(auth.record.id, { signupPending: true })
      .catch(() => null);
    expect((await readAsSuperuser(su, 'users', auth.record.id))?.signupPending).toBe(false);
  });

  it('sends the password reset mail', async () => {
    const user = await createUser(server, su);
    const { api } = browser();
    await api.requestPasswordReset(user.email);
    const mail = await server.mail!.waitFor(user.email, isPasswordReset);
    const token = tokenOf(linkOf(mail, '/reset-password/'));
    expect(await api.confirmPasswordReset(token, 'newpass!1234')).toBe('done');
    await server.client().collection('users').authWithPassword(user.email, 'newpass!1234');
    // the link works once
    expect(await api.confirmPasswordReset(token, 'again!pass1234')).toBe('invalid');
  });

  it('the cleanup deletes pending sign-ups older than the limit, and only those', async () => {
    const { api } = browser();
    const stale = `stale${uniq()}@test.local`;
    expect(await api.startEmailVerification(stale)).toBe('sent');
    const completed = await createUser(server, su);
    const cleanup = (maxAgeSeconds?: number) =>
      su.send<{ deleted: number }>('/api/pocamarket/signup-cleanup', {
        method: 'POST',
        body: maxAgeSeconds === undefined ? {} : { maxAgeSeconds },
      });
    // the default (24 h) keeps a fresh one
    await cleanup();
    expect(await pendingRecord(stale)).toBeDefined();
    // anonymous callers can't run it
    const anon = await failure(
      server.client().send('/api/pocamarket/signup-cleanup', { method: 'POST', body: {} }),
    );
    expect([401, 403]).toContain(anon.status);

    await new Promise((r) => setTimeout(r, 1100));
    const res = await cleanup(1);
    expect(res.deleted).toBeGreaterThanOrEqual(1);
    expect(await pendingRecord(stale)).toBeUndefined();
    expect(await readAsSuperuser(su, 'users', completed.id)).not.toBeNull();
    // the email is free again
    expect(await browser().api.isEmailAvailable(stale)).toBe(true);
  });
});
