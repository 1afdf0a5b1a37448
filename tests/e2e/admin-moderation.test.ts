/**
 * The console's 신고 section in Chromium against the shared seeded server (docs/operators.md,
 * Moderation): a new fan writes fan2 a message and fan2 reports it from the thread; at 1280×800 the
 * demo admin finds the report in /admin/moderation with its evidence, suspends the sender for 3
 * days with a reason (after a confirm); the server holds the suspension's end (about now + 3 days);
 * the sender's next exchange post is refused in Korean with the end date; 감사 기록 lists the action
 * (회원 이용 정지, with the reason), which a fan can neither open in the app nor read through the
 * API; then 정지 해제 from the console lets the sender write again. At 390×844 the queue fits the
 * screen, shows an evidence photo (a protected file, with a file token), shows the server's refusal
 * of an action on an admin in its words, and passes axe.
 *
 * ADMIN_MODERATION_SHOTS=<dir> keeps screenshots of each screen.
 */
import PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koAdmin } from '../../src/features/admin/ko.ts';
import { koModeration } from '../../src/features/admin/moderation/ko.ts';
import { koChat } from '../../src/features/chat/ko.ts';
import { openApp, PASSWORD, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const ADMIN = 'admin@example.com';
const FAN2 = 'fan2@example.com';
const t = koModeration;

let browser: Browser;
let su: PocketBase;
let fan2: PocketBase;
let fan2Id: string;
/** Cards to write on: newer than most other files use (tests/e2e/moderation.test.ts: the first 8). */
let cards: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  su = await superuserClient();
  fan2 = await signedIn(FAN2);
  fan2Id = fan2.authStore.record!.id;
  cards = (await su.collection('photoCards').getList(1, 14, { sort: '-created' })).items.map(
    (c) => c.id,
  );
});

afterAll(async () => {
  await browser?.close();
});

let serial = 0;
const tag = () => `${Date.now().toString(36)}${(++serial).toString(36)}`;

async function signedIn(email: string): Promise<PocketBase> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(email, PASSWORD);
  return pb;
}

/** A new verified fan (made by the superuser), signed in through the API. */
async function newFan(): Promise<{ id: string; email: string; name: string; pb: PocketBase }> {
  const s = tag();
  const email = `admmod${s}@example.com`;
  const name = `신고대상${s}`.slice(0, 20);
  const user = await su.collection('users').create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: name,
    name: '모더레이션',
    biasStepDone: true,
  });
  return { id: user.id, email, name, pb: await signedIn(email) };
}

/** A conversation of the fan with fan2 and a message of theirs in it (text, maybe a photo). */
async function messageFan2(
  from: { id: string; pb: PocketBase },
  text: string,
  photo?: Buffer,
): Promise<{ conversation: string; message: string }> {
  const pair = from.id < fan2Id ? { a: from.id, b: fan2Id } : { a: fan2Id, b: from.id };
  const conversation = await from.pb.collection('conversations').create(pair);
  const body = new FormData();
  body.set('conversation', conversation.id);
  body.set('sender', from.id);
  body.set('text', text);
  if (photo) body.set('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'p.png');
  const message = await from.pb.collection('messages').create(body);
  return { conversation: conversation.id, message: message.id };
}

function imagePng(): Buffer {
  const png = new PNG({ width: 40, height: 30 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 200;
    png.data[i + 1] = 80 + ((i / 4) % 40) * 4;
    png.data[i + 2] = 120;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

const reportsOf = (message: string) =>
  su.collection('chatReports').getFullList({
    filter: su.filter('message = {:m}', { m: message }),
    requestKey: null,
  });

async function shot(page: Page, name: string) {
  const dir = process.env['ADMIN_MODERATION_SHOTS'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

const dialog = (p: Page) => p.locator('dialog[open]');
const reportRow = (p: Page, id: string) =>
  p.locator(`[data-testid="mod-report"][data-report-id="${id}"]`);
const wide = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

/**
 * Console errors we expect: the server's refusals (a suspended fan's post, an action on an admin:
 * 400s Chromium logs as failed loads) and the read of a refused post's server copy (404).
 */
const unexpected = (errors: string[]) =>
  errors.filter(
    (e) => !/status of 400|status of 404 .*\/api\/collections\/exchangeList\/records\//.test(e),
  );

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(unexpected(errors)).toEqual([]);
  await context.close();
}

/** The end of a suspension as the fan reads it (Korean time): "2026년 12월 3일". */
function koreanDay(stamp: string): string {
  const kst = new Date(Date.parse(stamp.replace(' ', 'T')) + 9 * 3_600_000);
  return `${kst.getUTCFullYear()}년 ${kst.getUTCMonth() + 1}월 ${kst.getUTCDate()}일`;
}

/** The admin's console on a section (a new device). */
async function openConsole(viewport: typeof PHONE | typeof DESKTOP, section: string) {
  const app = await openApp(browser, viewport, { path: '/', login: ADMIN, serviceWorker: false });
  await app.page.goto(`/admin/${section}`);
  await app.page.getByTestId(`admin-section-${section}`).waitFor();
  return app;
}

/** Opens an action's form on a report, writes the reason (and the days) and sends it. */
async function act(row: Locator, action: string, reason: string) {
  await row.getByTestId(`mod-action-${action}`).click();
  const form = row.getByTestId('mod-form');
  await form.waitFor();
  await form.getByTestId('mod-reason-textarea').fill(reason);
  await form.getByTestId('mod-submit').click();
  return form;
}

describe('moderation in the console at 1280×800', () => {
  it('a reported message: the admin suspends its sender for 3 days, the sender is refused, the audit log shows it, and 정지 해제 lets them write again', async () => {
    const sender = await newFan();
    const words = `선입금 먼저 보내주세요 ${tag()}`;
    const { conversation, message } = await messageFan2(sender, words);

    // fan2 reports the message from the thread, as a fan does
    const reader = await openApp(browser, DESKTOP, {
      path: '/',
      login: FAN2,
      serviceWorker: false,
    });
    await reader.page.goto(`/chatting/${conversation}`);
    const bubble = reader.page.getByTestId('message').filter({ hasText: words });
    await bubble.waitFor();
    await bubble.getByRole('button', { name: koChat.chat.reportMessageLabel }).click();
    const sheet = reader.page.getByTestId('report-sheet');
    await sheet.getByTestId('report-reason').fill('선입금 사기 같아요');
    await sheet.getByTestId('report-submit').click();
    await reader.page.getByText(koChat.chat.reported).first().waitFor();
    await waitForOutboxEmpty(reader.page);
    const [report] = await reportsOf(message);
    expect(report).toMatchObject({ reporter: fan2Id, target: sender.id, status: 'open' });
    await closeClean(reader.context, reader.errors);

    // the admin finds it in the queue (처리 전, newest first) with its evidence
    const { context, page: p, errors } = await openConsole(DESKTOP, 'moderation');
    const row = reportRow(p, report!.id);
    await row.waitFor();
    expect(await p.getByTestId('mod-status-filter').inputValue()).toBe('open');
    expect(await row.getByTestId('mod-kind').textContent()).toContain(t.kinds['message']);
    expect(await row.getByTestId('mod-reason').textContent()).toBe('선입금 사기 같아요');
    expect(await row.getByTestId('mod-evidence').textContent()).toBe(words);
    expect(await row.getByTestId('mod-current').textContent()).toBe(words);
    const fan2Name = String((await su.collection('users').getOne(fan2Id))['username']);
    expect(await row.getByTestId('mod-reporter').textContent()).toBe(fan2Name);
    expect(await row.getByTestId('mod-target').textContent()).toContain(sender.name);
    expect(await row.getByTestId('mod-standing').textContent()).toBe(t.standing.normal);
    expect(await axeViolations(p)).toEqual([]);
    await row.scrollIntoViewIfNeeded();
    await shot(p, 'desktop-queue');

    // 이용 정지: the days field says 3 unless changed, the reason is the admin's to write
    await row.getByTestId('mod-action-suspend').click();
    const form = row.getByTestId('mod-form');
    expect(await form.getByTestId('mod-days').inputValue()).toBe('3');
    expect(await form.getByTestId('mod-reason-textarea').inputValue()).toBe('');
    // a blank reason is refused at the field, and nothing is asked
    await form.getByTestId('mod-submit').click();
    await expect.poll(() => form.getByTestId('mod-reason-error').textContent()).toBe(t.reasonEmpty);
    expect(await dialog(p).count()).toBe(0);
    const reason = `채팅에서 선입금 요구 ${tag()}`;
    await form.getByTestId('mod-reason-textarea').fill(reason);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-suspend-form');
    const asked = Date.now();
    await form.getByTestId('mod-submit').click();
    // a confirm first (a destructive action), naming the fan and the days
    await dialog(p).waitFor();
    expect(await dialog(p).textContent()).toContain(sender.name);
    expect(await dialog(p).textContent()).toContain('3일');
    await shot(p, 'desktop-suspend-confirm');
    await dialog(p).getByRole('button', { name: t.actions.suspend }).click();
    await p.getByText(t.done.suspend).first().waitFor();
    // read again: handled, it left 처리 전
    await expect.poll(() => row.count()).toBe(0);

    // the server: suspended until about now + 3 days, with the reason; the report closed
    const fan = await su.collection('users').getOne(sender.id);
    const until = Date.parse(String(fan['suspendedUntil']).replace(' ', 'T'));
    const threeDays = 3 * 24 * 3_600_000;
    expect(until).toBeGreaterThanOrEqual(asked + threeDays - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + threeDays + 5_000);
    expect(fan['suspendReason']).toBe(reason);
    expect(await su.collection('chatReports').getOne(report!.id)).toMatchObject({
      status: 'actioned',
      outcome: 'user.suspend',
      resolution: reason,
    });
    const day = koreanDay(String(fan['suspendedUntil']));

    // 처리 완료: the report with what was done, and the fan's standing until that day
    await p.getByTestId('mod-status-filter').selectOption('closed');
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('actioned');
    expect(await row.getByTestId('mod-outcome').textContent()).toBe(t.actions.suspend);
    expect(await row.getByTestId('mod-resolution').textContent()).toBe(reason);
    expect(await row.getByTestId('mod-standing').textContent()).toContain(day);
    expect(await row.getByTestId('mod-standing').getAttribute('data-standing')).toBe('suspended');
    await row.scrollIntoViewIfNeeded();
    await shot(p, 'desktop-handled');
    // 회원 조회 from the report: the same standing, and the one report about them, handled
    await row.getByTestId('mod-lookup-open').click();
    const lookup = p.getByTestId('mod-lookup');
    await expect
      .poll(() => lookup.getByTestId('mod-lookup-standing').getAttribute('data-standing'))
      .toBe('suspended');
    expect(await lookup.getByTestId('mod-lookup-standing').textContent()).toContain(day);
    expect(await lookup.getByTestId('mod-lookup-reports').textContent()).toBe(
      t.lookup.reports(0, 1),
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-lookup');

    // the sender's next post is refused in Korean with the end date
    const card = cards[10]!;
    const writer = await openApp(browser, DESKTOP, {
      path: `/exchangeDetail/${card}`,
      login: sender.email,
      serviceWorker: false,
    });
    const w = writer.page;
    await w.getByTestId('card-panel').waitFor();
    const notice = w.getByTestId('standing-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(day);
    expect(await notice.textContent()).toContain(reason);
    const refused = `정지 중에 쓴 글 ${tag()}`;
    await w.getByTestId('post-textarea').first().fill(refused);
    await w.getByTestId('post-submit').click();
    // a toast (the notice above the form says it too)
    const said = w
      .locator('[role=status]:not([data-testid="standing-notice"]), [role=alert]')
      .filter({ hasText: '이용이 정지된 계정이에요' })
      .filter({ hasText: day })
      .first();
    await said.waitFor();
    await notice.scrollIntoViewIfNeeded();
    await shot(w, 'desktop-sender-refused');
    const storedPosts = (text: string) =>
      su.collection('exchangeList').getFullList({
        filter: su.filter('description = {:d}', { d: text }),
        requestKey: null,
      });
    expect(await storedPosts(refused)).toHaveLength(0);

    // 감사 기록: 회원 이용 정지, by the admin, with the reason
    await p
      .getByRole('navigation', { name: koAdmin.navLabel })
      .getByRole('link', {
        name: koAdmin.sections.audit,
      })
      .click();
    await p.waitForURL((u) => u.pathname === '/admin/audit');
    await p.getByTestId('audit-action-filter').selectOption('user');
    const entry = p
      .getByTestId('audit-row')
      .filter({ hasText: sender.id })
      .filter({ hasText: '회원 이용 정지' });
    await entry.first().waitFor();
    expect(await entry.first().getByTestId('audit-action').textContent()).toBe('회원 이용 정지');
    expect(await entry.first().getByTestId('audit-reason').textContent()).toBe(reason);
    await shot(p, 'desktop-audit');

    // a fan: refused in the app, and the API reads them nothing of the log
    const fanApp = await openApp(browser, DESKTOP, {
      path: '/',
      login: FAN2,
      serviceWorker: false,
    });
    await fanApp.page.goto('/admin/audit');
    await fanApp.page.getByTestId('admin-refused').getByText(koAdmin.adminOnly).waitFor();
    expect(await fanApp.page.getByTestId('audit-row').count()).toBe(0);
    await closeClean(fanApp.context, fanApp.errors);
    const direct = await fan2
      .send('/api/collections/auditLog/records', { method: 'GET', requestKey: null })
      .then(
        (res: { items?: unknown[] }) => ({ status: 200, items: res.items ?? [] }),
        (err: { status?: number }) => ({ status: err.status ?? 0, items: [] }),
      );
    expect([200, 403, 404]).toContain(direct.status);
    expect(direct.items).toEqual([]);

    // 정지 해제 from the console (처리 완료 lists the report, with the fan's standing)
    await p.goto('/admin/moderation');
    await p.getByTestId('admin-section-moderation').waitFor();
    await p.getByTestId('mod-status-filter').selectOption('closed');
    await row.waitFor();
    await act(row, 'unsuspend', '소명 확인, 정지 해제');
    await p.getByText(t.done.unsuspend).first().waitFor();
    await expect
      .poll(() => row.getByTestId('mod-standing').getAttribute('data-standing'))
      .toBe('normal');
    expect(await row.getByTestId('mod-action-unsuspend').count()).toBe(0);
    const after = await su.collection('users').getOne(sender.id);
    expect(after['suspendedUntil']).toBe('');

    // the sender writes again
    await w.reload();
    await w.getByTestId('card-panel').waitFor();
    await expect.poll(() => w.getByTestId('standing-notice').count()).toBe(0);
    const allowed = `정지 풀린 뒤 쓴 글 ${tag()}`;
    await w.getByTestId('post-textarea').first().fill(allowed);
    await w.getByTestId('post-submit').click();
    await waitForOutboxEmpty(w);
    await expect.poll(async () => (await storedPosts(allowed)).length).toBe(1);
    await closeClean(writer.context, writer.errors);
    await closeClean(context, errors);
  }, 240_000);
});

describe('moderation in the console at 390×844', () => {
  it('fits the screen, shows an evidence photo and the server refusing an action on an admin, and passes axe', async () => {
    const sender = await newFan();
    const words = `이 사진 보세요 ${tag()}`;
    const { message } = await messageFan2(sender, words, imagePng());
    const report = await fan2
      .collection('chatReports')
      .create({ reporter: fan2Id, target: sender.id, message, reason: '불쾌한 사진이에요' });
    // fan2 reports the admin too (a report of a fan, no item): actions on an admin are refused
    const adminId = (
      await su.collection('users').getFirstListItem(su.filter('email = {:e}', { e: ADMIN }))
    ).id;
    const aboutAdmin = await fan2
      .collection('chatReports')
      .create({ reporter: fan2Id, target: adminId, reason: `관리자 신고 ${tag()}` });

    const { context, page: p, errors } = await openConsole(PHONE, 'moderation');
    const row = reportRow(p, report.id);
    await row.waitFor();
    // the photo as it was sent, with its alt text, read with a file token
    const photo = row.getByTestId('mod-evidence-photo');
    await photo.waitFor();
    expect(await photo.getAttribute('alt')).toBe(t.evidencePhotoAlt(sender.name));
    expect(await photo.getAttribute('src')).toContain('?token=');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(40);
    expect(await wide(p)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(p)).toEqual([]);
    await row.scrollIntoViewIfNeeded();
    await shot(p, 'phone-queue');

    // an action's form fits too
    await row.getByTestId('mod-action-suspend').click();
    await row.getByTestId('mod-form').waitFor();
    expect(await wide(p)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(p)).toEqual([]);
    await row.getByTestId('mod-form').scrollIntoViewIfNeeded();
    await shot(p, 'phone-form');
    await row.getByTestId('mod-form').getByRole('button', { name: t.cancel }).click();

    // 경고 to an admin: the server's words, and nothing changes
    const adminRow = reportRow(p, aboutAdmin.id);
    await adminRow.waitFor();
    expect(await adminRow.getByTestId('mod-kind').textContent()).toContain(t.kinds['fan']);
    const form = await act(adminRow, 'warn', '테스트 경고');
    await expect
      .poll(() => form.getByTestId('mod-form-error').textContent())
      .toBe('관리자에게는 이 조치를 할 수 없어요.');
    expect((await su.collection('chatReports').getOne(aboutAdmin.id))['status']).toBe('open');
    await form.scrollIntoViewIfNeeded();
    await shot(p, 'phone-refused');
    await form.getByRole('button', { name: t.cancel }).click();

    // 기각 closes both
    for (const [r, id] of [
      [adminRow, aboutAdmin.id],
      [row, report.id],
    ] as const) {
      await act(r, 'dismiss', '위반이 아니에요');
      await expect.poll(() => r.count()).toBe(0);
      expect((await su.collection('chatReports').getOne(id))['status']).toBe('dismissed');
    }
    await closeClean(context, errors);
  });
});
