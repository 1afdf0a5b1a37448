/**
 * The operator's console in Chromium against the shared seeded server (docs/operators.md, The
 * console, The audit log): at 1280×800 the demo admin opens 관리 from the settings, writes a
 * notice (a blank title is refused at the field in the server's words, and nothing is stored),
 * edits and pins it; fan2's device shows it in 공지사항; the admin deletes it (after a confirm)
 * and fan2's device drops it; the audit log shows the create, the edits and the delete, each
 * with its before and after. At 390×844 the console is a row of tabs above the section and fits
 * the screen. A fan or a guest who opens /admin is refused and the app asks nothing of the
 * audit log; the admin offline is told the console needs the network. Axe is clean on each
 * screen; screenshots go to ADMIN_SHOTS when set.
 */
import type PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koAdmin } from '../../src/features/admin/ko.ts';
import { koAdminEntry } from '../../src/features/admin/ko-entry.ts';
import { axeViolations } from '../helpers/axe.ts';
import { openApp, superuserClient, until } from '../helpers/app.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';

const ADMIN = 'admin@example.com';
const FAN = 'fan1@example.com';
const READER = 'fan2@example.com';

let browser: Browser;
let su: PocketBase;
const made: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  su = await superuserClient();
});

afterAll(async () => {
  for (const id of made)
    await su
      .collection('notices')
      .delete(id)
      .catch(() => undefined);
  await browser?.close();
});

async function shot(page: Page, name: string) {
  const dir = process.env['ADMIN_SHOTS'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

const h1 = (p: Page) => p.getByRole('heading', { level: 1 }).first().textContent();
const dialog = (p: Page) => p.locator('dialog[open]');
const noticeRow = (p: Page, title: string) =>
  p.getByTestId('admin-notice-row').filter({ hasText: title });
const auditRows = (p: Page, targetId: string) =>
  p.getByTestId('audit-row').filter({ hasText: targetId });

/**
 * Console errors we expect: the refused blank title (a 400 Chromium logs as a failed load) and
 * requests cut while the context is offline.
 */
const unexpected = (errors: string[]) =>
  errors.filter(
    (e) =>
      !/status of 400 .*\/api\/collections\/notices/.test(e) &&
      !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e),
  );

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(unexpected(errors)).toEqual([]);
  await context.close();
}

const serverNotices = (filter: string, params: Record<string, unknown>) =>
  su.collection('notices').getFullList({ filter: su.filter(filter, params), requestKey: null });

/** Opens a row's changes and returns field → [before, after] as shown. */
async function changesOf(row: Locator): Promise<Record<string, [string, string]>> {
  const toggle = row.getByTestId('audit-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const diff = row.getByTestId('audit-diff');
  await diff.waitFor();
  const out: Record<string, [string, string]> = {};
  for (const tr of await diff.getByTestId('audit-diff-row').all()) {
    out[(await tr.getAttribute('data-field'))!] = [
      (await tr.getByTestId('audit-diff-before').textContent())!,
      (await tr.getByTestId('audit-diff-after').textContent())!,
    ];
  }
  return out;
}

describe('the console at 1280×800', () => {
  it('an admin writes, edits, pins and deletes a notice; fan2 sees it come and go; the audit log shows each step', async () => {
    const {
      context,
      page: p,
      errors,
      userId: adminId,
    } = await openApp(browser, DESKTOP, {
      path: '/profileSetting',
      login: ADMIN,
      serviceWorker: false,
    });
    // the settings' 관리 row (admins only) opens the console on its first section
    const entry = p.getByTestId('settings-admin-link');
    await entry.waitFor();
    expect(await entry.textContent()).toContain(koAdminEntry.link);
    await shot(p, 'desktop-settings-entry');
    await entry.click();
    await p.waitForURL((u) => u.pathname === '/admin');
    await expect.poll(() => h1(p)).toBe(koAdmin.title);
    const nav = p.getByRole('navigation', { name: koAdmin.navLabel });
    await expect
      .poll(() => nav.getByTestId('admin-nav-link').allTextContents())
      .toEqual([
        koAdmin.sections.dashboard,
        koAdmin.sections.reports,
        koAdmin.sections.moderation,
        koAdmin.sections.catalogue,
        koAdmin.sections.import,
        koAdmin.sections.notices,
        koAdmin.sections.audit,
      ]);
    // /admin opens on today's figures
    await p.getByTestId('admin-section-dashboard').waitFor();
    await nav.getByRole('link', { name: koAdmin.sections.notices }).click();
    await p.waitForURL((u) => u.pathname === '/admin/notices');
    // desktop: the navigation is a column beside the section
    const navBox = (await nav.boundingBox())!;
    const section = p.getByTestId('admin-section-notices');
    await section.waitFor();
    const sectionBox = (await section.boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(sectionBox.x);
    expect(
      await nav.getByRole('link', { name: koAdmin.sections.notices }).getAttribute('aria-current'),
    ).toBe('page');

    // a blank title: the server's words at the field, nothing stored
    const body = `점검 안내 본문 ${Date.now().toString(36)}`;
    await p.getByTestId('admin-notice-new').click();
    const form = p.getByTestId('admin-notice-form');
    await form.getByTestId('admin-notice-title').fill('   ');
    await form.getByTestId('admin-notice-body-textarea').fill(body);
    await form.getByTestId('admin-notice-save').click();
    await expect
      .poll(() => form.getByTestId('admin-notice-title-error').textContent())
      .toBe('공지 제목을 입력해주세요.');
    expect(await form.getByTestId('admin-notice-title').getAttribute('aria-invalid')).toBe('true');
    expect(await serverNotices('body = {:body}', { body })).toEqual([]);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-notice-refused');

    // written
    const title = `서버 점검 안내 ${Date.now().toString(36)}`;
    await form.getByTestId('admin-notice-title').fill(title);
    await form.getByTestId('admin-notice-save').click();
    await noticeRow(p, title).waitFor();
    expect(await p.getByTestId('admin-notice-form').count()).toBe(0);
    const [saved] = await serverNotices('title = {:title}', { title });
    expect(saved).toMatchObject({ title, body, pinned: false });
    const id = saved!.id;
    made.push(id);

    // edited, then pinned
    const edited = `${body} (시간 변경: 새벽 3시)`;
    await noticeRow(p, title).getByRole('button', { name: koAdmin.notices.edit }).click();
    await form.waitFor();
    expect(await form.getByTestId('admin-notice-title').inputValue()).toBe(title);
    await form.getByTestId('admin-notice-body-textarea').fill(edited);
    await form.getByTestId('admin-notice-save').click();
    await expect.poll(() => p.getByTestId('admin-notice-form').count()).toBe(0);
    await expect.poll(async () => (await su.collection('notices').getOne(id))['body']).toBe(edited);

    await noticeRow(p, title).getByRole('button', { name: koAdmin.notices.pin }).click();
    await noticeRow(p, title).getByTestId('admin-notice-pinned').waitFor();
    expect((await su.collection('notices').getOne(id))['pinned']).toBe(true);
    // pinned notices come first
    expect(await p.getByTestId('admin-notice-row').first().textContent()).toContain(
      koAdmin.notices.pinnedBadge,
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-notices');

    // fan2's device (another context) shows it in 공지사항, pinned
    const reader = await openApp(browser, PHONE, {
      path: '/notices',
      login: READER,
      serviceWorker: false,
    });
    const fanRow = reader.page.getByTestId('notice-row').filter({ hasText: title });
    await fanRow.waitFor();
    expect(await reader.page.getByTestId('notice-row').first().textContent()).toContain(title);
    await fanRow.click();
    await expect
      .poll(() => reader.page.getByTestId('notice-screen').textContent())
      .toContain('새벽 3시');

    // deleted after a confirm; the fan's device drops it on its next pull
    await noticeRow(p, title).getByRole('button', { name: koAdmin.notices.delete }).click();
    await dialog(p).waitFor();
    expect(await dialog(p).textContent()).toContain(title);
    await dialog(p).getByRole('button', { name: koAdmin.notices.delete }).click();
    await expect.poll(() => noticeRow(p, title).count()).toBe(0);
    await expect
      .poll(() =>
        su
          .collection('notices')
          .getOne(id)
          .then(
            () => 'there',
            () => 'gone',
          ),
      )
      .toBe('gone');
    await until(
      reader.page,
      async (id) => {
        await window.__pocamarket.engine.pull();
        return !(await window.__pocamarket.db.notices.get(id));
      },
      id,
    );
    await closeClean(reader.context, reader.errors);

    // the audit log: the create, the two edits and the delete, newest first, by this admin
    await nav.getByRole('link', { name: koAdmin.sections.audit }).click();
    await p.waitForURL((u) => u.pathname === '/admin/audit');
    await p.getByTestId('audit-action-filter').selectOption('notice');
    await expect
      .poll(() => p.getByTestId('audit-actor-filter').locator(`option[value="${adminId}"]`).count())
      .toBe(1);
    await p.getByTestId('audit-actor-filter').selectOption(adminId!);
    const rows = auditRows(p, id);
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.getByTestId('audit-action').allTextContents()).toEqual([
      '공지 삭제',
      '공지 수정',
      '공지 수정',
      '공지 등록',
    ]);
    const adminName = (await su.collection('users').getOne(adminId!))['username'] as string;
    expect(new Set(await rows.getByTestId('audit-actor').allTextContents())).toEqual(
      new Set([adminName]),
    );
    expect(await rows.first().getByTestId('audit-target').textContent()).toContain('공지사항');
    expect(await rows.first().getByTestId('audit-reason').textContent()).toBe(
      koAdmin.audit.noReason,
    );
    // a Korean date and time
    expect(await rows.first().locator('time').textContent()).toMatch(
      /\d{4}년 \d{1,2}월 \d{1,2}일 (오전|오후) \d{1,2}:\d{2}/,
    );

    const created = await changesOf(rows.nth(3));
    expect(created['title']).toEqual([koAdmin.audit.none, title]);
    expect(created['body']).toEqual([koAdmin.audit.none, body]);
    const edit = await changesOf(rows.nth(2));
    expect(Object.keys(edit)).toEqual(['body']);
    expect(edit['body']).toEqual([body, edited]);
    const pin = await changesOf(rows.nth(1));
    expect(pin).toEqual({ pinned: [koAdmin.audit.no, koAdmin.audit.yes] });
    const deleted = await changesOf(rows.nth(0));
    expect(deleted['title']).toEqual([title, koAdmin.audit.none]);
    expect(deleted['pinned']).toEqual([koAdmin.audit.yes, koAdmin.audit.none]);
    // read-only: nothing on an entry but opening its changes
    expect(await rows.first().getByRole('button').allTextContents()).toEqual([
      koAdmin.audit.hideChanges,
    ]);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-audit');

    // offline, the console says it needs the network, and comes back with it
    await context.setOffline(true);
    await p.getByTestId('admin-offline').getByText(koAdmin.offline).waitFor();
    expect(await p.getByTestId('admin-section-audit').count()).toBe(0);
    await context.setOffline(false);
    await p.getByTestId('admin-section-audit').waitFor();

    await closeClean(context, errors);
  });
});

describe('the console at 390×844', () => {
  it('is a row of tabs above the section, fits the screen and works', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/',
      login: ADMIN,
      serviceWorker: false,
    });
    await p.goto('/admin/audit');
    await p.getByTestId('admin-section-audit').waitFor();
    await p.getByTestId('audit-row').first().waitFor();
    const nav = p.getByRole('navigation', { name: koAdmin.navLabel });
    const tabs = nav.getByTestId('admin-nav-link');
    expect(await tabs.count()).toBe(Object.keys(koAdmin.sections).length);
    // the tabs sit in one row above the section (it scrolls sideways, the page does not)
    const [a, b] = [(await tabs.nth(0).boundingBox())!, (await tabs.nth(1).boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    const section = (await p.getByTestId('admin-section-audit').boundingBox())!;
    expect(a.y + a.height).toBeLessThanOrEqual(section.y);
    // nothing wider than the phone
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await p.getByTestId('audit-toggle').first().click();
    await p.getByTestId('audit-diff').or(p.getByTestId('audit-diff-none')).first().waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-audit');

    await tabs.filter({ hasText: koAdmin.sections.notices }).click();
    await p.waitForURL((u) => u.pathname === '/admin/notices');
    await p.getByTestId('admin-notice-new').click();
    await p.getByTestId('admin-notice-form').waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-notices');
    await closeClean(context, errors);
  });
});

describe('anyone else', () => {
  it('a fan opening /admin is refused, and the app asks nothing of the audit log', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, DESKTOP, {
      path: '/profileSetting',
      login: FAN,
      serviceWorker: false,
    });
    const asked: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/api/collections/auditLog')) asked.push(r.url());
    });
    // no 관리 row in a fan's settings
    await p.getByTestId('settings-link').first().waitFor();
    expect(await p.getByTestId('settings-admin-link').count()).toBe(0);

    await p.goto('/admin/audit');
    const refused = p.getByTestId('admin-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(koAdmin.adminOnly);
    expect(await h1(p)).toBe(koAdmin.title);
    expect(await p.getByRole('navigation', { name: koAdmin.navLabel }).count()).toBe(0);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'fan-refused');
    // a moment later (the screen has settled) it still asked nothing
    await new Promise((r) => setTimeout(r, 1_000));
    expect(asked).toEqual([]);
    await closeClean(context, errors);
  });

  it('a guest opening /admin is refused too', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/admin',
      serviceWorker: false,
    });
    await p.getByTestId('admin-refused').getByText(koAdmin.adminOnly).waitFor();
    expect(await p.getByTestId('admin-section-notices').count()).toBe(0);
    await closeClean(context, errors);
  });
});
