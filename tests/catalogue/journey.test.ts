/**
 * A fan's journey on a catalogue of real shape (docs/sync.md, Pull by scope), in Chromium at
 * 390×844: the demo seed plus 20,000 generated cards in 50 groups (the catalogue benchmark's data
 * dir, bench/catalogue/data-dir.ts, built once and reused), served by the real PocketBase with the
 * first-screen renderer, on a copy of its databases.
 *
 * A fan whose favourite group and two collect books are three groups of the catalogue: the first
 * visit paints, those groups' cards arrive (and little else), they go offline and tick cards in a
 * book, search their groups, open a card outside them and are told it can be seen once connected;
 * back online, the ticks land once. A guest searches ㄹㅇㅈ and finds RIIZE's cards.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDataDir } from '../../bench/catalogue/data-dir.ts';
import { startBenchServerOnDataDir, type BenchServer } from '../../bench/lib/server.ts';
import { DIST_DIR } from '../../server/pocketbase.ts';
import { SSR_DIR } from '../../server/ssr/renderer.ts';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, until, waitForOutboxEmpty, PASSWORD } from '../helpers/app.ts';
import { launchBrowser, newContext, PHONE } from '../helpers/browser.ts';

const CARDS = 20_000;
const GROUPS = 50;

let browser: Browser;
let server: BenchServer;
let admin: PocketBase;
let followed: RecordModel[];
let fanEmail: string;
let books: RecordModel[];

beforeAll(async () => {
  const dir = await catalogueDataDir({ cards: CARDS, groups: GROUPS, log: () => {} });
  server = await startBenchServerOnDataDir(dir.dir, { publicDir: DIST_DIR, ssrDir: SSR_DIR });
  admin = await server.admin();
  browser = await launchBrowser();

  // three generated groups of a few hundred cards: the bias and two books' groups
  const groups = await admin
    .collection('groups')
    .getFullList({ filter: 'cardCount >= 150 && cardCount <= 500', sort: 'id' });
  followed = groups.slice(0, 3);
  expect(followed.length).toBe(3);
  fanEmail = `catalogue-${Date.now()}@example.com`;
  const fan = await admin.collection('users').create({
    email: fanEmail,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: `cat${Date.now()}`.slice(0, 20),
    name: '카탈로그',
    biasGroup: followed[0]!.id,
  });
  books = [];
  for (const g of followed.slice(1)) {
    books.push(
      await admin
        .collection('collectBook')
        .create({ users: fan.id, group: g.id, title: `${g['groupName']} 북` }),
    );
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function localCount(page: Page, group: string): Promise<number> {
  return page.evaluate(
    (g) => window.__pocamarket.db.photoCards.where('group').equals(g).count(),
    group,
  );
}

const offlineNoise = (errors: string[]) =>
  errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|fetch failed/.test(e));

describe(`a fan on a ${CARDS.toLocaleString('en')}-card catalogue`, () => {
  it('keeps their three groups, ticks a book offline, searches them, is told about a card outside, and syncs once', async () => {
    const context = await newContext(browser, PHONE, server.url);
    // the first visit paints the server-rendered first screen before any script runs (the
    // renderer serves the plain shell until its own first pull is in)
    await expect
      .poll(async () => (await (await fetch(`${server.url}/`)).text()).includes('data-card-id='), {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe(true);

    const { page, errors } = await openApp(browser, PHONE, { context, login: fanEmail });
    // their groups arrive, whole
    for (const g of followed) {
      await expect
        .poll(() => localCount(page, g.id), { timeout: 60_000 })
        .toBe(g['cardCount'] as number);
    }
    // and the device holds little else of the 20,000 (other groups: only what screens showed)
    const total = await page.evaluate(() => window.__pocamarket.db.photoCards.count());
    const mine = followed.reduce((n, g) => n + (g['cardCount'] as number), 0);
    expect(total).toBeLessThan(mine + 2_000);
    expect(total).toBeGreaterThanOrEqual(mine);

    // offline: a book of one of their groups, ticked
    const book = books[0]!;
    const group = followed[1]!;
    await page.goto(
      `/collectBook/${encodeURIComponent(group['groupName'])}/${book.id}/${encodeURIComponent(book['title'])}`,
    );
    await page.getByTestId('book-pick-grid').waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    const toggles = page.locator('[data-testid="book-card-toggle"][aria-pressed="false"]');
    const ticks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const el = toggles.first();
      ticks.push((await el.getAttribute('data-card-id'))!);
      await el.click();
    }
    await page.getByTestId('book-complete').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: ko.collectBookScreen.saveLabel, exact: true }).click();
    await expect.poll(() => page.getByTestId('book-unsaved').count()).toBe(0);

    // offline search over their groups: the saved cards, and the note says so
    const sample = await admin
      .collection('photoCards')
      .getFirstListItem(`group = "${group.id}"`, { sort: 'id' });
    await page.goto('/exchange');
    const box = page.getByRole('searchbox', { name: ko.exchangeScreen.searchLabel });
    await box.fill(sample['memberName']);
    await page.getByTestId('search-saved-only').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator(`[data-testid="search-results"] [data-card-id]`).count(), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);

    // a card of a group they do not follow, never shown: it needs the connection
    const outside = await admin
      .collection('photoCards')
      .getFirstListItem(followed.map((g) => `group != "${g.id}"`).join(' && '), { sort: '-id' });
    // (the page just loaded offline: its data layer's test handle comes after the screen)
    await page.waitForFunction(() => !!window.__pocamarket);
    expect(
      await page.evaluate(
        async (id) => !!(await window.__pocamarket.db.photoCards.get(id)),
        outside.id,
      ),
    ).toBe(false);
    await page.goto(`/exchangeDetail/${outside.id}`);
    const offline = page.getByTestId('card-offline');
    await expect.poll(() => offline.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await offline.textContent()).toContain(ko.exchange.offlineMissing);

    // back online: the ticks land, once
    await context.setOffline(false);
    await waitForOutboxEmpty(page, 30_000);
    await expect
      .poll(async () => (await admin.collection('collectBook').getOne(book.id))['cardInfo'], {
        timeout: 60_000,
      })
      .toEqual(expect.arrayContaining(ticks));
    const stored = (await admin.collection('collectBook').getOne(book.id))['cardInfo'] as string[];
    expect(stored.length).toBe(new Set(stored).size);
    expect(stored.filter((id) => ticks.includes(id)).length).toBe(ticks.length);
    // and the card outside their groups is read from the server now
    await page.reload();
    await until(
      page,
      async (id) => !!(await window.__pocamarket.db.photoCards.get(id)),
      outside.id,
    );
    expect(offlineNoise(errors)).toEqual([]);
    await context.close();
  }, 240_000);

  it('a guest searches ㄹㅇㅈ and finds RIIZE’s cards among the catalogue', async () => {
    const context = await newContext(browser, PHONE, server.url);
    const { page, errors } = await openApp(browser, PHONE, { context, path: '/exchange' });
    const riize = await admin.collection('groups').getFirstListItem('groupName = "RIIZE"');
    await page.getByRole('searchbox', { name: ko.exchangeScreen.searchLabel }).fill('ㄹㅇㅈ');
    const results = page.locator('[data-testid="search-results"] [data-card-id]');
    await expect.poll(() => results.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('search-saved-only').count()).toBe(0);
    const ids = await results.evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id')!));
    const groupsOf: (string | undefined)[] = await page.evaluate(
      async (list) =>
        (await window.__pocamarket.db.photoCards.bulkGet(list)).map(
          (c: { group: string } | undefined) => c?.group,
        ),
      ids,
    );
    expect(groupsOf.every((g) => g === riize.id)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
