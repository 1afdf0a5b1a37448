/**
 * The card page's 뒷면 toggle (docs/data-model.md, photoCards.cardBackImg): a seeded card shows
 * its front, the toggle (by mouse, then by keyboard) swaps in the back the server serves and
 * back again, at phone and desktop size, with no accessibility violations.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koArt } from '../../src/features/exchange/ko-art.ts';
import { openApp, superuserClient } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';

let browser: Browser;
let card: { id: string; cardImg: string; cardBackImg: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await superuserClient();
  const rec = await admin
    .collection('photoCards')
    .getFirstListItem('cardBackImg != ""', { sort: 'created' });
  card = { id: rec.id, cardImg: rec['cardImg'], cardBackImg: rec['cardBackImg'] };
});

afterAll(async () => {
  await browser?.close();
});

const picture = (page: Page) => page.getByTestId('card-panel').locator('img').first();

/** The picture shows `file` (the front's or the back's name) and has loaded from the server. */
async function expectPicture(page: Page, file: string) {
  await expect.poll(() => picture(page).getAttribute('src')).toContain(file.replace(/\.\w+$/, ''));
  await expect
    .poll(() => picture(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

describe('card back', () => {
  it('swaps the card page picture to its back and again, by mouse and keyboard', async () => {
    const { context, page } = await openApp(browser, PHONE, {
      path: `/exchangeDetail/${card.id}`,
      serviceWorker: false,
    });
    try {
      const toggle = page.getByRole('button', { name: koArt.cardSide.showBack, exact: true });
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await expectPicture(page, card.cardImg);

      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      await expectPicture(page, card.cardBackImg);
      expect(await picture(page).getAttribute('alt')).toContain('뒷면');
      expect(await axeViolations(page)).toEqual([]);

      // the same switch by keyboard, at desktop size
      await page.setViewportSize(DESKTOP);
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await expectPicture(page, card.cardImg);
      await page.keyboard.press('Space');
      await expectPicture(page, card.cardBackImg);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
