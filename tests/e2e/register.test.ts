/**
 * Sign-up (/register) in Chromium against the shared server and its mail sink: the phone wizard
 * with every invalid value's exact message, the desktop single form with its date picker, the
 * verification link from the real mail, and the final submit's outcomes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import PocketBase from 'pocketbase';
import { DESKTOP, PHONE, launchBrowser } from '../helpers/browser.ts';
import { openApp, superuserClient } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { isVerification, linkOf, waitForMail } from '../helpers/mail.ts';
import { ko } from '../../src/i18n/ko-features.ts';
import { koAccountLinks } from '../../src/features/accounts/account-links-text.ts';
import { baseUrl, mailSinkUrl } from '../helpers/e2e-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'photocard!2024';
const uniqEmail = (tag: string) =>
  `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@test.local`;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function expectMessage(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 60_000 });
}

/** Opens the verification link from the sink in its own tab (the app's Korean confirm page). */
async function verifyByMail(page: Page, email: string) {
  const mail = await waitForMail(mailSinkUrl(), email, isVerification);
  const link = linkOf(mail, '/verify-email/');
  expect(link.startsWith(`${baseUrl()}/verify-email/`)).toBe(true);
  const confirmPage = await page.context().newPage();
  await confirmPage.goto(link);
  await confirmPage.getByText(ko.verifyEmail.done).waitFor({ timeout: 60_000 });
  const su = await superuserClient();
  await expect
    .poll(
      async () =>
        (await su.collection('users').getFirstListItem(su.filter('email = {:e}', { e: email })))
          .verified,
      { timeout: 60_000 },
    )
    .toBe(true);
  await confirmPage.close();
}

async function expectLoginWorks(email: string) {
  const pb = new PocketBase(baseUrl());
  const auth = await pb.collection('users').authWithPassword(email, PASSWORD);
  expect(auth.record.name).toBeTruthy();
}

/**
 * The sign-up left the fan logged in (docs/accounts.md, Sign-up): the app's session is the new
 * account's, and the first-login 최애 step opens, not /login.
 */
async function expectSignedIn(page: Page, email: string): Promise<string> {
  await page.waitForURL((url) => url.pathname === '/welcomeBias', { timeout: 60_000 });
  const su = await superuserClient();
  const user = await su
    .collection('users')
    .getFirstListItem(su.filter('email = {:e}', { e: email }));
  await expect
    .poll(() => page.evaluate(() => window.__pocamarket!.engine.getStatus().userId as string))
    .toBe(user.id);
  // the session is kept like any login's, so a reload stays signed in
  expect(
    await page.evaluate(
      async () => (await window.__pocamarket!.db.auth.get('session'))?.record?.id,
    ),
  ).toBe(user.id);
  // nothing keeps the password: not the page's storage, not the local database
  const stored = await page.evaluate(async () => {
    const p = window.__pocamarket!;
    const rows = await Promise.all(
      p.db.tables.map((t: { toArray(): Promise<unknown[]> }) => t.toArray()),
    );
    return JSON.stringify([{ ...localStorage }, { ...sessionStorage }, rows]);
  });
  expect(stored).not.toContain(PASSWORD);
  return user.id;
}

describe('sign-up on a phone: the 6-page wizard', () => {
  it('shows each rule, verifies by mail and welcomes the new member', async () => {
    const { page, errors, context } = await openApp(browser, PHONE, {
      path: '/register',
      serviceWorker: false,
    });
    const next = button(page, '다음');
    const progress = page.getByRole('progressbar');

    // 1 terms: the required three enable Next; 'agree to all' toggles all four
    expect(await progress.getAttribute('aria-valuenow')).toBe('1');
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel('마케팅 정보 수신 동의 (선택)').check();
    expect(await next.isDisabled()).toBe(true);
    const all = button(page, '전체 동의');
    await all.click();
    expect(await all.getAttribute('aria-pressed')).toBe('true');
    await all.click();
    expect(await page.getByLabel('만 14세 이상입니다 (필수)').isChecked()).toBe(false);
    expect(await all.getAttribute('aria-pressed')).toBe('false');
    for (const label of [
      '만 14세 이상입니다 (필수)',
      '서비스 이용약관 동의 (필수)',
      '개인정보 수집 및 이용 동의 (필수)',
    ]) {
      await page.getByLabel(label).check();
    }
    expect(await next.isDisabled()).toBe(false);
    await next.click();

    // 2 email
    expect(await progress.getAttribute('aria-valuenow')).toBe('2');
    const email = field(page, '이메일');
    const verify = button(page, '인증하기');
    await email.fill('x');
    await email.fill('');
    await email.blur();
    await expectMessage(page, '이메일을 입력해주세요');
    await email.fill('fan@example');
    await expectMessage(page, '이메일 형식으로 입력해주세요');
    expect(await verify.isDisabled()).toBe(true);
    await email.fill('fan1@example.com');
    await expectMessage(page, '이미 가입된 이메일입니다.');
    await verify.click();
    await expectMessage(page, '이메일을 확인해주세요');
    expect(await next.isDisabled()).toBe(true);
    const address = uniqEmail('phone');
    await email.fill(address);
    await verify.click();
    await expectMessage(page, '인증메일이 보내졌습니다. 메일함을 확인해주세요.');
    expect(await verify.isDisabled()).toBe(true);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await next.click();

    // 3 password
    const password = field(page, '비밀번호');
    const confirm = field(page, '비밀번호 확인');
    await password.fill('short1');
    await expectMessage(page, '최소 10자 이상 입력해주세요.');
    await password.fill('onlyletters');
    await expectMessage(page, '영문/숫자/특수문자(공백 제외)만 허용, 2개 이상 조합');
    await password.fill('with space 12');
    await expectMessage(page, '영문/숫자/특수문자(공백 제외)만 허용, 2개 이상 조합');
    await password.fill(PASSWORD);
    await confirm.focus();
    await confirm.blur();
    await expectMessage(page, '비밀번호를 한 번 더 입력해주세요.');
    await confirm.fill(PASSWORD + 'x');
    await expectMessage(page, '동일한 비밀번호를 입력해주세요.');
    expect(await next.isDisabled()).toBe(true);
    await confirm.fill(PASSWORD);
    await next.click();

    // 4 name
    const name = field(page, '이름');
    await name.focus();
    await name.blur();
    await expectMessage(page, '이름을 입력해주세요');
    for (const bad of ['김', '김하린하린', 'Hong  Gildong', 'Hong']) {
      await name.fill(bad);
      await expectMessage(page, '이름 형식으로 입력해주세요');
    }
    expect(await next.isDisabled()).toBe(true);
    // the operators' names, in any spacing
    for (const reserved of ['관리자', '운영자', '포카마켓', 'Admin Root']) {
      await name.fill(reserved);
      await expectMessage(page, '사용할 수 없는 이름입니다.');
    }
    expect(await next.isDisabled()).toBe(true);
    await name.fill('김하린');
    // Enter in a field never submits nor moves on by itself
    await name.press('Enter');
    expect(await progress.getAttribute('aria-valuenow')).toBe('4');
    await next.click();

    // 5 phone: digits only, 11
    const phone = field(page, '휴대폰번호');
    await phone.focus();
    await phone.blur();
    await expectMessage(page, '휴대폰번호를 입력해주세요.');
    await phone.fill('010-1234-567');
    expect(await phone.inputValue()).toBe('0101234567');
    await expectMessage(page, '휴대폰번호를 올바르게 입력해주세요.');
    await phone.fill('010-1234-5678-9');
    expect(await phone.inputValue()).toBe('01012345678');
    await next.click();

    // 6 birth
    const year = page.getByLabel('태어난 연도 (YYYY)');
    const month = page.getByLabel('태어난 월 (MM)');
    const day = page.getByLabel('태어난 일 (DD)');
    await year.focus();
    await year.blur();
    await expectMessage(page, '생년월일을 입력해주세요.');
    await year.fill('1899');
    await month.fill('12');
    await day.fill('31');
    await expectMessage(page, '생년월일을 올바르게 입력해주세요.');
    await year.fill('2001');
    await month.fill('02');
    await day.fill('30');
    await expectMessage(page, '생년월일을 올바르게 입력해주세요.');
    await day.fill('03');
    const submit = button(page, '가입하기');
    expect(await submit.isDisabled()).toBe(false);
    expect(await progress.getAttribute('aria-valuenow')).toBe('6');

    // Enter in the last field does not submit
    await day.press('Enter');
    await page.waitForTimeout(500);
    expect(await page.getByRole('alert').filter({ hasText: '이메일이' }).count()).toBe(0);

    // before the link: not verified
    await submit.click();
    await expectMessage(page, '이메일이 인증되지 않았습니다');

    await verifyByMail(page, address);
    await submit.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('환영합니다!').waitFor();
    await dialog.getByRole('button', { name: ko.register.welcomeStart }).click();
    const userId = await expectSignedIn(page, address);
    await expectLoginWorks(address);

    // the 최애 step: NewJeans. The starter book follows it, and home shows NewJeans first
    const su = await superuserClient();
    const newJeans = await su.collection('groups').getFirstListItem('groupName = "NewJeans"');
    await page.getByTestId('welcome-bias-group').filter({ hasText: 'NewJeans' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(
        async () =>
          (
            await su
              .collection('collectBook')
              .getFullList({ filter: su.filter('users = {:u}', { u: userId }) })
          ).map((b) => [b['title'], b['group']]),
        { timeout: 60_000 },
      )
      .toEqual([['나의 첫 콜렉트북', newJeans.id]]);
    const firstGroups = () =>
      page.evaluate(async () => {
        const rows = ['home-row-latest', 'home-row-popular'].map((row) =>
          document
            .querySelector(`[data-testid="${row}"] [data-testid="photo-card"]`)
            ?.getAttribute('data-card-id'),
        );
        const { db } = window.__pocamarket!;
        return Promise.all(
          rows.map(async (id) => (id ? (await db.photoCards.get(id))?.group : '')),
        );
      });
    await expect.poll(firstGroups).toEqual([newJeans.id, newJeans.id]);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors.filter((e) => !e.includes('400') && !e.includes('Failed to load'))).toEqual([]);
    await context.close();
  });
});

describe('sign-up on a desktop: one form', () => {
  it('fills the form with the date picker, refuses an unverified submit, then welcomes', async () => {
    const { page, context } = await openApp(browser, DESKTOP, {
      path: '/register',
      serviceWorker: false,
    });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    const submit = button(page, '가입하기');
    expect(await submit.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await button(page, '전체 동의').click();
    const address = uniqEmail('desk');
    await field(page, '이메일').fill(address);
    await button(page, '인증하기').click();
    await expectMessage(page, '인증메일이 보내졌습니다. 메일함을 확인해주세요.');
    await field(page, '비밀번호').fill(PASSWORD);
    await field(page, '비밀번호 확인').fill(PASSWORD);
    await field(page, '이름').fill('Hong Gildong');
    await field(page, '휴대폰번호').fill('01098765432');

    // the date picker: 4 years per row
    await button(page, '달력에서 생년월일 고르기').click();
    const picker = page.getByRole('dialog', { name: '생년월일 고르기' });
    const yearGrid = picker.getByRole('group', { name: '연도 선택' });
    const tops = await yearGrid
      .getByRole('button')
      .evaluateAll((els) => els.slice(0, 8).map((el) => el.getBoundingClientRect().top));
    expect(new Set(tops.slice(0, 4)).size).toBe(1);
    expect(tops[4]).toBeGreaterThan(tops[0]!);
    await picker.getByRole('button', { name: '이전 연도' }).click();
    await picker.getByRole('button', { name: '1999', exact: true }).click();
    await picker.getByRole('button', { name: '7월', exact: true }).click();
    await picker.getByRole('button', { name: '15일', exact: true }).click();
    expect(await page.getByLabel('태어난 연도 (YYYY)').inputValue()).toBe('1999');
    expect(await page.getByLabel('태어난 월 (MM)').inputValue()).toBe('07');
    expect(await page.getByLabel('태어난 일 (DD)').inputValue()).toBe('15');

    // Enter inside a field of a complete form submits nothing
    await field(page, '이름').press('Enter');
    await page.waitForTimeout(500);
    expect(await page.getByText('이메일이 인증되지 않았습니다').count()).toBe(0);

    await submit.click();
    await expectMessage(page, '이메일이 인증되지 않았습니다');
    await verifyByMail(page, address);
    await submit.click();
    await page.getByRole('alertdialog').getByText('환영합니다!').waitFor();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: ko.register.welcomeStart })
      .click();
    await expectSignedIn(page, address);
    await expectLoginWorks(address);
    await context.close();
  });
});

describe('the link opened on another device', () => {
  it('finishes the sign-up there; the form that started it can no longer finish it', async () => {
    const started = await openApp(browser, DESKTOP, { path: '/register', serviceWorker: false });
    const address = uniqEmail('other');
    await button(started.page, '전체 동의').click();
    await field(started.page, '이메일').fill(address.toUpperCase());
    await button(started.page, '인증하기').click();
    await expectMessage(started.page, '인증메일이 보내졌습니다. 메일함을 확인해주세요.');

    // the mail is read on a phone (its own storage): the link says to go on there
    const mail = await waitForMail(mailSinkUrl(), address, isVerification);
    const phone = await openApp(browser, PHONE, { path: '/', serviceWorker: false });
    await phone.page.goto(linkOf(mail, '/verify-email/'));
    await phone.page.getByText(koAccountLinks.verifyElsewhere).waitFor({ timeout: 60_000 });
    await phone.page.getByRole('link', { name: koAccountLinks.continueSignup }).click();
    await phone.page.waitForURL(/\/register$/);

    const { page } = phone;
    for (const label of [
      '만 14세 이상입니다 (필수)',
      '서비스 이용약관 동의 (필수)',
      '개인정보 수집 및 이용 동의 (필수)',
    ]) {
      await page.getByLabel(label).check();
    }
    await button(page, '다음').click();
    // the email comes from the link, already verified
    expect(await field(page, '이메일').inputValue()).toBe(address);
    expect(await field(page, '이메일').getAttribute('readonly')).not.toBeNull();
    await expectMessage(page, koAccountLinks.emailLinked);
    await button(page, '다음').click();
    await field(page, '비밀번호').fill(PASSWORD);
    await field(page, '비밀번호 확인').fill(PASSWORD);
    await button(page, '다음').click();
    await field(page, '이름').fill('김하린');
    await button(page, '다음').click();
    await field(page, '휴대폰번호').fill('01012345678');
    await button(page, '다음').click();
    await page.getByLabel('태어난 연도 (YYYY)').fill('2001');
    await page.getByLabel('태어난 월 (MM)').fill('02');
    await page.getByLabel('태어난 일 (DD)').fill('03');
    await button(page, '가입하기').click();
    await page.getByRole('alertdialog').getByText('환영합니다!').waitFor();
    await expectLoginWorks(address);

    // the desktop that started it has no link: its submit is refused, the account stays the phone's
    await field(started.page, '비밀번호').fill('desktop!pw1234');
    await field(started.page, '비밀번호 확인').fill('desktop!pw1234');
    await field(started.page, '이름').fill('Hong Gildong');
    await field(started.page, '휴대폰번호').fill('01098765432');
    await started.page.getByLabel('태어난 연도 (YYYY)').fill('1999');
    await started.page.getByLabel('태어난 월 (MM)').fill('07');
    await started.page.getByLabel('태어난 일 (DD)').fill('15');
    await button(started.page, '가입하기').click();
    await expectMessage(started.page, '이메일이 인증되지 않았습니다');
    const su = await superuserClient();
    const stored = await su
      .collection('users')
      .getFirstListItem(su.filter('email = {:e}', { e: address }));
    expect(stored.name).toBe('김하린');
    await started.context.close();
    await phone.context.close();
  });
});
