/**
 * 그룹 오프라인 저장 in Chromium against the real PocketBase with the demo data (docs/sync.md,
 * Groups saved for offline; docs/product-rules.md, Photo card grid): a fan saves a group that is
 * not their favourite from its card grid, sees its cards come in (the progress reaches complete),
 * and offline, after a reload, the group's cards are all still on the device and on screen. A save
 * made offline waits, says so, and brings the cards once connected.
 *
 * SHOTS=<dir> keeps screenshots of the panel at phone and desktop size.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '../../server/seed/groups.ts';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, PASSWORD, superuserClient, until, waitForFirstPull } from '../helpers/app.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

const ignoreOffline = (errors: string[]) =>
  errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|fetch failed/.test(e));

interface Pick {
  id: string;
  name: string;
  cardCount: number;
}

/**
 * A demo group with cards that this device does not follow (no scoped checkpoint of its own).
 * Only the demo's groups: files that ran before this one on the same server add groups of their
 * own (one of 1,600 cards), whose save would measure the machine rather than the panel.
 */
async function unfollowedGroup(page: Page): Promise<Pick> {
  const demo = GROUPS.map((g) => g.groupName);
  return page.evaluate(async (demo) => {
    const { db } = window.__pocamarket;
    const keys = new Set((await db.syncState.toCollection().primaryKeys()) as string[]);
    const groups = (await db.groups.toArray()) as {
      id: string;
      groupName: string;
      cardCount: number;
    }[];
    const g = groups
      .filter(
        (x) => demo.includes(x.groupName) && x.cardCount > 0 && !keys.has(`photoCards@g:${x.id}`),
      )
      .sort((a, b) => b.cardCount - a.cardCount)[0]!;
    return { id: g.id, name: g.groupName, cardCount: g.cardCount };
  }, demo);
}

const localCount = (page: Page, group: string) =>
  page.evaluate(
    (g) => window.__pocamarket.db.photoCards.where('group').equals(g).count() as Promise<number>,
    group,
  );

/**
 * Holds the group page's own reads of `group` (sync/windows.ts) for a while, so its cards come
 * only through the pull the save asks for and the progress has something to show.
 */
async function holdGroupWindow(context: BrowserContext, group: string): Promise<void> {
  await context.route(
    (url) =>
      url.pathname === '/api/collections/photoCards/records' &&
      (url.searchParams.get('filter') ?? '').includes(group),
    async (route) => {
      await new Promise((r) => setTimeout(r, 8_000));
      await route.continue().catch(() => {});
    },
  );
}

/** Notes every state of the panel and every value of its progress bar, from now on. */
async function recordPanel(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { state: string; now: string | null }[] = [];
    (window as unknown as { __panel: typeof seen }).__panel = seen;
    const note = () => {
      const box = document.querySelector<HTMLElement>('[data-testid="group-offline"]');
      if (!box) return;
      const now = box.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? null;
      const last = seen[seen.length - 1];
      const state = box.dataset['state'] ?? '';
      if (!last || last.state !== state || last.now !== now) seen.push({ state, now });
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state', 'aria-valuenow'],
    });
    note();
  });
}

const panel = (page: Page) => page.getByTestId('group-offline');
const panelState = (page: Page) => panel(page).getAttribute('data-state');

describe('그룹 오프라인 저장', () => {
  it('a fan saves a group that is not their favourite, sees it come in, and has it offline', async () => {
    const { context, page, errors } = await openApp(browser, PHONE, { login: 'fan1@example.com' });
    const group = await unfollowedGroup(page);
    await holdGroupWindow(context, group.id);
    await page.goto(`/exchange?group=${group.id}`);
    await page.waitForFunction(() => !!window.__pocamarket);
    await waitForFirstPull(page);
    await expect.poll(() => panelState(page), { timeout: 60_000 }).toBe('idle');
    // the size before saving
    expect(await panel(page).textContent()).toContain(ko.groupOffline.size(group.cardCount));
    const before = await localCount(page, group.id);
    expect(before).toBeLessThan(group.cardCount);
    await shot(page, 'group-offline-phone-idle');

    await recordPanel(page);
    const save = page.getByRole('button', {
      name: ko.groupOffline.saveLabel(group.name, group.cardCount),
    });
    await save.focus();
    await page.keyboard.press('Enter');
    // the group's cards and their images: over a minute beside a second suite on two cores. A
    // failure says what the page warned of meanwhile (a pull that failed is tried again)
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    try {
      await expect.poll(() => panelState(page), { timeout: 150_000 }).toBe('saved');
    } catch (err) {
      throw new Error(`${(err as Error).message}\npage warnings:\n${warnings.join('\n')}`, {
        cause: err,
      });
    }
    // the bar was shown while the cards came, and went once all were here
    const seen = await page.evaluate(
      () => (window as unknown as { __panel: { state: string; now: string | null }[] }).__panel,
    );
    const loading = seen.filter((s) => s.state === 'saved-loading');
    expect(loading.length, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(Number(loading[0]!.now)).toBeLessThan(group.cardCount);
    expect(seen[seen.length - 1]).toEqual({ state: 'saved', now: null });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await expect
      .poll(() => panel(page).getByRole('status').textContent())
      .toContain(ko.groupOffline.saved);
    await shot(page, 'group-offline-phone-saved');

    // the device keeps the group by scope: every card, under a checkpoint of its own
    expect(await localCount(page, group.id)).toBe(group.cardCount);
    await until(
      page,
      async (g) => !!(await window.__pocamarket.db.syncState.get(`photoCards@g:${g}`)),
      group.id,
    );

    // offline, after a reload: still saved, and the grid shows the group's cards
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => !!window.__pocamarket);
    await expect.poll(() => panelState(page), { timeout: 60_000 }).toBe('saved');
    expect(await localCount(page, group.id)).toBe(group.cardCount);
    await expect
      .poll(() => page.getByTestId('card-total').textContent())
      .toBe(ko.common.totalCards(group.cardCount));
    await expect
      .poll(() => page.getByTestId('photo-card').count())
      .toBe(Math.min(18, group.cardCount));
    await shot(page, 'group-offline-phone-offline');

    // un-saved (online again), the panel offers the save again
    await context.setOffline(false);
    await page.getByRole('button', { name: ko.groupOffline.unsaveLabel(group.name) }).click();
    await expect.poll(() => panelState(page)).toBe('idle');
    expect(ignoreOffline(errors)).toEqual([]);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  }, 300_000);

  it('a save made offline says the cards come once connected, and they do', async () => {
    const { context, page, errors } = await openApp(browser, DESKTOP);
    const group = await unfollowedGroup(page);
    await context.setOffline(true);
    await page.goto(`/exchange?group=${group.id}`);
    await page.waitForFunction(() => !!window.__pocamarket);
    await expect.poll(() => panelState(page), { timeout: 60_000 }).toBe('idle');
    await page
      .getByRole('button', { name: ko.groupOffline.saveLabel(group.name, group.cardCount) })
      .click();
    await expect.poll(() => panelState(page)).toBe('saved-loading');
    const have = await localCount(page, group.id);
    await expect
      .poll(() => panel(page).textContent())
      .toContain(ko.groupCards.offline(have, group.cardCount));
    const bar = panel(page).getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(group.cardCount));
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(have));
    await shot(page, 'group-offline-desktop-offline-saving');

    await context.setOffline(false);
    // the pull waits for the browser to report the network, then fetches the group and its images
    await expect.poll(() => panelState(page), { timeout: 150_000 }).toBe('saved');
    expect(await localCount(page, group.id)).toBe(group.cardCount);
    await shot(page, 'group-offline-desktop-saved');
    expect(ignoreOffline(errors)).toEqual([]);
    await context.close();
  }, 300_000);

  it('a collect book of a new group shows its cards coming in, offline too', async () => {
    const stamp = Date.now().toString(36);
    const admin = await superuserClient();
    await admin.collection('users').create({
      email: `og-${stamp}@example.com`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      verified: true,
      name: '오프라인팬',
      username: `og${stamp}`.slice(0, 20),
    });
    const { context, page, errors } = await openApp(browser, PHONE, {
      login: `og-${stamp}@example.com`,
    });
    const group = await unfollowedGroup(page);
    await context.setOffline(true);
    const title = '오프라인 콜북';
    const bookId = await page.evaluate(
      ({ group, title }) =>
        window.__pocamarket.repos.createCollectBook({ title, group }) as Promise<string>,
      { group: group.id, title },
    );
    await page.goto(`/collectBook/${encodeURIComponent(group.name)}/${bookId}/${title}`);
    await page.waitForFunction(() => !!window.__pocamarket);
    const progress = page.getByTestId('group-cards-progress');
    await expect
      .poll(() => progress.getAttribute('data-state'), { timeout: 60_000 })
      .toBe('offline');
    const have = await localCount(page, group.id);
    expect(await progress.textContent()).toBe(ko.groupCards.offline(have, group.cardCount));
    const bar = progress.getByRole('progressbar', {
      name: ko.groupCards.progressLabel(group.name),
    });
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(have));
    await shot(page, 'collect-book-phone-offline');

    // connected: the book's group joins the scope and its cards come; the bar goes once all are in
    await context.setOffline(false);
    await expect.poll(() => progress.count()).toBe(0);
    expect(await localCount(page, group.id)).toBe(group.cardCount);
    await shot(page, 'collect-book-phone-complete');
    await page.evaluate(
      (id) => window.__pocamarket.repos.deleteCollectBook(id) as Promise<void>,
      bookId,
    );
    expect(ignoreOffline(errors)).toEqual([]);
    await context.close();
  });
});
