/**
 * The console's 제보 (docs/operators.md, The report queue) in Chromium against the real server.
 *
 * At 1280×800: fan1 reports a missing card through /informUs; the admin finds it in
 * /admin/reports (its image, who sent it, what it says), opens the draft card (pre-filled from
 * the report, no near duplicates), gives it a new release and publishes it; the row shows the card.
 * fan1's inbox has '제보하신 포토카드가 등록되었어요', which opens the card's page, and the card
 * reaches fan2's device through the pull. Then a report that names an existing card: the draft
 * shows the card as a near duplicate, the publish asks to confirm (declined: nothing published),
 * and the report is rejected with a reason, which fan1's rejection alert carries. A report another
 * admin handled meanwhile: the server's words, and the row shows how it was handled.
 *
 * At 390×844: the queue and both draft forms fit the screen with axe clean, and a meetup report is
 * published as an event (its dates read from the report's period).
 *
 * The server's state is read with a superuser client. Screenshots go to ADMIN_SHOTS when set.
 */
import PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koReports } from '../../src/features/admin/reports/ko.ts';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, PASSWORD, superuserClient, until, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const FAN = 'fan1@example.com';
const READER = 'fan2@example.com';
const ADMIN = 'admin@example.com';
const STAMP = Date.now().toString(36);

let browser: Browser;
let su: PocketBase;
/** fan1's and the admin's own clients: reports made, and handled, behind the console's back. */
let asFan: PocketBase;
let asAdmin: PocketBase;
const made = { reports: [] as string[], events: [] as string[], cards: [] as string[] };

async function userClient(email: string): Promise<PocketBase> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(email, PASSWORD);
  return pb;
}

beforeAll(async () => {
  browser = await launchBrowser();
  su = await superuserClient();
  asFan = await userClient(FAN);
  asAdmin = await userClient(ADMIN);
});

afterAll(async () => {
  for (const id of made.reports)
    await su
      .collection('informUs')
      .delete(id)
      .catch(() => undefined);
  for (const id of made.events)
    await su
      .collection('meetUps')
      .delete(id)
      .catch(() => undefined);
  // the published card leaves RIIZE as it was: other files count its 63 cards
  for (const id of made.cards)
    await su
      .collection('photoCards')
      .delete(id)
      .catch(() => undefined);
  await browser?.close();
});

function imagePng(): Buffer {
  const png = new PNG({ width: 30, height: 45 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 190;
    png.data[i + 1] = 40 + ((i / 4) % 30) * 6;
    png.data[i + 2] = 120;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

const imageBlob = () => new Blob([new Uint8Array(imagePng())], { type: 'image/png' });

/** A report fan1 makes with their own client (as the app would send it). */
async function reportAsFan(fields: Record<string, string>): Promise<RecordModel> {
  const body = new FormData();
  body.set('user', asFan.authStore.record!.id);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set(fields['type'] === 'meetup' ? 'meetUpImg' : 'phocaImg', imageBlob(), 'r.png');
  const record = await asFan.collection('informUs').create(body);
  made.reports.push(record.id);
  return record;
}

const cardReport = (title: string) =>
  reportAsFan({
    type: 'phoca',
    group: 'RIIZE',
    artistName: '원빈',
    phocaType: '앨범',
    phocaTitle: title,
  });

async function shot(page: Page, name: string) {
  const dir = process.env['ADMIN_SHOTS'];
  if (dir) await page.screenshot({ path: `${dir}/reports-${name}.png`, fullPage: false });
}

/**
 * Console errors we expect: the refusals this file provokes (409s of a duplicate and of a report
 * handled meanwhile; Chromium logs each as a failed load).
 */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/status of 409 .*\/api\/pocamarket\/admin\/reports/.test(e));

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(unexpected(errors)).toEqual([]);
  await context.close();
}

const dialog = (p: Page) => p.locator('dialog[open]');
const fits = async (p: Page) =>
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

/** The console at /admin/reports, signed in as the admin. */
async function openQueue(viewport: { width: number; height: number }) {
  const app = await openApp(browser, viewport, { path: '/', login: ADMIN, serviceWorker: false });
  await app.page.goto('/admin/reports');
  await app.page.getByTestId('admin-section-reports').waitFor();
  return app;
}

/** A report's row in the queue, reading further pages (더 보기) until it shows. */
async function rowOf(p: Page, id: string): Promise<Locator> {
  const row = p.locator(`[data-testid="admin-report-row"][data-id="${id}"]`);
  await p.getByTestId('admin-report-list').waitFor();
  await expect
    .poll(
      async () => {
        if (await row.count()) return true;
        const more = p.getByTestId('admin-reports-more');
        if ((await more.count()) && (await more.isEnabled())) await more.click();
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return row;
}

/** The image shown has been drawn (the protected file came, with the token). */
const painted = (row: Locator) =>
  row
    .getByTestId('admin-report-image')
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

/** fan1's alerts as their inbox (/alerts) lists them, once one with `text` is there. */
async function alertWith(p: Page, title: string, text: string): Promise<Locator> {
  const item = p.getByTestId('alert-item').filter({ hasText: title }).filter({ hasText: text });
  await expect
    .poll(async () => {
      if (await item.count()) return true;
      await p.evaluate(() => window.__pocamarket.engine.pull());
      return (await item.count()) > 0;
    })
    .toBe(true);
  return item.first();
}

describe('the report queue at 1280×800', () => {
  it('a fan’s report is published as a card with a new release; the fan is told and finds it; fan2 gets it', async () => {
    const title = `검수 포카 ${STAMP}`;
    const release = `1st Mini ${STAMP}`;

    // fan1 reports the missing card through the app's own form
    const fan = await openApp(browser, DESKTOP, {
      path: '/informUs',
      login: FAN,
      serviceWorker: false,
    });
    const f = fan.page;
    await f.getByTestId('report-link-phoca').click();
    await f.getByTestId('report-form-phoca').waitFor();
    await waitForOutboxEmpty(f);
    await f
      .getByTestId('report-image-input')
      .setInputFiles({ name: 'missing.png', mimeType: 'image/png', buffer: imagePng() });
    await f.getByTestId('report-image-preview').waitFor();
    await f.getByTestId('report-group-input').fill('RIIZE');
    await f.getByTestId('report-artistName-input').fill('원빈');
    await f.getByTestId('report-phocaType').getByText('앨범', { exact: true }).click();
    await f.getByTestId('report-phocaTitle-input').fill(title);
    await f.getByTestId('report-submit').click();
    await dialog(f).getByText(ko.messages.photoCardReportDone, { exact: true }).waitFor();
    await dialog(f).getByRole('button', { name: ko.reports.ok }).click();
    await f.waitForURL((u) => u.pathname === '/informUs');
    const reports = await su.collection('informUs').getFullList({
      filter: su.filter('phocaTitle = {:t}', { t: title }),
    });
    made.reports.push(...reports.map((r) => r.id));
    expect(reports).toHaveLength(1);
    const report = reports[0]!;
    expect(report['status']).toBe('open');

    // the admin finds it in the queue: image, who, what
    const { context, page: p, errors } = await openQueue(DESKTOP);
    const row = await rowOf(p, report.id);
    expect(await row.getAttribute('data-status')).toBe('open');
    expect(await row.getByTestId('admin-report-status').textContent()).toBe(
      koReports.statuses.open,
    );
    const facts = (await row.getByTestId('admin-report-facts').textContent()) ?? '';
    for (const part of ['RIIZE', '원빈', title, '앨범']) expect(facts).toContain(part);
    const fanName = (await su.collection('users').getOne(report['user'] as string))['username'];
    expect(await row.textContent()).toContain(koReports.reportedBy(fanName as string));
    await expect.poll(() => painted(row)).toBeGreaterThan(0);
    expect(await row.getByTestId('admin-report-image').getAttribute('alt')).toContain(title);
    expect(await p.getByTestId('admin-reports-open-count').textContent()).toMatch(
      /^열린 제보 [\d,]+건$/,
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-queue');

    // the draft, pre-filled from the report
    await row.getByTestId('admin-report-review').click();
    const form = row.getByTestId('admin-report-card-form');
    await form.waitFor();
    const riize = await su.collection('groups').getFirstListItem('groupName = "RIIZE"');
    expect(await form.getByTestId('admin-report-group').inputValue()).toBe(riize.id);
    expect(await form.getByTestId('admin-report-member').inputValue()).toBe('원빈');
    expect(await form.getByTestId('admin-report-label').inputValue()).toBe('앨범');
    expect(await form.getByTestId('admin-report-title').inputValue()).toBe(title);
    // the member's field has the focus: the form opened where the admin works
    expect(await p.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '')).toBe(
      'admin-report-member',
    );
    await expect
      .poll(() => form.getByTestId('admin-report-dup-status').textContent(), { timeout: 10_000 })
      .toBe(koReports.dupNone);

    // a blank title is told at the field, and nothing is sent
    await form.getByTestId('admin-report-title').fill('   ');
    await form.getByTestId('admin-report-publish').click();
    expect(await form.getByTestId('admin-report-title-error').textContent()).toBe(
      koReports.titleRequired,
    );
    expect(await form.getByTestId('admin-report-title').getAttribute('aria-invalid')).toBe('true');
    expect((await su.collection('informUs').getOne(report.id))['status']).toBe('open');

    // a new release, published
    await form.getByTestId('admin-report-title').fill(title);
    await form.getByTestId('admin-report-release').fill(release);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-card-form');
    await form.getByTestId('admin-report-publish').click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('published');
    await p.getByText(koReports.publishedCardToast).waitFor();
    expect(await row.getByTestId('admin-report-card-form').count()).toBe(0);
    expect(await row.getByTestId('admin-report-status').textContent()).toBe(
      koReports.statuses.published,
    );
    const stored = await su.collection('informUs').getOne(report.id);
    expect(stored['status']).toBe('published');
    const cardId = stored['publishedCard'] as string;
    expect(cardId).toMatch(/^[a-z0-9]{15}$/);
    made.cards.push(cardId);
    expect(await row.getByTestId('admin-report-published-link').getAttribute('href')).toBe(
      `/exchangeDetail/${cardId}`,
    );
    const card = await su.collection('photoCards').getOne(cardId);
    expect(card).toMatchObject({
      group: riize.id,
      groupName: 'RIIZE',
      memberName: '원빈',
      title,
      label: '앨범',
      release,
    });
    expect(card['cardImg']).toMatch(/\.png$/);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-published');

    // fan1 is told, and the alert opens the card's page
    await f.goto('/alerts');
    const alert = await alertWith(f, '제보하신 포토카드가 등록되었어요', title);
    await alert.click();
    await f.waitForURL((u) => u.pathname === `/exchangeDetail/${cardId}`);
    await expect
      .poll(() => f.getByTestId('card-panel').textContent(), { timeout: 20_000 })
      .toContain(title);
    await closeClean(fan.context, fan.errors);

    // the card reaches fan2's device through the pull (RIIZE is in fan2's scope)
    const reader = await openApp(browser, PHONE, {
      path: '/',
      login: READER,
      serviceWorker: false,
    });
    await until(
      reader.page,
      async (id) => {
        const app = window.__pocamarket;
        await app.engine.pull();
        return (await app.db.photoCards.get(id))?.title !== undefined;
      },
      cardId,
      30_000,
    );
    expect(
      await reader.page.evaluate(
        async (id) => (await window.__pocamarket.db.photoCards.get(id))?.title as string,
        cardId,
      ),
    ).toBe(title);
    await closeClean(reader.context, reader.errors);
    await closeClean(context, errors);
  });

  it('a near duplicate is shown and asks to confirm; a reject with a reason reaches the fan; a report handled meanwhile', async () => {
    // a report of a card the catalogue has: RIIZE 원빈's card with the same title
    const existing = await su
      .collection('photoCards')
      .getFirstListItem('groupName = "RIIZE" && memberName = "원빈" && mergedInto = ""');
    const dupReport = await cardReport(existing['title'] as string);
    const other = await cardReport(`다른 포카 ${STAMP}`);

    const { context, page: p, errors } = await openQueue(DESKTOP);
    const row = await rowOf(p, dupReport.id);
    await row.getByTestId('admin-report-review').click();
    const form = row.getByTestId('admin-report-card-form');
    const shown = form.locator(`[data-testid="admin-report-duplicate"][data-id="${existing.id}"]`);
    await shown.waitFor({ timeout: 10_000 });
    expect(await form.getByTestId('admin-report-dup-status').textContent()).toMatch(
      /^비슷한 카드 \d+장$/,
    );
    // its image is the catalogue's (a public file), drawn
    await expect
      .poll(() =>
        shown
          .locator('img')
          .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
      )
      .toBeGreaterThan(0);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-duplicates');

    // publishing anyway asks first; declined, nothing is published
    await form.getByTestId('admin-report-publish').click();
    await dialog(p).waitFor();
    expect(await dialog(p).textContent()).toContain(koReports.dupConfirmTitle);
    expect(await axeViolations(p)).toEqual([]);
    await dialog(p).getByRole('button', { name: '취소' }).click();
    await dialog(p).waitFor({ state: 'detached' });
    expect((await su.collection('informUs').getOne(dupReport.id))['status']).toBe('open');
    expect(await row.getAttribute('data-status')).toBe('open');

    // rejected instead: a reason is required, counted, and reaches the fan
    await row.getByTestId('admin-report-reject').click();
    const reject = row.getByTestId('admin-report-reject-form');
    await reject.waitFor();
    expect(await row.getByTestId('admin-report-card-form').count()).toBe(0);
    await reject.getByTestId('admin-report-reject-submit').click();
    expect(await reject.getByTestId('admin-report-reason-error').textContent()).toBe(
      koReports.reasonRequired,
    );
    await reject.getByTestId('admin-report-reason-textarea').fill('x'.repeat(301));
    expect(await reject.getByTestId('admin-report-reason-error').textContent()).toBe(
      koReports.reasonOver,
    );
    expect(await reject.getByTestId('admin-report-reject-submit').isDisabled()).toBe(true);
    const reason = `이미 등록된 카드예요 (${STAMP}). 카드 이름으로 검색해보세요.`;
    await reject.getByTestId('admin-report-reason-textarea').fill(reason);
    expect(await reject.getByTestId('admin-report-reason-counter').textContent()).toContain(
      `${Array.from(reason).length}/300`,
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-reject');
    await reject.getByTestId('admin-report-reject-submit').click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('rejected');
    expect(await row.getByTestId('admin-report-reject-reason').textContent()).toBe(reason);
    const rejected = await su.collection('informUs').getOne(dupReport.id);
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: reason, publishedCard: '' });

    // a report handled by another admin while the form is open: the server's words, the row now
    const otherRow = await rowOf(p, other.id);
    await otherRow.getByTestId('admin-report-review').click();
    await otherRow.getByTestId('admin-report-card-form').waitFor();
    await asAdmin.send(`/api/pocamarket/admin/reports/${other.id}/reject`, {
      method: 'POST',
      body: { reason: '다른 관리자가 반려했어요.' },
      requestKey: null,
    });
    await otherRow.getByTestId('admin-report-publish').click();
    await p.getByText('이미 처리된 제보예요.').first().waitFor();
    await expect.poll(() => otherRow.getAttribute('data-status')).toBe('rejected');
    expect(await otherRow.getByTestId('admin-report-reject-reason').textContent()).toBe(
      '다른 관리자가 반려했어요.',
    );
    expect((await su.collection('informUs').getOne(other.id))['publishedCard']).toBe('');

    // fan1's inbox: the rejection, with the reason as written
    const fan = await openApp(browser, PHONE, { path: '/', login: FAN, serviceWorker: false });
    await fan.page.goto('/alerts');
    const alert = await alertWith(fan.page, '제보하신 포토카드를 등록하지 않았어요', reason);
    expect(await alert.getAttribute('href')).toBe('/informUs');
    await closeClean(fan.context, fan.errors);
    await closeClean(context, errors);
  });
});

describe('the report queue at 390×844', () => {
  it('the queue and both forms fit the screen; a meetup report is published as an event', async () => {
    const cafe = `카페 검수 ${STAMP}`;
    const meetup = await reportAsFan({
      type: 'meetup',
      group: 'RIIZE',
      artistName: '원빈',
      cafeName: cafe,
      cafeAddress: '서울 마포구 양화로 45',
      meetUpDuration: '2026.12.01 - 2026.12.03',
      SourceURL_: 'https://x.com/pocamarket/status/1',
    });
    const card = await cardReport(`폰 화면 포카 ${STAMP}`);

    const { context, page: p, errors } = await openQueue(PHONE);
    const cardRow = await rowOf(p, card.id);
    await expect.poll(() => painted(cardRow)).toBeGreaterThan(0);
    await fits(p);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-queue');

    await cardRow.getByTestId('admin-report-review').click();
    await cardRow.getByTestId('admin-report-card-form').waitFor();
    // a new group instead: its two names
    await cardRow.getByTestId('admin-report-group-new').check();
    await cardRow.getByTestId('admin-report-group-name').waitFor();
    await expect
      .poll(() => cardRow.getByTestId('admin-report-dup-status').textContent())
      .toBe(koReports.dupNewGroup);
    await fits(p);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-card-form');
    await cardRow.getByRole('button', { name: koReports.cancel }).click();
    await expect.poll(() => cardRow.getByTestId('admin-report-card-form').count()).toBe(0);

    // the meetup's draft: dates read from its period; a place needs both numbers
    const row = await rowOf(p, meetup.id);
    await row.getByTestId('admin-report-review').click();
    const form = row.getByTestId('admin-report-meetup-form');
    await form.waitFor();
    expect(await form.getByTestId('admin-report-event-title').inputValue()).toBe(cafe);
    expect(await form.getByTestId('admin-report-start').inputValue()).toBe('2026-12-01');
    expect(await form.getByTestId('admin-report-end').inputValue()).toBe('2026-12-03');
    await form.getByTestId('admin-report-lat').fill('37.5563');
    await form.getByTestId('admin-report-publish').click();
    expect(await form.getByTestId('admin-report-lng-error').textContent()).toBe(
      koReports.placePair,
    );
    await form.getByTestId('admin-report-lng').fill('126.9220');
    await fits(p);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-meetup-form');
    await form.getByTestId('admin-report-publish').click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('published');
    const stored = await su.collection('informUs').getOne(meetup.id);
    const eventId = stored['publishedEvent'] as string;
    made.events.push(eventId);
    expect(await row.getByTestId('admin-report-published-link').getAttribute('href')).toBe(
      `/meetupDetail/${eventId}`,
    );
    const event = await su.collection('meetUps').getOne(eventId);
    expect(event).toMatchObject({
      eventTitle: cafe,
      cafeName: cafe,
      address: '서울 마포구 양화로 45',
      artistName: '원빈',
      lat: 37.5563,
      lng: 126.922,
    });
    expect(String(event['startDate'])).toMatch(/^2026-12-01/);
    expect(String(event['endDate'])).toMatch(/^2026-12-03/);
    await fits(p);
    await shot(p, 'phone-published');
    await closeClean(context, errors);
  });
});
