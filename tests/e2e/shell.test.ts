/**
 * The app shell in Debian's Chromium, served by PocketBase from dist/: every route renders its
 * screen without console errors at a phone and a desktop size; tabs and header navigate; the
 * footer and top bar follow the visibility rules (docs/product-rules.md, Layout and navigation); unknown paths get the not-found screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { VIEWPORTS, launchBrowser, newContext, trackedPage } from '../helpers/browser.ts';
import { ROUTES } from '../helpers/routes.ts';
import { koShare } from '../../src/i18n/ko-share.ts';
import { axeViolations } from '../helpers/axe.ts';
import { serveTiles } from '../helpers/tiles.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A context whose map tiles come from tests/helpers/tiles.ts (/meetup asks for them; no internet).
 * Without the service worker unless `worker` (tests/helpers/browser.ts, ContextOptions).
 */
async function openContext(viewport: { width: number; height: number }, worker = false) {
  const context = await newContext(browser, viewport, baseUrl(), { serviceWorker: worker });
  await serveTiles(context);
  return context;
}

const h1 = (page: Page) => page.locator('h1').first().textContent();

/**
 * Goes to `path` in the running app, as a link would (the router follows the history's popstate),
 * with no page load: the desktop pass's two dozen screens without two dozen app starts.
 */
/** What Chromium reports for a module import the page being left did not finish. */
const LEFT_IMPORT = /Failed to fetch dynamically imported module/;

async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe.each(Object.entries(VIEWPORTS))('every route at %s size', (_name, viewport) => {
  it('renders its screen with no console errors and no WCAG A/AA violations', async () => {
    // With the service worker: once it controls the page it answers the next two dozen addresses
    // from its precached shell, cheaper than the server's rendered pages and their hydration.
    const context = await openContext(viewport, true);
    const { page, errors } = await trackedPage(context);
    const violations: string[] = [];
    const audited = new Set<string>();
    const titles: string[] = [];
    // the first address is loaded, then the app goes from screen to screen as a fan clicking
    // through does (loading each of two dozen addresses took minutes of the suite's CPU; a
    // direct load of the main routes is first-screen.test.ts's, of every route the unit route
    // test's)
    let first = true;
    for (const [path, title] of ROUTES) {
      // PocketBase answers /api/* itself; the SPA reaches this return route only in-app, which
      // the unit route test covers.
      if (path.startsWith('/api/')) continue;
      if (!first) await goInApp(page, path);
      else {
        // leaving a page cancels the chunks it was still importing (its data layer starts after
        // the screen is up); Chromium reports that on the page being left, which is no error of
        // the app: only such reports made while the next address loads are dropped
        const before = errors.length;
        await page.goto(path);
        const during = errors.splice(before);
        errors.push(...during.filter((e) => !LEFT_IMPORT.test(e)));
      }
      first = false;
      await expect.poll(() => h1(page), { message: path }).toBe(title);
      // a second spelling of an address (/Login, /LikeDetail, meetUpSubmit) draws the same
      // screen: it is checked to render, the audit runs once per screen
      const screen = path.toLowerCase();
      if (audited.has(screen)) continue;
      audited.add(screen);
      // each screen names itself in the tab ('<screen> | 포카마켓', or the thing it shows)
      // (a reload starts from the shell's title, the home page's: wait for the screen's own)
      await expect
        .poll(
          async () => {
            const title = await page.title();
            return title !== titles.at(-1) && (path === '/' || title !== koShare.home.title);
          },
          { message: path },
        )
        .toBe(true);
      titles.push(await page.title());
      violations.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
    expect(titles.every((t) => t.includes('포카마켓'))).toBe(true);
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
    await context.close();
  }, 300_000); // two dozen page loads: about 50 s alone, minutes beside the other lane
});

describe('the accessibility audit itself', () => {
  it('reports an image without alt text and low-contrast text', async () => {
    const context = await openContext(VIEWPORTS.phone);
    const { page } = await trackedPage(context);
    await page.goto('/');
    await expect.poll(() => h1(page)).toBe('홈');
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/icons/icon-192.png';
      const faint = document.createElement('p');
      faint.textContent = '흐린 글씨';
      faint.style.color = '#eeeeee';
      faint.style.background = '#ffffff';
      // outside #root: the page may still be hydrating, and React owns what is inside it
      document.body.append(img, faint);
    });
    const ids = (await axeViolations(page)).map((v) => v.split(' ')[0]);
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']));
    await context.close();
  });
});

describe('navigation on a phone (390x844)', () => {
  it('bottom tabs navigate; top bar and footer follow the layout rules', async () => {
    const context = await openContext(VIEWPORTS.phone);
    const { page, errors } = await trackedPage(context);
    await page.goto('/');
    const tabs = page.locator('nav[aria-label="하단 탭"]');
    await expect.poll(() => tabs.isVisible()).toBe(true);
    expect(await page.locator('nav[aria-label="주요 메뉴"]').isVisible()).toBe(false);
    expect(await page.locator('a[aria-label="알림"]:visible').count()).toBe(1);

    await tabs.getByText('교환').click();
    await expect.poll(() => h1(page)).toBe('교환');
    expect(new URL(page.url()).pathname).toBe('/exchange');
    expect(await tabs.locator('[aria-current="page"]').textContent()).toContain('교환');

    await tabs.getByText('밋업').click();
    await expect.poll(() => h1(page)).toBe('밋업');
    expect(await page.locator('footer').count()).toBe(0);

    await tabs.getByText('홈').click();
    await expect.poll(() => h1(page)).toBe('홈');
    await expect.poll(() => page.locator('footer').isVisible()).toBe(true);

    // logged out: the profile tab leads to the login screen
    await tabs.getByText('프로필').click();
    await expect.poll(() => h1(page)).toBe('로그인');
    expect(new URL(page.url()).pathname.toLowerCase()).toBe('/login');

    // the top bar is hidden on settings-like screens
    await page.goto('/profileSetting');
    await expect.poll(() => h1(page)).toBe('설정');
    expect(await page.locator('a[aria-label="알림"]:visible').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('navigation on a desktop (1280x800)', () => {
  it('header menu navigates and highlights the active item; no tabs', async () => {
    const context = await openContext(VIEWPORTS.desktop);
    const { page, errors } = await trackedPage(context);
    await page.goto('/');
    const menu = page.locator('nav[aria-label="주요 메뉴"]');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await page.locator('nav[aria-label="하단 탭"]').isVisible()).toBe(false);
    expect(await menu.locator('[aria-current="page"]').textContent()).toContain('HOME');

    await menu.getByText('밋업').click();
    await expect.poll(() => h1(page)).toBe('밋업');
    expect(await menu.locator('[aria-current="page"]').textContent()).toContain('밋업');
    expect(await page.locator('footer').count()).toBe(0);

    await menu.getByText('교환').click();
    await expect.poll(() => h1(page)).toBe('교환');
    await expect.poll(() => page.locator('footer').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found screen for an unknown path, with a way home', async () => {
    const context = await openContext(VIEWPORTS.desktop);
    const { page } = await trackedPage(context);
    await page.goto('/no-such-page');
    await expect
      .poll(() => page.locator('body').textContent())
      .toContain('페이지를 찾을 수 없어요');
    await page.getByText('홈으로 가기').click();
    await expect.poll(() => h1(page)).toBe('홈');
    await context.close();
  });

  it('scrolls to the top on a route change', async () => {
    const context = await openContext(VIEWPORTS.desktop);
    const { page } = await trackedPage(context);
    await page.goto('/');
    // the screen (a lazy chunk) must be in before the user scrolls
    await expect.poll(() => h1(page)).toBe('홈');
    // scrolled again until it holds: a late render under load can put the page back at the top
    await expect
      .poll(() =>
        page.evaluate(() => {
          document.body.style.minHeight = '5000px';
          if (window.scrollY !== 1500) window.scrollTo(0, 1500);
          return window.scrollY;
        }),
      )
      .toBe(1500);
    await page.locator('nav[aria-label="주요 메뉴"]').getByText('교환').click();
    await expect.poll(() => h1(page)).toBe('교환');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
