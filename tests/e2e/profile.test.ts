/**
 * The fan's own space in Chromium against the real PocketBase (docs/accounts.md): the first-login
 * 최애 step (skip, then pick), /register for a logged-in fan, 회원정보 수정 (every refusal under
 * its field, the live nickname check, the round avatar, an offline-queued nickname and name change
 * that lands once) and sign-up with a nickname, with the "verified" notice when the mail's link is
 * opened in another tab. One context at 390×844; the new screens are audited at 1280×800 too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { DESKTOP, PHONE, launchBrowser } from '../helpers/browser.ts';
import { openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { isVerification, linkOf, waitForMail } from '../helpers/mail.ts';
import { mailSinkUrl } from '../helpers/e2e-server.ts';
import { ko } from '../../src/i18n/ko-features.ts';

const PASSWORD = 'photocard1234';
const tag = () => Date.now().toString(36).slice(-5) + Math.random().toString(36).slice(2, 5);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let su: PocketBase;

beforeAll(async () => {
  browser = await launchBrowser();
  su = await superuserClient();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A verified fan made straight through the API (no bias, the first-login step not answered). */
async function makeFan(extra: Record<string, unknown> = {}) {
  const t = tag();
  const email = `prof${t}@test.local`;
  const record = await su.collection('users').create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: `별빛${t}`,
    name: '김하린',
    phoneNumber: '01012345678',
    birth: '2001-02-03',
    ...extra,
  });
  return { id: record.id, email, username: record['username'] as string };
}

const stored = (id: string) => su.collection('users').getOne(id);

async function loginThroughUi(email: string) {
  await page.goto('/login');
  await page.getByLabel(ko.login.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(ko.login.passwordLabel, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: ko.login.submit, exact: true }).click();
}

const logout = () => page.evaluate(() => window.__pocamarket!.logout());
const atPath = (path: string) =>
  expect.poll(() => new URL(page.url()).pathname.toLowerCase()).toBe(path.toLowerCase());

async function audit(): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
}

describe('first login: the 최애 step', () => {
  it('asks once after the first login; skipping is kept on the server', async () => {
    // one context for the whole file (openApp polls, so it runs inside a test)
    ({ context, page } = await openApp(browser, PHONE, { serviceWorker: false }));
    const fan = await makeFan();
    await loginThroughUi(fan.email);
    await atPath('/welcomeBias');
    await page.getByRole('heading', { name: ko.welcomeBias.title }).waitFor();
    await page.getByTestId('welcome-bias-group').first().waitFor();
    await audit();
    await page.getByTestId('welcome-bias-skip').click();
    await atPath('/');
    await expect.poll(async () => (await stored(fan.id))['biasStepDone']).toBe(true);
    expect((await stored(fan.id))['biasGroup']).toBe('');

    // another login (another device, as far as the server knows) goes straight home
    await logout();
    await loginThroughUi(fan.email);
    await atPath('/');
    await logout();
  });

  it('a tapped group becomes the bias, with the particle its name takes', async () => {
    const fan = await makeFan();
    await loginThroughUi(fan.email);
    await atPath('/welcomeBias');
    const group = await su.collection('groups').getFirstListItem('groupName = "LE SSERAFIM"');
    await page.getByTestId('welcome-bias-group').filter({ hasText: 'LE SSERAFIM' }).click();
    await page.getByText('LE SSERAFIM을 최애 그룹으로 골랐어요.').waitFor();
    await atPath('/');
    await expect.poll(async () => (await stored(fan.id))['biasGroup']).toBe(group.id);
    expect((await stored(fan.id))['biasStepDone']).toBe(true);
  });
});

describe('/register for a logged-in fan', () => {
  it('shows a notice with a way home instead of the wizard', async () => {
    await page.goto('/register');
    const notice = page.getByTestId('register-logged-in');
    await notice.getByText(ko.registerLoggedIn.title).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await audit();
    await notice.getByRole('link', { name: ko.registerLoggedIn.home }).click();
    await atPath('/');
  });
});

describe('회원정보 수정', () => {
  it('refuses each rule under its field, saves online and takes a round avatar', async () => {
    const me = (await page.evaluate(
      () => window.__pocamarket!.engine.getStatus().userId,
    )) as string;
    const other = await makeFan();
    await page.goto('/profileSetting');
    await page.getByRole('link', { name: ko.settings.editProfile }).click();
    await atPath('/editProfile');
    const nickname = page.getByTestId('edit-nickname');
    await nickname.waitFor();
    await page.getByText(ko.nickname.rule).waitFor();
    await audit();

    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();
    await nickname.fill('admin');
    await alert('사용할 수 없는 닉네임입니다.');
    await nickname.fill('a');
    await alert(ko.nickname.format);
    await nickname.fill('fuck_fan');
    await alert(ko.nickname.profanity);
    // someone else's, in another case: only the server knows
    await nickname.fill(other.username.toUpperCase());
    await alert(ko.nickname.taken);
    await page.getByTestId('edit-name').fill('김');
    await alert('이름 형식으로 입력해주세요');
    await page.getByTestId('edit-phone').fill('0101234');
    await alert('휴대폰번호를 올바르게 입력해주세요.');
    await page.getByTestId('edit-birth-day').fill('31');
    await page.getByTestId('edit-birth-month').fill('02');
    await alert('생년월일을 올바르게 입력해주세요.');

    const nick = `하린${tag()}`.slice(0, 12);
    await nickname.fill(nick);
    await page.getByText(ko.nickname.available).waitFor();
    await page.getByTestId('edit-name').fill('Hana Kim');
    await page.getByTestId('edit-phone').fill('01055556666');
    await page.getByTestId('edit-birth-day').fill('09');
    await page.getByTestId('edit-save').click();
    await page.getByTestId('edit-notice').getByText(ko.editProfile.saved).waitFor();
    const saved = await stored(me);
    expect([saved['username'], saved['name'], saved['phoneNumber'], saved['birth']]).toEqual([
      nick,
      'Hana Kim',
      '01055556666',
      '2001-02-09',
    ]);

    // the avatar: pick, crop (keyboard), apply; the picture is a circle cut from the photo
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 600;
      c.height = 400;
      const x = c.getContext('2d')!;
      x.fillStyle = '#be185d';
      x.fillRect(0, 0, 600, 400);
      return c.toDataURL('image/png').split(',')[1]!;
    });
    await page.getByTestId('edit-avatar-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    const cropper = page.getByTestId('avatar-cropper');
    await cropper.getByRole('heading', { name: ko.cropper.title }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('avatar-crop-view').press('ArrowLeft');
    await page.getByTestId('avatar-crop-apply').click();
    await page.getByTestId('edit-avatar-message').getByText(ko.editProfile.avatarSaved).waitFor();
    await waitForOutboxEmpty(page);
    const avatar = String((await stored(me))['avatar']);
    expect(avatar).toMatch(/\.webp$/);
    await page.getByRole('img', { name: ko.editProfile.avatarAlt(nick) }).waitFor();
  });

  it('queues a nickname and name change offline, shows it pending, and it lands once', async () => {
    const me = (await page.evaluate(
      () => window.__pocamarket!.engine.getStatus().userId,
    )) as string;
    const before = await stored(me);
    await context.setOffline(true);
    const nick = `오프${tag()}`.slice(0, 12);
    await page.getByTestId('edit-nickname').fill(nick);
    await page.getByText(ko.nickname.uncheckedOffline).waitFor();
    await page.getByTestId('edit-name').fill('박서연');
    await page.getByTestId('edit-save').click();
    await page.getByTestId('edit-notice').getByText(ko.editProfile.savedPending).waitFor();
    await page.getByTestId('edit-pending').waitFor();
    expect((await stored(me))['username']).toBe(before['username']);

    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    await page.getByTestId('edit-pending').waitFor({ state: 'detached' });
    const after = await stored(me);
    expect([after['username'], after['name']]).toEqual([nick, '박서연']);
    expect(
      await page.evaluate(
        async () => (await window.__pocamarket!.db.deadLetters.count()) as number,
      ),
    ).toBe(0);
    await logout();
  });
});

describe('sign-up asks for the nickname', () => {
  it('checks it live, tells when the link was opened in another tab, and keeps it', async () => {
    const taken = await makeFan();
    await page.goto('/register');
    const next = page.getByRole('button', { name: '다음', exact: true });
    await page.getByRole('button', { name: '전체 동의', exact: true }).click();
    await next.click();
    const email = `signup${tag()}@test.local`;
    await page.getByLabel('이메일', { exact: true }).fill(email);
    await page.getByRole('button', { name: '인증하기', exact: true }).click();
    await page.getByText('인증메일이 보내졌습니다. 메일함을 확인해주세요.').waitFor();

    // the mail opened in another tab of this browser: the wizard says so
    const mail = await waitForMail(mailSinkUrl(), email, isVerification);
    const tab = await context.newPage();
    await tab.goto(linkOf(mail, '/verify-email/'));
    await tab.getByText(ko.verifyEmail.done).waitFor();
    await tab.close();
    const verified = page.getByTestId('register-verified');
    await verified.getByText(ko.registerVerified.status).waitFor();
    await verified.getByRole('button', { name: ko.registerVerified.continue }).click();

    await page.getByLabel('비밀번호', { exact: true }).fill('photocard!2024');
    await page.getByLabel('비밀번호 확인', { exact: true }).fill('photocard!2024');
    await next.click();
    await page.getByLabel('이름', { exact: true }).fill('최민준');
    const nickname = page.getByTestId('register-nickname');
    await page.getByText(ko.nickname.optionalRule).waitFor();
    await nickname.fill('운영자');
    await page.getByText('사용할 수 없는 닉네임입니다.').waitFor();
    await nickname.fill(taken.username.toUpperCase());
    await page.getByText(ko.nickname.taken).waitFor();
    expect(await next.isDisabled()).toBe(true);
    const nick = `민준${tag()}`.slice(0, 12);
    await nickname.fill(nick);
    await page.getByText(ko.nickname.available).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await next.click();
    await page.getByLabel('휴대폰번호', { exact: true }).fill('01022223333');
    await next.click();
    await page.getByLabel('태어난 연도 (YYYY)').fill('1999');
    await page.getByLabel('태어난 월 (MM)').fill('09');
    await page.getByLabel('태어난 일 (DD)').fill('09');
    await page.getByRole('button', { name: '가입하기', exact: true }).click();
    await page.getByRole('alertdialog').getByText('환영합니다!').waitFor();
    const user = await su
      .collection('users')
      .getFirstListItem(su.filter('email = {:e}', { e: email }));
    expect([user['username'], user['verified']]).toEqual([nick, true]);
  });
});
