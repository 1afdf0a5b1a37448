/**
 * The collect book screen (docs/product-rules.md, Collect book) as a fan uses it at an event, at a phone
 * size and a desktop size: open the book, lose the network, reload, tick 10 cards by mouse and
 * keyboard, save, reload offline (the ticks and the percent are kept), get the network back and
 * find exactly that set on the server. Then two devices of one fan tick different cards of the
 * same book: a save arriving live on the other device merges with its unsaved ticks, and both
 * changes survive on the server and on both screens.
 */
import type PocketBase from 'pocketbase';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import {
  openApp,
  recordToasts,
  superuserClient,
  until,
  waitForOutboxEmpty,
} from '../helpers/app.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';

const t = ko.collectBookScreen;
let browser: Browser;
let admin: PocketBase;

// fan1's demo books are shared with the other e2e files: their cards are put back afterwards.
let booksBefore: { id: string; cardInfo: string[] }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const fan = await admin.collection('users').getFirstListItem('email = "fan1@example.com"');
  booksBefore = (
    await admin.collection('collectBook').getFullList({ filter: `users = "${fan.id}"` })
  ).map((b) => ({ id: b.id, cardInfo: b['cardInfo'] as string[] }));
});

afterAll(async () => {
  await browser?.close();
  for (const b of booksBefore) {
    await admin.collection('collectBook').update(b.id, { cardInfo: b.cardInfo });
  }
});

interface BookInfo {
  id: string;
  path: string;
}

/** fan1's RIIZE book, from the local store, and its address. */
async function findBook(page: Page, userId: string): Promise<BookInfo> {
  const found = await page.evaluate(async (me) => {
    const { db } = window.__pocamarket;
    const books = await db.collectBook.where('users').equals(me).toArray();
    for (const b of books) {
      const g = await db.groups.get(b.group);
      if (g?.groupName === 'RIIZE') return { id: b.id as string, title: b.title as string };
    }
    return null;
  }, userId);
  expect(found, 'fan1 owns a RIIZE collect book in the demo seed').not.toBeNull();
  const path = `/collectBook/RIIZE/${found!.id}/${encodeURIComponent(found!.title)}`;
  return { id: found!.id, path };
}

/**
 * Test setup through the superuser: the shared demo book fills up as journeys tick cards, so
 * make sure at least `room` of the group's cards are not in it (untick the rest on the server,
 * before the devices open: their first pull brings the book as it is then).
 */
async function makeRoom(room: number): Promise<void> {
  const fan = await admin.collection('users').getFirstListItem('email = "fan1@example.com"');
  const group = await admin.collection('groups').getFirstListItem('groupName = "RIIZE"');
  const book = await admin
    .collection('collectBook')
    .getFirstListItem(`users = "${fan.id}" && group = "${group.id}"`);
  const cards = await admin
    .collection('photoCards')
    .getFullList({ filter: `group = "${group.id}"`, fields: 'id' });
  const inGroup = new Set(cards.map((c) => c.id));
  const held = (book['cardInfo'] as string[]).filter((id) => inGroup.has(id));
  if (inGroup.size - held.length >= room) return;
  const keep = held.slice(0, Math.max(0, inGroup.size - room));
  await admin
    .collection('collectBook')
    .update(book.id, { 'cardInfo-': held.filter((id) => !keep.includes(id)) });
}

async function serverCards(bookId: string): Promise<string[]> {
  const cards = (await admin.collection('collectBook').getOne(bookId))['cardInfo'] as string[];
  return [...cards].sort();
}

const toggle = (page: Page, cardId: string) =>
  page.locator(`[data-testid="book-card-toggle"][data-card-id="${cardId}"]`);

async function waitForBook(page: Page): Promise<void> {
  await page.getByTestId('book-pick-grid').waitFor();
}

/** Ids of the grid's cards, split by whether they show as owned. */
async function gridState(page: Page): Promise<{ owned: string[]; unowned: string[] }> {
  return page.evaluate(() => {
    const owned: string[] = [];
    const unowned: string[] = [];
    for (const el of document.querySelectorAll('[data-testid="book-card-toggle"]')) {
      const id = el.getAttribute('data-card-id')!;
      (el.getAttribute('aria-pressed') === 'true' ? owned : unowned).push(id);
    }
    return { owned, unowned };
  });
}

async function expectProgress(page: Page, owned: number, total: number): Promise<void> {
  const percent = total ? Math.round((owned / total) * 100) : 0;
  await expect.poll(() => page.getByTestId('book-count').textContent()).toBe(`${owned}/${total}`);
  expect(await page.getByTestId('book-percent').textContent()).toBe(`${percent}%`);
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('book-complete').click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(t.saveConfirm).waitFor();
  await dialog.getByRole('button', { name: t.saveLabel, exact: true }).click();
  await page.getByText(t.saved).first().waitFor();
  await expect.poll(() => page.getByTestId('book-unsaved').count()).toBe(0);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('collect book at %s size', (_name, viewport) => {
  it('ticks 10 cards offline by mouse and keyboard, keeps them, and syncs exactly that set', async () => {
    await makeRoom(12);
    // with the service worker: the page is reloaded offline
    const { context, page, userId } = await openApp(browser, viewport, {
      login: 'fan1@example.com',
    });
    await waitForOutboxEmpty(page);
    const book = await findBook(page, userId!);
    const before = await serverCards(book.id);

    await page.goto(book.path);
    await waitForBook(page);
    if (viewport === DESKTOP) await page.getByTestId('book-side-menu').waitFor();

    // --- no signal, and the page is reloaded
    await context.setOffline(true);
    await page.reload();
    await waitForBook(page);
    const start = await gridState(page);
    const total = start.owned.length + start.unowned.length;
    expect(start.unowned.length).toBeGreaterThanOrEqual(10);
    await expectProgress(page, start.owned.length, total);

    const ticks = start.unowned.slice(0, 10);
    for (const id of ticks.slice(0, 4)) await toggle(page, id).click();
    for (const id of ticks.slice(4, 7)) {
      await toggle(page, id).focus();
      await page.keyboard.press('Enter');
    }
    for (const id of ticks.slice(7, 10)) {
      await toggle(page, id).focus();
      await page.keyboard.press('Space');
    }
    // A mistaken tick, taken back, is not saved.
    await toggle(page, ticks[0]!).click();
    await toggle(page, ticks[0]!).click();
    for (const id of ticks)
      expect(await toggle(page, id).getAttribute('aria-pressed')).toBe('true');
    await expectProgress(page, start.owned.length + 10, total);
    await page.getByTestId('book-unsaved').waitFor();

    // Leaving with unsaved ticks asks first; staying keeps them.
    await page.getByRole('button', { name: ko.common.back }).click();
    const leave = page.getByRole('alertdialog');
    await leave.getByText(t.leavePrompt).waitFor();
    await leave.getByRole('button', { name: t.stay, exact: true }).click();
    await expectProgress(page, start.owned.length + 10, total);
    expect(page.url()).toContain(book.id);

    const toasts = await recordToasts(page);
    await save(page);
    // one toast for one save, and it says the save is on the device only so far
    await expect.poll(toasts).toEqual([t.savedOffline]);
    await page.locator('[data-testid="book-progress"] [data-pending-mark]').waitFor();

    // --- reload, still offline: the ticks and the percent are kept
    await page.reload();
    await waitForBook(page);
    await expectProgress(page, start.owned.length + 10, total);
    for (const id of ticks)
      expect(await toggle(page, id).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('book-unsaved').count()).toBe(0);
    expect(await serverCards(book.id)).toEqual(before);

    // --- the network is back: the server holds exactly the expected set
    await context.setOffline(false);
    await waitForOutboxEmpty(page);
    const want = [...new Set([...before, ...ticks])].sort();
    await expect.poll(() => serverCards(book.id)).toEqual(want);
    await expect
      .poll(() => page.locator('[data-testid="book-progress"] [data-pending-mark]').count())
      .toBe(0);
    await context.close();
  });

  // a merge of two devices' changes, not a layout: once, on a phone
  it.runIf(viewport === PHONE)(
    'two devices tick different cards of one book: both changes survive',
    async () => {
      await makeRoom(6);
      const a = await openApp(browser, viewport, {
        login: 'fan1@example.com',
        serviceWorker: false,
      });
      const b = await openApp(browser, viewport, {
        login: 'fan1@example.com',
        serviceWorker: false,
      });
      await waitForOutboxEmpty(a.page);
      await waitForOutboxEmpty(b.page);
      const book = await findBook(a.page, a.userId!);
      const before = await serverCards(book.id);
      await a.page.goto(book.path);
      await b.page.goto(book.path);
      await waitForBook(a.page);
      await waitForBook(b.page);
      for (const p of [a.page, b.page]) {
        await p.waitForFunction(() => window.__pocamarket?.engine.getStatus().realtime === 'live');
      }

      const { owned, unowned } = await gridState(a.page);
      expect(unowned.length).toBeGreaterThanOrEqual(4);
      const onA = unowned.slice(0, 2);
      const onB = unowned.slice(2, 4);
      // Device B also unticks a card it had, to see a remove merge too.
      const removedOnB = owned[0];

      for (const id of onB) await toggle(b.page, id).click();
      if (removedOnB) await toggle(b.page, removedOnB).click();
      for (const id of onA) await toggle(a.page, id).click();
      await save(a.page);
      await waitForOutboxEmpty(a.page);

      // A's save arrives live on B, and B's unsaved ticks are still there.
      for (const id of onA) {
        await expect.poll(() => toggle(b.page, id).getAttribute('aria-pressed')).toBe('true');
      }
      for (const id of onB)
        expect(await toggle(b.page, id).getAttribute('aria-pressed')).toBe('true');
      if (removedOnB) {
        expect(await toggle(b.page, removedOnB).getAttribute('aria-pressed')).toBe('false');
      }
      await b.page.getByTestId('book-unsaved').waitFor();
      const total = owned.length + unowned.length;
      await expectProgress(b.page, owned.length + 4 - (removedOnB ? 1 : 0), total);

      await save(b.page);
      await waitForOutboxEmpty(b.page);
      const want = [...new Set([...before, ...onA, ...onB])]
        .filter((id) => id !== removedOnB)
        .sort();
      await expect.poll(() => serverCards(book.id)).toEqual(want);

      // Both screens show the merged set.
      for (const p of [a.page, b.page]) {
        await until(
          p,
          (ids: { on: string[]; off: string | null }) =>
            ids.on.every(
              (id) =>
                document
                  .querySelector(`[data-testid="book-card-toggle"][data-card-id="${id}"]`)
                  ?.getAttribute('aria-pressed') === 'true',
            ) &&
            (!ids.off ||
              document
                .querySelector(`[data-testid="book-card-toggle"][data-card-id="${ids.off}"]`)
                ?.getAttribute('aria-pressed') === 'false'),
          { on: [...onA, ...onB], off: removedOnB ?? null },
        );
        await expectProgress(p, owned.length + 4 - (removedOnB ? 1 : 0), total);
      }
      await a.context.close();
      await b.context.close();
    },
  );
});
