/**
 * The /exchange search in Chromium against the real PocketBase with the demo data
 * (docs/product-rules.md, Search): online the results are the server's (the search route is
 * asked, Korean group names and initial consonants find RIIZE's 63 cards, paged with 더 보기);
 * offline the same matching runs over the saved cards, under the offline note.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp } from '../helpers/app.ts';
import { launchBrowser, PHONE } from '../helpers/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const total = (page: Page) => page.getByTestId('card-total').textContent();
const tiles = (page: Page) => page.getByTestId('photo-card');
const note = (page: Page) => page.getByTestId('search-saved-only');

describe('/exchange search', () => {
  it('asks the server online, and searches the saved cards offline with a note', async () => {
    const { context, page, errors } = await openApp(browser, PHONE, { path: '/exchange' });
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(63));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/pocamarket/search'))
        asked.push(new URL(r.url()).searchParams.get('q')!);
    });
    const box = page.getByRole('searchbox', { name: ko.exchangeScreen.searchLabel });

    // the group's Korean initials: every RIIZE card, 60 a page from the server
    await box.fill('ㄹㅇㅈ');
    await expect.poll(() => page.getByTestId('search-results').count()).toBe(1);
    // the count is the server's, all matches, while the first page holds 60
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(63));
    expect(asked).toEqual(['ㄹㅇㅈ']);
    expect(await note(page).count()).toBe(0);
    await expect.poll(() => tiles(page).count()).toBe(18);
    // 더 보기 twice: 42 shown, the next page is asked and the rest arrives
    await page.getByTestId('load-more').click();
    await expect.poll(() => tiles(page).count()).toBe(30);
    await page.getByTestId('load-more').click();
    await expect.poll(() => tiles(page).count()).toBe(42);
    await expect.poll(() => asked).toEqual(['ㄹㅇㅈ', 'ㄹㅇㅈ']);
    await page.getByTestId('load-more').click();
    await expect.poll(() => tiles(page).count()).toBe(54);

    // a new search loads; it never shows "no results" before its cards arrive
    await page.evaluate((empty) => {
      const w = window as unknown as { sawEmpty: boolean };
      w.sawEmpty = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="search-results"]')?.textContent?.includes(empty))
          w.sawEmpty = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, ko.cardGrid.noResults);
    await box.fill('원 빈');
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(9));
    expect(await page.evaluate(() => (window as unknown as { sawEmpty: boolean }).sawEmpty)).toBe(
      false,
    );
    for (const text of await page.locator('[data-testid="photo-card"] a').allTextContents()) {
      expect(text).toContain('원빈');
    }

    // offline: the saved cards, the same matching (the Korean group name from the local groups),
    // and the note
    await context.setOffline(true);
    await box.fill('');
    await box.fill('ㄹㅇㅈ');
    await expect.poll(() => note(page).textContent()).toBe(ko.exchangeScreen.savedOnly);
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(63));
    await box.fill('원 빈');
    await expect.poll(() => total(page)).toBe(ko.common.totalCards(9));
    expect(asked).toEqual(['ㄹㅇㅈ', 'ㄹㅇㅈ', '원 빈']);

    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
