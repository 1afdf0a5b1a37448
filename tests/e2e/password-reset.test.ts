/**
 * The in-app password reset in Chromium on a phone (390×844), against the shared server and its
 * mail sink: '비밀번호를 잊으셨나요?' on the login screen, the request screen (and its offline
 * message), the Korean mail's link to the app's /reset-password page, the new password with the
 * sign-up's rules, and a login with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import PocketBase from 'pocketbase';
import { openApp, PASSWORD, superuserClient } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchBrowser, PHONE } from '../helpers/browser.ts';
import { linkOf, waitForMail } from '../helpers/mail.ts';
import { koAccountLinks } from '../../src/features/accounts/account-links-text.ts';
import { ko } from '../../src/i18n/ko-features.ts';
import { baseUrl, mailSinkUrl } from '../helpers/e2e-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NEW_PASSWORD = 'newcard!2025';
const path = (p: Page) => new URL(p.url()).pathname;

describe('password reset on a phone', () => {
  it('login → 비밀번호를 잊으셨나요? → mail → new password → login with it', async () => {
    const su = await superuserClient();
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `reset${tag}@test.local`;
    const user = await su.collection('users').create({
      email,
      username: `reset${tag}`.slice(0, 20),
      name: '김하린',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      verified: true,
      // the first-login 최애 step is not what this journey is about (docs/accounts.md, First login)
      biasStepDone: true,
    });

    // No service worker: the page stays open while offline (and every address it opens is the
    // shell, from the server as from the worker).
    const { context, page, errors } = await openApp(browser, PHONE, {
      path: '/login',
      serviceWorker: false,
    });
    await page.getByRole('link', { name: koAccountLinks.forgotLink }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole('heading', { level: 1, name: koAccountLinks.forgot.title }).waitFor();

    // offline: the mail needs the network, and the screen says so
    await context.setOffline(true);
    await page.getByTestId('reset-offline').getByText(koAccountLinks.offline).waitFor();
    expect(await page.getByTestId('reset-submit').isDisabled()).toBe(true);
    await context.setOffline(false);
    await page.getByTestId('reset-offline').waitFor({ state: 'detached' });

    // the email in another case still finds the account
    await page.getByTestId('reset-email').fill(email.toUpperCase());
    await page.getByTestId('reset-submit').click();
    await page.getByText(ko.login.resetSent).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const mail = await waitForMail(mailSinkUrl(), email, (m) =>
      m.links.some((l) => l.includes('/reset-password/')),
    );
    expect(mail.subject).toBe('[포카마켓] 비밀번호 재설정');
    const link = linkOf(mail, '/reset-password/');
    expect(link.startsWith(`${baseUrl()}/reset-password/`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: koAccountLinks.reset.title }).waitFor();
    const password = page.getByLabel(koAccountLinks.reset.passwordLabel, { exact: true });
    const confirm = page.getByLabel(koAccountLinks.reset.confirmLabel, { exact: true });
    const submit = page.getByRole('button', { name: koAccountLinks.reset.submit });

    // the sign-up's rules and messages
    await password.fill('short1');
    await password.blur();
    await page.getByText('최소 10자 이상 입력해주세요.').waitFor();
    await password.fill('onlyletters');
    await page.getByText('영문/숫자/특수문자(공백 제외)만 허용, 2개 이상 조합').waitFor();
    await password.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD + 'x');
    await confirm.blur();
    await page.getByText('동일한 비밀번호를 입력해주세요.').waitFor();
    await submit.click();
    // nothing was sent: the old password still works
    await new PocketBase(baseUrl()).collection('users').authWithPassword(email, PASSWORD);
    expect(await axeViolations(page)).toEqual([]);

    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    await page.getByText(koAccountLinks.reset.done).waitFor();
    await page.getByRole('link', { name: koAccountLinks.goLogin }).click();
    await page.waitForURL(/\/login$/);

    // the old password no longer opens the account; the new one does, through the login form
    await expect(
      new PocketBase(baseUrl()).collection('users').authWithPassword(email, PASSWORD),
    ).rejects.toMatchObject({ status: 400 });
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(NEW_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    expect(path(page)).toBe('/');
    expect(
      await page.evaluate(() => window.__pocamarket.engine.getStatus().userId as string | null),
    ).toBe(user.id);

    // the link is spent
    await page.goto(link);
    await page
      .getByLabel(koAccountLinks.reset.passwordLabel, { exact: true })
      .fill('again!pass1234');
    await page
      .getByLabel(koAccountLinks.reset.confirmLabel, { exact: true })
      .fill('again!pass1234');
    await page.getByRole('button', { name: koAccountLinks.reset.submit }).click();
    await page.getByText(koAccountLinks.reset.invalid).waitFor();

    expect(
      errors.filter((e) => !/status of 400|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e)),
    ).toEqual([]);
    await context.close();
  });
});
