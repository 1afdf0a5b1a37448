/**
 * Moderation on the fan's side (docs/operators.md, Moderation; docs/product-rules.md, 신고 and
 * suspension) in Chromium against the real PocketBase, at a phone size (and the screens that change
 * at a desktop size too): a 신고 of another fan's post made offline, queued and landing once with
 * its evidence; a post an admin hid showing the notice in its place; a suspended fan's post refused
 * with the Korean reason and the end date, first by the server (a queued post), then at once by
 * the form. The fans are made here (never the demo's, whom other files use); the admin is the
 * demo's `admin`, acting through the moderation routes; the server is read with a superuser client.
 *
 * MODERATION_SHOTS=<dir> keeps screenshots of each screen.
 */
import PocketBase, { type RecordModel } from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsKo } from '../../src/domains/reports/ko.ts';
import { openApp, PASSWORD, superuserClient, until, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const m = reportsKo.moderation;

let browser: Browser;
let su: PocketBase;
let adminPb: PocketBase;
/** Cards for the tests to write on, the newest of the catalogue (the other files use the oldest). */
let cards: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  su = await superuserClient();
  adminPb = new PocketBase(baseUrl());
  adminPb.autoCancellation(false);
  await adminPb.collection('users').authWithPassword('admin@example.com', PASSWORD);
  cards = (await su.collection('photoCards').getList(1, 12, { sort: '-created' })).items.map(
    (c) => c.id,
  );
});

afterAll(async () => {
  await browser?.close();
});

let serial = 0;
const tag = () => `${Date.now().toString(36)}${(++serial).toString(36)}`;

/** A new verified fan with the demo password. */
async function newFan(): Promise<{ id: string; email: string }> {
  const t = tag();
  const email = `mod${t}@example.com`;
  const user = await su.collection('users').create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: `mod${t}`.slice(0, 20),
    name: '모더레이션',
    biasStepDone: true,
  });
  return { id: user.id, email };
}

function seedPost(writer: string, card: string, description: string): Promise<RecordModel> {
  return su
    .collection('exchangeList')
    .create({ writer, photoCard: card, description, status: '교환대기중' });
}

function moderate(action: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return adminPb.send(`/api/pocamarket/moderation/${action}`, {
    method: 'POST',
    body,
    requestKey: null,
  });
}

async function shot(page: Page, name: string) {
  const dir = process.env['MODERATION_SHOTS'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

const postItem = (p: Page, text: string) =>
  p.getByTestId('exchange-post').filter({ hasText: text });

/**
 * Console errors we expect: requests refused while offline, the server's refusal of a suspended
 * fan's post (400) and the read of its server copy that follows (404: there is none).
 */
const ignoreOffline = (errors: string[]) =>
  errors.filter(
    (e) =>
      !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|status of 400|status of 404 .*\/api\/collections\/exchangeList\/records\//.test(
        e,
      ),
  );

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(ignoreOffline(errors)).toEqual([]);
  await context.close();
}

/** The card's detail on a new device; with the service worker when it must work offline. */
async function openCard(
  viewport: typeof PHONE | typeof DESKTOP,
  card: string,
  login?: string,
  worker = false,
) {
  const app = await openApp(browser, viewport, {
    path: `/exchangeDetail/${card}`,
    login,
    serviceWorker: worker,
  });
  await app.page.getByTestId('card-panel').waitFor();
  return app;
}

/** The end of a suspension as the fan reads it (Korean time): "2026년 12월 3일". */
function koreanDay(iso: string): string {
  const kst = new Date(Date.parse(iso) + 9 * 3_600_000);
  return `${kst.getUTCFullYear()}년 ${kst.getUTCMonth() + 1}월 ${kst.getUTCDate()}일`;
}

describe.each([
  ['phone', PHONE, 0],
  ['desktop', DESKTOP, 1],
] as const)('moderation at %s size', (size, viewport, slot) => {
  it('a 신고 of a post made offline is queued and lands once, with the post kept as evidence', async () => {
    const [writer, reporter] = [await newFan(), await newFan()];
    const card = cards[slot]!;
    const text = `선입금만 받아요 ${tag()}`;
    const post = await seedPost(writer.id, card, text);
    // with the service worker: every screen's code is kept, as on a fan's phone
    const { context, page: p, errors } = await openCard(viewport, card, reporter.email, true);
    const item = postItem(p, text);
    await item.waitFor();

    await context.setOffline(true);
    await item.getByTestId('content-report').click();
    const sheet = p.getByTestId('content-report-sheet');
    await sheet.getByTestId('content-report-reason').waitFor();
    // a blank reason is refused in the sheet
    await sheet.getByTestId('content-report-submit').click();
    await sheet.getByRole('alert').waitFor();
    await sheet.getByTestId('content-report-reason').fill('선입금 사기 같아요');
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, `report-sheet-${size}`);
    await sheet.getByTestId('content-report-submit').click();
    await p.getByText(m.reportedOffline).first().waitFor();
    await sheet.waitFor({ state: 'detached' });
    const reports = () =>
      su.collection('chatReports').getFullList({
        filter: su.filter('post = {:post}', { post: post.id }),
        requestKey: null,
      });
    expect(await reports()).toHaveLength(0);

    // a second 신고 of the same post is refused on the device
    await item.getByTestId('content-report').click();
    await sheet.getByTestId('content-report-reason').fill('한 번 더');
    await sheet.getByTestId('content-report-submit').click();
    await sheet.getByText(m.alreadyReported).waitFor();
    await p.keyboard.press('Escape');

    await context.setOffline(false);
    await waitForOutboxEmpty(p);
    const landed = await reports();
    expect(landed).toHaveLength(1);
    expect(landed[0]).toMatchObject({
      reporter: reporter.id,
      target: writer.id,
      reason: '선입금 사기 같아요',
      status: 'open',
    });
    expect(String(landed[0]!['evidence'])).toContain(text);
    await closeClean(context, errors);
  });

  it('a post an admin hid shows the notice in its place, to everyone', async () => {
    const writer = await newFan();
    const card = cards[2 + slot]!;
    const hidden = `광고 글 ${tag()}`;
    const shown = `보이는 글 ${tag()}`;
    const post = await seedPost(writer.id, card, hidden);
    await seedPost(writer.id, card, shown);
    await moderate('hide', { collection: 'exchangeList', id: post.id, reason: '광고' });

    const { context, page: p, errors } = await openCard(viewport, card);
    const item = p.locator(`[data-post-id="${post.id}"]`);
    await item.getByTestId('hidden-notice').waitFor();
    expect(await item.getByTestId('hidden-notice').textContent()).toBe(m.hiddenPost);
    expect(await item.textContent()).not.toContain(hidden);
    expect(await item.getByTestId('content-report').count()).toBe(0);
    expect(await item.getByTestId('post-chat').count()).toBe(0);
    // the other post is as it was
    await postItem(p, shown).getByTestId('post-description').waitFor();
    expect(await axeViolations(p)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await shot(p, `hidden-post-${size}`);

    // unhidden: shown again when the card is opened next
    await moderate('unhide', { collection: 'exchangeList', id: post.id, reason: '재검토' });
    await p.reload();
    await postItem(p, hidden).getByTestId('post-description').waitFor();
    await closeClean(context, errors);
  });
});

describe('a suspended fan', () => {
  it('writes a post: refused with the Korean reason and the end date, and nothing is stored', async () => {
    const fan = await newFan();
    const card = cards[6]!;
    const { context, page: p, errors } = await openCard(PHONE, card, fan.email);
    // the form asked the fan's standing when it showed (and kept the answer): fine then
    await until(p, (id) => localStorage.getItem(`pocamarket.standing.${id}`) !== null, fan.id);
    expect(await p.getByTestId('standing-notice').count()).toBe(0);

    const done = await moderate('suspend', {
      user: fan.id,
      days: 3,
      reason: '사기 의심 신고 누적',
    });
    const day = koreanDay(String(done['suspendedUntil']));

    // the post is queued, and the server refuses it: the toast says why and until when
    const text = `정지 중에 쓴 글 ${tag()}`;
    await p.getByTestId('post-textarea').first().fill(text);
    await p.getByTestId('post-submit').click();
    const refusal = p.getByText('이용이 정지된 계정이에요', { exact: false }).first();
    await refusal.waitFor();
    const said = await refusal.textContent();
    expect(said).toContain(day);
    expect(said).toContain('사기 의심 신고 누적');
    await shot(p, 'suspended-refused-phone');
    const stored = await su.collection('exchangeList').getFullList({
      filter: su.filter('description = {:d}', { d: text }),
      requestKey: null,
    });
    expect(stored).toHaveLength(0);
    // the device put it back to the server's copy: the post is gone from the list
    await expect.poll(() => postItem(p, text).count(), { timeout: 15_000 }).toBe(0);

    // on the next visit the form says it up front and refuses at once, queueing nothing
    await p.reload();
    await p.getByTestId('card-panel').waitFor();
    const notice = p.getByTestId('standing-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(day);
    expect(await notice.textContent()).toContain(m.standingTitle);
    const before = await p.evaluate(() => window.__pocamarket.db.outbox.count());
    await p.getByTestId('post-textarea').first().fill(`다시 ${text}`);
    await p.getByTestId('post-submit').click();
    await p
      .locator('[role=status], [role=alert]')
      .getByText(day, { exact: false })
      .first()
      .waitFor();
    expect(await p.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(before);
    expect(await axeViolations(p)).toEqual([]);
    await notice.scrollIntoViewIfNeeded();
    await shot(p, 'suspended-notice-phone');

    await moderate('unsuspend', { user: fan.id, reason: '테스트 끝' });
    await closeClean(context, errors);
  });

  it('at a desktop size, the notice above the form', async () => {
    const fan = await newFan();
    await moderate('suspend', { user: fan.id, days: 7, reason: '욕설' });
    const { context, page: p, errors } = await openCard(DESKTOP, cards[7]!, fan.email);
    await p.getByTestId('standing-notice').waitFor();
    expect(await p.getByTestId('standing-notice').textContent()).toContain('욕설');
    await shot(p, 'suspended-notice-desktop');
    await moderate('unsuspend', { user: fan.id, reason: '테스트 끝' });
    await closeClean(context, errors);
  });
});
