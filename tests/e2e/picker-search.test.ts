/**
 * A proposal's card picker searches the whole catalogue (docs/product-rules.md, Search), in
 * Chromium at phone size against the real PocketBase with the demo data: online, a card of a
 * group this device does not keep is found by the server and can be picked; offline, the picker
 * searches the saved cards and says so.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koTradeScreens } from '../../src/i18n/ko-trade-screens.ts';
import { openApp, superuserClient } from '../helpers/app.ts';
import { launchBrowser, PHONE } from '../helpers/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const t = koTradeScreens.proposal;

describe('proposal card picker search', () => {
  it('finds a card outside the device’s scope online, and says it searched the saved cards offline', async () => {
    const admin = await superuserClient();
    const fan2 = await admin.collection('users').getFirstListItem('email = "fan2@example.com"');
    const { context, page, errors } = await openApp(browser, PHONE, { login: 'fan1@example.com' });

    // a card the device does not hold, with a title few cards share (all fit the picker's list)
    const local = new Set(
      await page.evaluate(
        async () =>
          (await window.__pocamarket.db.photoCards.toCollection().primaryKeys()) as string[],
      ),
    );
    const all = await admin.collection('photoCards').getFullList({ fields: 'id,title' });
    const byTitle = new Map<string, number>();
    for (const c of all) byTitle.set(c['title'], (byTitle.get(c['title']) ?? 0) + 1);
    const target = all.find((c) => !local.has(c.id) && (byTitle.get(c['title']) ?? 99) <= 10)!;
    expect(target, 'a card outside the scope').toBeDefined();

    await page.goto(`/trades/new?to=${fan2.id}`);
    const picker = page.getByTestId('picker-get');
    await picker.waitFor();
    await picker.getByRole('searchbox').fill(target['title']);
    const found = picker.locator(
      `[data-testid="picker-search-results"] [data-card-id="${target.id}"]`,
    );
    await expect.poll(() => found.count(), { timeout: 60_000 }).toBe(1);
    expect(await picker.getByTestId('picker-saved-only').count()).toBe(0);
    // the card came into the store, and stays there for the next time offline
    expect(
      await page.evaluate(
        async (id) => !!(await window.__pocamarket.db.photoCards.get(id)),
        target.id,
      ),
    ).toBe(true);

    // offline: the same search over the saved cards, which now hold it, and the note says so
    await context.setOffline(true);
    await picker.getByRole('searchbox').fill('');
    await picker.getByRole('searchbox').fill(target['title']);
    const note = picker.getByTestId('picker-saved-only');
    await expect.poll(() => note.textContent(), { timeout: 60_000 }).toBe(t.savedOnly);
    await expect.poll(() => found.count(), { timeout: 60_000 }).toBe(1);
    await context.setOffline(false);

    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|fetch failed/.test(e)),
    ).toEqual([]);
    await context.close();
  });
});
