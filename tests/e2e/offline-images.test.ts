/**
 * A collect book's card images kept for use with no network (docs/product-rules.md, Collect book), in
 * Chromium against the real PocketBase serving the built app: the service worker's
 * 'cache-images' message (sw/sw.ts) with its progress, the automatic save of the user's own
 * books after login (src/app/start-data.ts → features/collect-book/offline-images.ts), and then,
 * offline, every one of those image URLs answering from the worker and an <img> painting.
 *
 * The worker is spoken to directly first (the URLs the screens build, read from the app's local
 * store through `window.__pocamarket`: `/api/files/photoCards/{id}/{cardImg}?thumb=320x640f`,
 * the one rendition a book shows, and the group logo at `?thumb=100x100`), then through the
 * collect-book screen's '오프라인으로 저장' button
 * (features/collect-book/components/save-offline-button.tsx).
 *
 * Last, a book's own cover, a protected file (only its owner may see it): the profile's shelf
 * shows it with a file token online, and after a reload offline from the worker's copy, kept
 * under its URL without the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CARD_IMAGE } from '../../src/data/pb/files.ts';
import { BOOK_CARD_WIDTH } from '../../src/domains/catalogue/card-image.ts';
import PocketBase from 'pocketbase';
import { PNG } from 'pngjs';
import { openApp, PASSWORD, superuserClient } from '../helpers/app.ts';
import { launchBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SAVED_CACHE = 'pb-files-saved';
/** The rendition a collect book shows its cards at (and keeps offline). */
const BOOK_THUMB = CARD_IMAGE.thumb(BOOK_CARD_WIDTH);

/** The image URLs a book of `groupId` shows, built like the tiles build them. */
async function groupImageUrls(page: Page, groupId: string): Promise<string[]> {
  return page.evaluate(
    async ({ groupId, bookThumb }) => {
      const db = window.__pocamarket.db;
      const file = (c: string, id: string, f: string, thumb: string) =>
        `/api/files/${encodeURIComponent(c)}/${encodeURIComponent(id)}/${encodeURIComponent(f)}?thumb=${encodeURIComponent(thumb)}`;
      const group = await db.groups.get(groupId);
      const cards: Array<{ id: string; cardImg: string }> = await db.photoCards
        .where('group')
        .equals(groupId)
        .toArray();
      const urls = cards
        .filter((c) => c.cardImg)
        .map((c) => file('photoCards', c.id, c.cardImg, bookThumb));
      if (group?.logoImage) urls.unshift(file('groups', group.id, group.logoImage, '100x100'));
      return urls;
    },
    { groupId, bookThumb: BOOK_THUMB },
  );
}

/** How many of `urls` the worker keeps in its saved-images cache. */
async function countSaved(page: Page, urls: string[]): Promise<number> {
  return page.evaluate(
    async ({ urls, name }) => {
      const cache = await caches.open(name);
      const hits = await Promise.all(urls.map((u) => cache.match(u, { ignoreVary: true })));
      return hits.filter(Boolean).length;
    },
    { urls, name: SAVED_CACHE },
  );
}

interface Report {
  type: string;
  id: string;
  done: number;
  total: number;
  bytes: number;
  failed?: string[];
}

/** Sends the page→worker message and returns every message the worker answered with. */
async function askWorker(page: Page, urls: string[]): Promise<Report[]> {
  return page.evaluate(async (urls) => {
    const id = `t-${Math.random().toString(36).slice(2)}`;
    const seen: Report[] = [];
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('message', (e: MessageEvent<Report>) => {
        if (e.data?.id !== id) return;
        seen.push(e.data);
        if (e.data.type === 'cache-images-done') resolve();
      });
      navigator.serviceWorker.controller!.postMessage({ type: 'cache-images', id, urls });
    });
    return seen;
  }, urls);
}

describe('collect book images available offline', () => {
  it('saves the own book by itself and on request with progress; its images load offline', async () => {
    const { context, page, errors, userId } = await openApp(browser, PHONE, {
      login: 'fan1@example.com',
    });
    // the group of fan1's own (seeded) book
    const ownGroup = await page.evaluate(async (userId) => {
      const books: Array<{ group: string }> = await window.__pocamarket.db.collectBook
        .where('users')
        .equals(userId)
        .toArray();
      return books.map((b) => b.group).find(Boolean) as string;
    }, userId!);
    expect(ownGroup).toBeTruthy();
    const own = await groupImageUrls(page, ownGroup);
    expect(own.length).toBeGreaterThan(5);

    // the automatic save after login: every image of the user's own book ends up kept
    await expect.poll(() => countSaved(page, own), { timeout: 60_000 }).toBe(own.length);

    // on request (what the '오프라인으로 저장' button sends), from scratch: only same-origin
    // record files are taken, duplicates once; progress after each image
    await page.evaluate((name) => caches.delete(name), SAVED_CACHE);
    expect(await countSaved(page, own)).toBe(0);
    const reports = await askWorker(page, [
      ...own,
      'https://example.com/x.png',
      '/api/collections/users/records',
      own[0]!,
    ]);
    const progress = reports.filter((r) => r.type === 'cache-images-progress');
    const done = reports.at(-1)!;
    expect(done).toMatchObject({ type: 'cache-images-done', total: own.length, failed: [] });
    expect(done.done).toBe(own.length);
    expect(done.bytes).toBeGreaterThan(own.length * 1000);
    expect(progress).toHaveLength(own.length);
    expect(progress.map((p) => p.done)).toEqual(progress.map((_, i) => i + 1));
    expect(progress.every((p) => p.total === own.length)).toBe(true);
    expect(await countSaved(page, own)).toBe(own.length);

    // asking again downloads nothing
    const again = (await askWorker(page, own)).at(-1)!;
    expect(again).toMatchObject({ done: own.length, bytes: 0, failed: [] });

    // the collect-book screen's button, from scratch (the automatic save runs once per page
    // load, so it does not race this one): the size, a progress bar, then '오프라인 저장됨'
    await page.evaluate((name) => caches.delete(name), SAVED_CACHE);
    const bookPath = await page.evaluate(async (userId) => {
      const db = window.__pocamarket.db;
      const books: Array<{ id: string; title: string; group: string }> = await db.collectBook
        .where('users')
        .equals(userId)
        .toArray();
      const book = books.find((b) => b.group)!;
      const group = await db.groups.get(book.group);
      const path = `/collectBook/${encodeURIComponent(group.groupName)}/${book.id}/${encodeURIComponent(book.title)}`;
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
      return path;
    }, userId!);
    const box = page.getByTestId('save-offline');
    const button = box.getByRole('button', { name: /오프라인으로 저장/ });
    await expect.poll(() => button.textContent(), { timeout: 60_000 }).toMatch(/약 [\d.]+ MB/);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="save-offline"] [role="progressbar"]');
        if (bar) seen.push(bar.getAttribute('aria-valuenow') ?? '');
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await button.click();
    await expect.poll(() => box.textContent()).toContain('오프라인 저장됨');
    const bars = await page.evaluate(
      () => (window as unknown as { __progress: string[] }).__progress,
    );
    expect(bars.length).toBeGreaterThan(0);
    expect(await countSaved(page, own)).toBe(own.length);
    expect(errors).toEqual([]);
    expect(page.url()).toContain(bookPath.split('/')[3]);

    // offline, with the browsing cache gone: the saved cache alone answers every URL (the home
    // screen's images of other groups fail to load now: that is the point of saving)
    await page.evaluate(() => caches.delete('pb-files'));
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => !!window.__pocamarket);
    // the book screen, reloaded offline, paints its card images from the saved copies
    await expect
      .poll(
        () =>
          page.evaluate(
            (thumb) =>
              [
                ...document.querySelectorAll<HTMLImageElement>(
                  `img[src*="thumb=${encodeURIComponent(thumb)}"]`,
                ),
              ].filter((img) => img.complete && img.naturalWidth > 0).length,
            BOOK_THUMB,
          ),
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    const answers = await page.evaluate(async (urls) => {
      return Promise.all(
        urls.map(async (u) => {
          const res = await fetch(u);
          const type = res.headers.get('content-type') ?? '';
          return { u, ok: res.status === 200 && type.startsWith('image/') };
        }),
      );
    }, own);
    expect(answers.filter((a) => !a.ok)).toEqual([]);
    // and the network really is cut for the worker too: an image not saved does not load
    const unsaved = await page.evaluate(
      (u) =>
        fetch(u).then(
          (r) => r.status,
          () => 'failed',
        ),
      `${own[1]!}&unsaved=1`,
    );
    expect(unsaved).not.toBe(200);

    const painted = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      document.body.append(img);
      await img.decode();
      return img.naturalWidth;
    }, own[1]!);
    expect(painted).toBeGreaterThan(0);

    await context.setOffline(false);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});

describe('a collect book’s own cover, a protected file', () => {
  function coverPng(): Buffer {
    const png = new PNG({ width: 60, height: 81 });
    for (let i = 0; i < png.data.length; i += 4) {
      png.data[i] = 230;
      png.data[i + 1] = 120 + ((i / 4) % 60);
      png.data[i + 2] = 160;
      png.data[i + 3] = 255;
    }
    return PNG.sync.write(png);
  }

  const painted = (page: Page, id: string) =>
    page
      .locator(`[data-testid="shelf-book"][href*="${id}"] [data-testid="shelf-cover"]`)
      .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))
      .catch(() => 0);

  it('shows on the shelf with a file token online, and after a reload offline', async () => {
    // the fan makes a book with a cover (their own client, as the outbox would)
    const pb = new PocketBase(baseUrl());
    pb.autoCancellation(false);
    await pb.collection('users').authWithPassword('fan2@example.com', PASSWORD);
    const body = new FormData();
    body.set('users', pb.authStore.record!.id);
    body.set('title', `표지 ${Date.now().toString(36)}`);
    body.set('thumbNail', new Blob([new Uint8Array(coverPng())], { type: 'image/png' }), 'c.png');
    const book = await pb.collection('collectBook').create(body);
    const plain = `/api/files/collectBook/${book.id}/${book['thumbNail'] as string}?thumb=100x135`;
    const su = await superuserClient();
    try {
      // protected: not by its URL alone, nor with another fan's token
      const base = baseUrl();
      expect([403, 404]).toContain((await fetch(new URL(plain, base))).status);
      const other = new PocketBase(base);
      await other.collection('users').authWithPassword('fan1@example.com', PASSWORD);
      const otherToken = await other.files.getToken();
      expect([403, 404]).toContain(
        (await fetch(new URL(`${plain}&token=${otherToken}`, base))).status,
      );

      const { context, page, errors } = await openApp(browser, PHONE, {
        path: '/profile',
        login: 'fan2@example.com',
      });
      const cover = page.locator(
        `[data-testid="shelf-book"][href*="${book.id}"] [data-testid="shelf-cover"]`,
      );
      await cover.waitFor();
      await expect.poll(() => painted(page, book.id)).toBeGreaterThan(0);
      expect(await cover.getAttribute('src')).toContain(`${plain}&token=`);
      // the cover's own rendition, not the worker's 300 px offline placeholder
      const width = await painted(page, book.id);
      expect(width).not.toBe(300);

      await context.setOffline(true);
      await page.reload();
      await page.waitForFunction(() => !!window.__pocamarket);
      await cover.waitFor();
      await expect.poll(() => cover.getAttribute('src')).toBe(plain);
      await expect.poll(() => painted(page, book.id)).toBe(width);
      await context.setOffline(false);
      expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual(
        [],
      );
      await context.close();
    } finally {
      await su.collection('collectBook').delete(book.id);
    }
  });
});
