/**
 * The content pages and 공지사항 in Chromium (docs/product-rules.md, Content pages, Notices), one
 * signed-in fan's device throughout:
 *
 * - each page (이용약관, 개인정보 처리방침, FAQ, 이용 가이드, 서비스 소개, 공지사항) opens from the
 *   settings (or the profile) and from the footer, at 390×844 and again at 1280×800 (the same
 *   page resized), with its own <h1> and tab title, and passes the accessibility audit;
 * - the FAQ and the guide filter as the fan types, and say so in Korean when nothing matches;
 * - a notice an admin writes through the API reaches the device and puts the new dot on the
 *   profile's settings gear and the settings' 공지사항 entry; opening it clears both;
 * - a content page and the notices open with no network after a visit (service worker + store).
 */
import type PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koContent } from '../../src/features/content/ko.ts';
import { koNewNotice } from '../../src/i18n/ko-content-links.ts';
import { koFooterLinks } from '../../src/i18n/ko-content-nav.ts';
import { openApp, superuserClient, until } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, PHONE, launchBrowser } from '../helpers/browser.ts';

const titles = koContent.content.titles;
const footer = koFooterLinks;

let browser: Browser;
let admin: PocketBase;
let context: BrowserContext;
let page: Page;
let errors: string[];
const created: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
});

/** The one signed-in device every test continues with (opened inside the first test to run). */
async function device(): Promise<void> {
  if (page) return;
  ({ context, page, errors } = await openApp(browser, PHONE, {
    path: '/profileSetting',
    login: 'fan1@example.com',
  }));
}

afterAll(async () => {
  for (const id of created)
    await admin
      .collection('notices')
      .delete(id)
      .catch(() => {});
  await context?.close();
  await browser?.close();
});

const h1 = () => page.locator('main h1, h1').first().textContent();

/** Waits for the screen's heading and tab title, then audits it. */
async function expectScreen(title: string): Promise<void> {
  await expect.poll(h1).toBe(title);
  await expect.poll(() => page.title()).toBe(`${title} | 포카마켓`);
  expect(await axeViolations(page), title).toEqual([]);
}

/** The main layout's footer link named `name`. */
const footerLink = (name: string) =>
  page.locator('footer').getByRole('link', { name, exact: true });

/** The settings screen's link named `name` (an entry or a customer-centre link). */
const settingsLink = (name: string) =>
  page.locator('main').getByTestId('settings-link').filter({ hasText: name }).first();

async function openSettings(): Promise<void> {
  if (new URL(page.url()).pathname !== '/profileSetting') {
    await page.goto('/profileSetting');
  }
  await expect.poll(h1).toBe('설정');
}

describe('content pages', () => {
  it('open from the settings, the profile and the footer, at phone and desktop size', async () => {
    await device();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      // from the settings: terms, privacy, FAQ, notices
      for (const [entry, title] of [
        ['이용약관', titles.terms],
        ['개인정보 처리방침', titles.privacy],
        ['FAQ', titles.faq],
        ['공지사항', titles.notices],
      ] as const) {
        await openSettings();
        await settingsLink(entry).click();
        await expectScreen(title);
        await page.goBack();
      }
      // the guide from the profile
      await page.goto('/profile');
      await page.getByTestId('profile-guide').click();
      await expectScreen(titles.guide);

      // from the footer, one after another
      for (const [name, title] of [
        [footer.about, titles.about],
        [footer.notices, titles.notices],
        [footer.faq, titles.faq],
        [footer.guide, titles.guide],
        [footer.terms, titles.terms],
        [footer.privacy, titles.privacy],
      ] as const) {
        await footerLink(name).click();
        await expect.poll(h1).toBe(title);
      }
    }
    // the language is said plainly, not a link to nowhere
    await openSettings();
    await expect
      .poll(() => page.locator('main').getByText('한국어', { exact: true }).count())
      .toBe(1);
    expect(await settingsLink('언어').count()).toBe(0);
    await page.setViewportSize(PHONE);
    expect(errors).toEqual([]);
  });

  it('filter the FAQ and the guide as the fan types, with a Korean empty result', async () => {
    await device();
    await footerLink(footer.faq).click();
    await expect.poll(h1).toBe(titles.faq);
    const items = page.getByTestId('faq-item');
    const all = koContent.faq.length;
    await expect.poll(() => items.count()).toBe(all);
    const search = page.getByRole('searchbox', { name: koContent.content.searchLabel(titles.faq) });
    await search.fill('탈퇴');
    await expect.poll(() => items.count()).toBeLessThan(all);
    expect(await items.count()).toBeGreaterThan(0);
    expect(await items.first().textContent()).toContain('탈퇴');
    await search.fill('오프 라인'); // typed with a space, still found
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    await search.fill('양자역학');
    await expect.poll(() => items.count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('search-empty').textContent())
      .toBe(koContent.content.searchEmpty('양자역학'));
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: koContent.content.searchClear }).click();
    await expect.poll(() => items.count()).toBe(all);

    await footerLink(footer.guide).click();
    await expect.poll(h1).toBe(titles.guide);
    const sections = page.getByTestId('guide-section');
    await expect.poll(() => sections.count()).toBe(koContent.guide.length);
    const guideSearch = page.getByRole('searchbox', {
      name: koContent.content.searchLabel(titles.guide),
    });
    await guideSearch.fill('QR');
    await expect.poll(() => sections.count()).toBeLessThan(koContent.guide.length);
    expect(await sections.first().textContent()).toContain('QR');
    await guideSearch.fill('없는낱말');
    await expect.poll(() => page.getByTestId('search-empty').isVisible()).toBe(true);
    expect(await sections.count()).toBe(0);
  });
});

describe('공지사항', () => {
  it('a notice an admin writes shows with the new dot, which goes away once it is opened', async () => {
    await device();
    const notice = await admin.collection('notices').create({
      title: `새 기능 안내 ${Date.now().toString(36)}`,
      body: '콜렉트북을 이제 카드 이름으로 찾을 수 있어요.\n\n업데이트 후 바로 써보세요.',
      published: new Date().toISOString().replace('T', ' '),
    });
    created.push(notice.id);
    // realtime (or the next pull) brings it to the device
    await until(page, async (id) => !!(await window.__pocamarket.db.notices.get(id)), notice.id);

    await page.goto('/profile');
    const gear = page.getByTestId('profile-settings');
    await expect.poll(() => gear.getByTestId('new-dot').count()).toBe(1);
    // named '설정' still, with the dot told as its description
    expect(await gear.getAttribute('aria-label')).toBe('설정');
    const described = await gear.getAttribute('aria-describedby');
    expect(await page.locator(`#${described}`).textContent()).toBe(koNewNotice);
    await gear.click();
    await expect.poll(h1).toBe('설정');
    const entry = settingsLink('공지사항');
    await expect.poll(() => entry.getByRole('img', { name: koNewNotice }).count()).toBe(1);
    await entry.click();
    await expectScreen(titles.notices);
    const row = page.getByTestId('notice-row').filter({ hasText: notice['title'] as string });
    await expect.poll(() => row.getByTestId('new-dot').count()).toBe(1);

    await row.click();
    await expect
      .poll(() => page.getByTestId('notice-screen').textContent())
      .toContain('업데이트 후');
    await expect.poll(() => page.title()).toBe(`${notice['title']} | 포카마켓`);
    expect(await axeViolations(page)).toEqual([]);

    // opened: no dot on the settings entry, the gear, or the list (it was the newest)
    await page.goBack();
    await expect.poll(h1).toBe(titles.notices);
    await expect.poll(() => page.getByTestId('new-dot').count()).toBe(0);
    await page.goto('/profileSetting');
    await expect.poll(h1).toBe('설정');
    expect(await settingsLink('공지사항').getByTestId('new-dot').count()).toBe(0);
    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('profile-settings').count()).toBe(1);
    expect(await page.getByTestId('profile-settings').getByTestId('new-dot').count()).toBe(0);

    // at desktop size the list is the same screen, audited there too
    await page.setViewportSize(DESKTOP);
    await page.goto('/notices');
    await expectScreen(titles.notices);
    await page.setViewportSize(PHONE);
    expect(errors).toEqual([]);
  });

  it('a content page and the notices open offline after a visit', async () => {
    await device();
    await context.setOffline(true);
    try {
      await page.goto('/terms');
      await expect.poll(h1).toBe(titles.terms);
      expect(await page.locator('main').textContent()).toContain('제4조 (팬 사이의 교환)');
      await page.goto('/notices');
      await expect.poll(h1).toBe(titles.notices);
      await expect.poll(() => page.getByTestId('notice-row').count()).toBeGreaterThan(0);
      await footerLink(footer.privacy).click();
      await expect.poll(h1).toBe(titles.privacy);
    } finally {
      await context.setOffline(false);
    }
  });
});
