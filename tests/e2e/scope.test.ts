/**
 * Sync by scope in Chromium at phone size against the real PocketBase with the demo data
 * (docs/sync.md, Pull by scope; The cache): a device keeps the groups its fan follows, not the
 * whole catalogue; a card outside them opened offline says it can be seen once connected, and
 * online it is read from the server and kept for the next time offline.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { openApp, until } from '../helpers/app.ts';
import { launchBrowser, PHONE } from '../helpers/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface Local {
  cards: { id: string; group: string }[];
  groups: { id: string; groupName: string }[];
}

async function local(page: Page): Promise<Local> {
  return page.evaluate(async () => {
    const { db } = window.__pocamarket;
    return {
      cards: (await db.photoCards.toArray()).map((c: { id: string; group: string }) => ({
        id: c.id,
        group: c.group,
      })),
      groups: (await db.groups.toArray()).map((g: { id: string; groupName: string }) => ({
        id: g.id,
        groupName: g.groupName,
      })),
    };
  });
}

/** Every card on the server (the demo catalogue fits one page). */
async function serverCards(page: Page): Promise<{ id: string; group: string }[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/collections/photoCards/records?perPage=500&skipTotal=1');
    const body = (await res.json()) as { items: { id: string; group: string }[] };
    return body.items.map((c) => ({ id: c.id, group: c.group }));
  });
}

const ignoreOffline = (errors: string[]) =>
  errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|fetch failed/.test(e));

describe('sync by scope', () => {
  it('a guest keeps the groups list and the favourite group; another card is read when opened, and offline says so', async () => {
    const { context, page, errors } = await openApp(browser, PHONE);
    const here = await local(page);
    const all = await serverCards(page);
    const riize = here.groups.find((g) => g.groupName === 'RIIZE')!;
    // every group is listed; the cards are the favourite group's (RIIZE) whole, and of the
    // others only those the home rows showed (read from the server, kept in the cache)
    expect(here.groups.length).toBeGreaterThanOrEqual(10);
    const shown = new Set(
      await page.evaluate(async () =>
        ((await window.__pocamarket.db.cache.toCollection().primaryKeys()) as string[]).map((k) =>
          k.slice(k.indexOf('/') + 1),
        ),
      ),
    );
    const riizeCards = all.filter((c) => c.group === riize.id);
    expect(here.cards.filter((c) => c.group === riize.id).length).toBe(riizeCards.length);
    for (const c of here.cards) expect(c.group === riize.id || shown.has(c.id), c.id).toBe(true);
    expect(here.cards.length).toBeLessThan(all.length);

    // a card of another group, never shown: offline, the page says it needs the connection
    const localIds = new Set(here.cards.map((c) => c.id));
    const other = all.find((c) => c.group !== riize.id && !localIds.has(c.id))!;
    await context.setOffline(true);
    await page.goto(`/exchangeDetail/${other.id}`);
    const offline = page.getByTestId('card-offline');
    await expect.poll(() => offline.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await offline.textContent()).toContain(ko.exchange.offlineMissing);
    expect(await page.getByTestId('card-missing').count()).toBe(0);

    // online: the card and its posts come from the server, and stay for the next time offline
    await context.setOffline(false);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('post-count').isVisible(), { timeout: 60_000 })
      .toBe(true);
    await until(page, async (id) => !!(await window.__pocamarket.db.photoCards.get(id)), other.id);
    await context.setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('post-count').isVisible(), { timeout: 60_000 })
      .toBe(true);
    expect(await page.getByTestId('card-offline').count()).toBe(0);
    await context.setOffline(false);
    expect(ignoreOffline(errors)).toEqual([]);
    await context.close();
  });

  it('a signed-in fan keeps the groups they follow and the cards they touch', async () => {
    // it reads the local store only: no worker needed
    const { context, page, errors, userId } = await openApp(browser, PHONE, {
      login: 'fan1@example.com',
      serviceWorker: false,
    });
    const here = await local(page);
    const mine = await page.evaluate(async (me) => {
      const { db } = window.__pocamarket;
      const profile = await db.users.get(me);
      const books = await db.collectBook.where('users').equals(me).toArray();
      const likes = await db.likes.where('user').equals(me).toArray();
      const items = await db.tradeItems.where('user').equals(me).toArray();
      const posts = await db.exchangeList.where('writer').equals(me).toArray();
      const trades = await db.trades.toArray();
      const conversations = await db.conversations.toArray();
      return {
        bias: profile.biasGroup as string,
        bookGroups: books.map((b: { group: string }) => b.group).filter(Boolean) as string[],
        listed: items.map((i: { photoCard: string }) => i.photoCard) as string[],
        touched: [
          ...likes.map((l: { photoCard: string }) => l.photoCard),
          ...books.flatMap((b: { cardInfo: string[]; cover: string }) => [...b.cardInfo, b.cover]),
          ...posts.map((p: { photoCard: string }) => p.photoCard),
          ...trades.flatMap((t: { give: string[]; get: string[] }) => [...t.give, ...t.get]),
          ...conversations.map((c: { photoCard: string }) => c.photoCard),
        ].filter(Boolean) as string[],
      };
    }, userId!);
    const all = await serverCards(page);
    const groupOf = new Map(all.map((c) => [c.id, c.group]));
    // followed: the favourite group, the books' groups and the groups of the listed cards
    const followed = new Set([
      mine.bias,
      ...mine.bookGroups,
      ...mine.listed.map((id) => groupOf.get(id) ?? ''),
    ]);
    const localIds = new Set(here.cards.map((c) => c.id));
    // every card of those groups is here, and every other card the fan touched
    for (const c of all) if (followed.has(c.group)) expect(localIds.has(c.id), c.id).toBe(true);
    for (const id of mine.touched) if (groupOf.has(id)) expect(localIds.has(id), id).toBe(true);
    // and nothing else, but what was shown (the home rows, read from the server)
    const shown = await page.evaluate(async () =>
      ((await window.__pocamarket.db.cache.toCollection().primaryKeys()) as string[]).map((k) =>
        k.slice(k.indexOf('/') + 1),
      ),
    );
    const allowed = new Set([...mine.touched, ...shown]);
    for (const c of here.cards) {
      expect(followed.has(c.group) || allowed.has(c.id), c.id).toBe(true);
    }
    expect(ignoreOffline(errors)).toEqual([]);
    await context.close();
  });

  it('pulls in a worker: the page makes no pull request, and what the worker stores shows on screen', async () => {
    const { context, page, errors } = await openApp(browser, PHONE);
    const pulls = (names: string[]) => names.filter((n) => n.includes('/api/pocamarket/pull'));
    const resources = () => performance.getEntriesByType('resource').map((e) => e.name);
    const worker = page.workers().find((w) => w.url().includes('pull-worker'));
    expect(worker, 'the pull worker runs').toBeDefined();
    // the first pull's requests were the worker's own, none of them the page's
    expect(pulls(await worker!.evaluate(resources)).length).toBeGreaterThan(0);
    expect(pulls(await page.evaluate(resources))).toEqual([]);

    // another favourite group picked on this device: the worker pulls it (it reads the page's
    // pick, having no storage of its own), and its cards show on the page's live grid
    const all = await serverCards(page);
    const here = await local(page);
    const riize = here.groups.find((g) => g.groupName === 'RIIZE')!;
    const other = here.groups.find(
      (g) => g.id !== riize.id && all.filter((c) => c.group === g.id).length >= 3,
    )!;
    const otherCards = all.filter((c) => c.group === other.id).length;
    await page.evaluate((name) => {
      localStorage.setItem('pocamarket:bias', JSON.stringify(name));
    }, other.groupName);
    await page.evaluate(() => window.__pocamarket.engine.pull());
    const count = () =>
      page.evaluate(
        (g) => window.__pocamarket.db.photoCards.where('group').equals(g).count(),
        other.id,
      );
    await expect.poll(count, { timeout: 60_000 }).toBe(otherCards);
    expect(pulls(await page.evaluate(resources))).toEqual([]);
    await page.goto(`/exchange?group=${other.id}`);
    await context.setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.locator('[data-card-id]').count(), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(Math.min(otherCards, 3));
    await context.setOffline(false);
    expect(ignoreOffline(errors)).toEqual([]);
    await context.close();
  });
});
