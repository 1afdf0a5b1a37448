/**
 * The inbox with every push topic off (docs/push.md, The inbox), in Chromium at 390×844: another
 * fan's proposal is an alert in /alerts with the bell's count, 거래 counts it and marks its row
 * 내 차례, and opening the trade marks the alert read; a message that arrives while the thread is
 * open leaves nothing unread, and messages while the fan is away are one alert. The two fans are
 * made for this file and deleted at the end.
 */
import PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { koAlerts } from '../../src/i18n/ko-alerts.ts';
import { koChat } from '../../src/features/chat/ko.ts';
import { ko } from '../../src/i18n/ko.ts';
import { koTradeScreens } from '../../src/i18n/ko-trade-screens.ts';
import { PASSWORD, openApp, superuserClient } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, PHONE, launchBrowser } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const STAMP = Date.now().toString(36);

let browser: Browser;
let admin: PocketBase;
let a: RecordModel;
let b: RecordModel;
/** b's own client: b acts through the API while a watches in Chromium. */
let asB: PocketBase;
let card: string;
/** Blocks made by a test, lifted even when it fails (the next test trades between the two). */
const blocks: string[] = [];

async function makeFan(tag: string): Promise<RecordModel> {
  return admin.collection('users').create({
    email: `inbox-${tag}-${STAMP}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    name: `알림 ${tag}`,
    username: `ib${tag}${STAMP}`.slice(0, 20),
  });
}

async function shot(page: Page, name: string) {
  const dir = process.env.INBOX_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** What the visible bell says: its badge's text ('' when none). */
const bell = (page: Page) =>
  page.evaluate(() => {
    const link = [...document.querySelectorAll<HTMLElement>('a[href="/alerts"]')].find((l) =>
      l.checkVisibility(),
    );
    return link?.querySelector('[data-testid="alerts-badge"]')?.textContent ?? '';
  });

const alertsOf = (user: string) =>
  admin.collection('notifications').getFullList({
    filter: admin.filter('user = {:u}', { u: user }),
    sort: 'created',
  });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  card = (await admin.collection('photoCards').getList(1, 1, { filter: 'groupName = "RIIZE"' }))
    .items[0]!.id;
  a = await makeFan('a');
  b = await makeFan('b');
  asB = new PocketBase(baseUrl());
  asB.autoCancellation(false);
  await asB.collection('users').authWithPassword(String(b['email']), PASSWORD);
});

afterEach(async () => {
  for (const id of blocks.splice(0)) await asB.collection('blocks').delete(id);
});

afterAll(async () => {
  for (const fan of [a, b]) if (fan) await admin.collection('users').delete(fan.id);
  await browser?.close();
});

describe('the inbox, with push off', () => {
  it('a proposal and messages reach the inbox; 거래 marks what waits; what is seen is read', async () => {
    const { context, page, errors } = await openApp(browser, PHONE, {
      login: String(a['email']),
    });
    expect(
      await admin.collection('pushSubscriptions').getFullList({
        filter: admin.filter('user = {:u}', { u: a.id }),
      }),
    ).toEqual([]);

    // b proposes: a's bell counts it, /alerts lists it
    const trade = await asB.collection('trades').create({
      proposer: b.id,
      receiver: a.id,
      give: [card],
      message: '원빈 포카 교환해요',
    });
    await page.goto('/profile');
    await expect.poll(() => bell(page)).toBe('1');
    await expect.poll(() => page.getByTestId('trades-waiting').textContent()).toBe('1');
    // the link's name: '거래' and, hidden on screen beside the count, ', 나를 기다리는 거래 1건'
    await page.getByRole('link', { name: koTradeScreens.profile.tradesWaiting(1) }).click();
    const row = page.locator(`[data-testid="trade-row"][data-trade-id="${trade.id}"]`);
    await expect
      .poll(() => row.getByTestId('trade-my-turn').textContent())
      .toBe(koTradeScreens.trades.myTurn);
    await shot(page, 'trades-phone');

    await page.goto('/alerts');
    const items = page.getByTestId('alert-item');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().textContent()).toContain('새 교환 제안');
    expect(await items.first().getAttribute('data-read')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'alerts-phone');

    // opening the trade (from its row, not the alert) marks its alert read, here and on the server
    await page.goto(`/trades/${trade.id}`);
    await expect.poll(() => bell(page)).toBe('');
    await expect.poll(async () => (await alertsOf(a.id)).map((n) => n['read'])).toEqual([true]);

    // a message while the thread is open: shown, nothing left unread
    const pair = a.id < b.id ? { a: a.id, b: b.id } : { a: b.id, b: a.id };
    const conversation = await asB.collection('conversations').create(pair);
    await asB
      .collection('messages')
      .create({ conversation: conversation.id, sender: b.id, text: '안녕하세요' });
    await page.goto(`/chatting/${conversation.id}`);
    await page.getByText('안녕하세요').waitFor();
    await asB
      .collection('messages')
      .create({ conversation: conversation.id, sender: b.id, text: '포카 상태 좋아요' });
    await page.getByText('포카 상태 좋아요').waitFor();
    await expect
      .poll(
        async () =>
          (await alertsOf(a.id)).filter((n) => n['topic'] === 'chat' && !n['read']).length,
      )
      .toBe(0);
    expect(await bell(page)).toBe('');

    // away from the thread, two messages are one alert
    await page.goto('/');
    for (const text of ['사진 보내드릴게요', '확인 부탁해요']) {
      await asB
        .collection('messages')
        .create({ conversation: conversation.id, sender: b.id, text });
    }
    await expect.poll(() => bell(page)).toBe('1');
    await page.goto('/alerts');
    await expect.poll(() => items.first().textContent()).toContain('새 메시지 2개');
    expect(await items.first().textContent()).toContain('확인 부탁해요');
    expect(await page.getByText(koAlerts.alerts.unreadSummary(1)).count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a message refused by a block keeps its words and the reason, offers no retry, and the pill clears the send button', async () => {
    const { context, page, errors } = await openApp(browser, PHONE, {
      login: String(a['email']),
    });
    const pair = a.id < b.id ? { a: a.id, b: b.id } : { a: b.id, b: a.id };
    const conversation = (
      await asB.collection('conversations').getFullList({
        filter: asB.filter('a = {:a} && b = {:b}', pair),
      })
    )[0]!;
    await page.goto(`/chatting/${conversation.id}`);
    await page.getByText('확인 부탁해요').waitFor();
    // with no signal a types a message; meanwhile b blocks a
    await context.setOffline(true);
    const block = await asB.collection('blocks').create({ user: b.id, blocked: a.id });
    blocks.push(block.id);
    const words = `내일 준등기로 보낼게요 ${STAMP}`;
    await page.getByRole('textbox', { name: koChat.chat.composerLabel }).fill(words);
    await page.getByRole('button', { name: koChat.chat.send }).click();
    const pill = page.getByTestId('pending-count');
    // the message waits (with the thread's read mark, maybe)
    await expect.poll(() => pill.isVisible()).toBe(true);
    expect(await pill.textContent()).toMatch(/^동기화 대기 \d+$/);
    await shot(page, 'blocked-offline-phone');
    const send = page.getByRole('button', { name: koChat.chat.send });
    const overlaps = async () => {
      const [p, s] = [await pill.boundingBox(), await send.boundingBox()];
      if (!p || !s) return false;
      return (
        p.x < s.x + s.width && s.x < p.x + p.width && p.y < s.y + s.height && s.y < p.y + p.height
      );
    };
    expect(await overlaps()).toBe(false);

    // back online: refused, and the words stay in the thread with the reason, without a retry
    await context.setOffline(false);
    const failed = page.getByTestId('failed-message');
    await expect.poll(() => failed.count(), { timeout: 60_000 }).toBe(1);
    expect(await failed.textContent()).toContain(words);
    expect(await failed.textContent()).toContain('이 사용자와는 대화하거나 교환할 수 없어요.');
    expect(await failed.getByRole('button', { name: koChat.chat.failedRetry }).count()).toBe(0);
    expect(await failed.getByRole('button', { name: koChat.chat.failedCopy }).count()).toBe(1);
    // nothing was stored on the server
    expect(
      await admin.collection('messages').getFullList({
        filter: admin.filter('conversation = {:c} && text ~ {:w}', {
          c: conversation.id,
          w: STAMP,
        }),
      }),
    ).toEqual([]);
    // what waits is the fan's decision: never '동기화 대기 0', and still clear of the send button
    await expect.poll(() => pill.textContent()).not.toBe(ko.sync.pendingCount(0));
    expect(await overlaps()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'blocked-phone');

    // deleting it empties the thread's failures and the pill
    await failed.getByRole('button', { name: koChat.chat.failedDelete }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: koChat.chat.failedDelete })
      .click();
    await expect.poll(() => failed.count()).toBe(0);
    await expect.poll(() => pill.isVisible()).toBe(false);
    await asB.collection('blocks').delete(block.id);
    blocks.pop();
    // the refusal's console error is the server's answer to the queued send
    expect(errors.filter((e) => !e.includes('/api/'))).toEqual([]);
    await context.close();
  });

  it('the lists at 1280×800', async () => {
    const { context, page, errors } = await openApp(browser, DESKTOP, {
      path: '/trades',
      login: String(a['email']),
    });
    await page.goto('/trades');
    await expect.poll(() => page.getByTestId('trade-my-turn').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trades-desktop');
    await page.goto('/alerts');
    // the newest first: the messages' alert, then (read) the chat's first and the proposal's
    const items = page.getByTestId('alert-item');
    await expect.poll(() => items.first().textContent()).toContain('새 메시지 2개');
    expect(await items.last().textContent()).toContain('새 교환 제안');
    // the thread was opened since (the test before): its alert is read, here too
    await expect
      .poll(() => page.locator('[data-testid="alert-item"][data-read="false"]').count())
      .toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'alerts-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
