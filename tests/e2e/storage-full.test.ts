/**
 * A phone whose storage is full, in Chromium: the origin's quota is shrunk through CDP
 * (`Storage.overrideQuotaForOrigin`), so IndexedDB itself refuses the write with a
 * QuotaExceededError, as it would on a full disk. Offline, fan1 likes two cards while there is
 * still room; with no room left, a third heart is refused whole: the fan is told in Korean, the
 * heart stays off, and the two changes queued before are still waiting. With the room back and
 * the network back, the server gets exactly those two likes, once each. The test unlikes them at
 * the end, so the shared demo data is as it was.
 *
 * Chromium's IndexedDB does not ask the quota on every commit: it keeps the space it was last
 * granted (everything the quota left then) for up to 30 s (`BucketContext::kBucketSpaceCacheTimeLimit`)
 * and asks again only when a write needs more than what is left of that grant. So the origin gets
 * a modest quota (QUOTA) before the app first opens its database, which caps every grant; after
 * shrinking the quota, a scratch write bigger than any grant makes IndexedDB ask again and see the
 * "no room left" quota at once instead of half a minute later.
 */
import type PocketBase from 'pocketbase';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko.ts';
import { openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { launchBrowser, newContext, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

let browser: Browser;
let admin: PocketBase;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
});

afterAll(async () => {
  await browser?.close();
});

const tiles = (page: Page) => page.locator('[data-card-id]');
const tileOf = (page: Page, id: string) => page.locator(`[data-card-id="${id}"]`);
const heartOf = (page: Page, id: string): Locator => tileOf(page, id).getByTestId('like-button');
const toastWith = (page: Page, text: string) =>
  page.locator('[role="status"]').filter({ hasText: text });

async function serverLikes(userId: string): Promise<{ id: string; photoCard: string }[]> {
  // in one order, so two reads of the same rows compare equal
  const list = await admin
    .collection('likes')
    .getFullList({ filter: `user = "${userId}"`, sort: 'id' });
  return list.map((l) => ({ id: l.id, photoCard: l['photoCard'] as string }));
}

/** Room left on the "nearly full" device. */
const ROOM = 256 * 1024;

/** The origin's quota from the start: plenty for the app, and an upper bound on every grant. */
const QUOTA = 48 * 1024 * 1024;

/**
 * Writes `size` random bytes into a scratch database (not the app's) and reports how the
 * transaction ended: 'ok' or the error name.
 */
const probeWrite = (page: Page, size: number): Promise<string> =>
  page.evaluate(
    (size) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('storage-full-probe', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('bytes');
        open.onerror = () => resolve(open.error?.name ?? 'open failed');
        open.onsuccess = () => {
          const db = open.result;
          const bytes = new Uint8Array(size);
          for (let i = 0; i < size; i += 65536) {
            crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)));
          }
          const tx = db.transaction('bytes', 'readwrite');
          tx.objectStore('bytes').put(bytes, 'probe');
          tx.oncomplete = () => {
            db.close();
            resolve('ok');
          };
          tx.onabort = () => {
            db.close();
            resolve(tx.error?.name ?? 'aborted');
          };
        };
      }),
    size,
  );

const dropProbe = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const req = indexedDB.deleteDatabase('storage-full-probe');
        req.onsuccess = req.onerror = req.onblocked = () => resolve();
      }),
  );

const outboxCount = (page: Page): Promise<number> =>
  page.evaluate(() => window.__pocamarket.db.outbox.count() as Promise<number>);

/** The cards fan1 has liked, by the local store. */
const localLiked = (page: Page, userId: string): Promise<string[]> =>
  page.evaluate(
    async (me) =>
      (await window.__pocamarket.db.likes.where('user').equals(me).toArray()).map(
        (l: { photoCard: string }) => l.photoCard,
      ),
    userId,
  );

describe('storage full', () => {
  it('refuses a change that does not fit, keeps the queued ones, and sends them once', async () => {
    // No service worker: the page stays open offline, and sends the likes itself once online.
    const own = await newContext(browser, PHONE, baseUrl(), { serviceWorker: false });
    // the quota is set before the app opens IndexedDB, so no grant is bigger than QUOTA (the
    // session stays attached: the override lasts while it does)
    const blank = await own.newPage();
    await (
      await own.newCDPSession(blank)
    ).send('Storage.overrideQuotaForOrigin', {
      origin: new URL(baseUrl()).origin,
      quotaSize: QUOTA,
    });
    const { context, page, errors, userId } = await openApp(browser, PHONE, {
      path: '/exchange',
      login: 'fan1@example.com',
      serviceWorker: false,
      context: own,
    });
    const me = userId!;
    // the grid is on screen and its hearts show fan1's likes
    await expect.poll(() => tiles(page).count()).toBeGreaterThanOrEqual(3);
    const liked = await localLiked(page, me);
    const ids = await tiles(page).evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-card-id')!),
    );
    const pressed = page.locator('[data-testid="like-button"][aria-pressed="true"]');
    await expect.poll(() => pressed.count()).toBe(ids.filter((i) => liked.includes(i)).length);
    const [first, second, third] = ids.filter((i) => !liked.includes(i));
    expect(third).toBeDefined();
    const before = await serverLikes(me);
    const countsBefore = await Promise.all(
      [first!, second!].map(
        async (id) => (await admin.collection('photoCards').getOne(id)).likeCount as number,
      ),
    );

    try {
      await likeTwoThenRunOutOfRoom();
    } finally {
      // a safety net if an assertion failed half-way: the demo data must stay as it was
      for (const l of await serverLikes(me)) {
        if (!before.some((b) => b.id === l.id)) await admin.collection('likes').delete(l.id);
      }
      await context.close();
    }

    async function likeTwoThenRunOutOfRoom() {
      const origin = new URL(page.url()).origin;
      const cdp = await context.newCDPSession(page);
      const quotaState = () =>
        cdp.send('Storage.getUsageAndQuota', { origin }) as Promise<{
          usage: number;
          quota: number;
          overrideActive: boolean;
        }>;

      try {
        await context.setOffline(true);
        await expect.poll(() => page.getByText(ko.sync.offline).isVisible()).toBe(true);

        // --- a nearly full device: ROOM bytes left, enough for a couple of small changes.
        // IndexedDB trusts the space it was last granted (at most QUOTA) for up to 30 s, so a
        // scratch write bigger than that under a zero-room quota makes it ask again and be
        // refused: from then on it asks whenever its grant runs out. Then give the device its
        // ROOM (measured after dropping the scratch data).
        const shrink = async (room: number) =>
          cdp.send('Storage.overrideQuotaForOrigin', {
            origin,
            quotaSize: (await quotaState()).usage + room,
          });
        await shrink(0);
        await expect
          .poll(() => probeWrite(page, QUOTA + 64 * 1024), { timeout: 60_000, interval: 1000 })
          .toBe('QuotaExceededError');
        await dropProbe(page);
        await shrink(ROOM);
        for (const id of [first!, second!]) {
          await heartOf(page, id).click();
          await expect.poll(() => heartOf(page, id).getAttribute('aria-pressed')).toBe('true');
        }
        await expect.poll(() => outboxCount(page)).toBe(2);

        // --- no room left at all: a write bigger than what is still granted makes IndexedDB ask
        // again, and from then on every write is refused
        await shrink(0);
        const full = await quotaState();
        expect(full.overrideActive).toBe(true);
        expect(full.quota).toBeLessThanOrEqual(full.usage);
        expect(await probeWrite(page, ROOM + 64 * 1024)).toBe('QuotaExceededError');
        await dropProbe(page);
        await heartOf(page, third!).click();
        await expect.poll(() => toastWith(page, ko.sync.storageFull).isVisible()).toBe(true);
        // refused whole: not shown as liked, not queued; the two earlier changes still wait
        expect(await heartOf(page, third!).getAttribute('aria-pressed')).toBe('false');
        expect(await localLiked(page, me)).not.toContain(third);
        expect(await outboxCount(page)).toBe(2);
        const queued = await page.evaluate(
          async () =>
            (await window.__pocamarket.db.outbox.toArray()).map(
              (r: { payload: { photoCard: string; liked?: boolean } }) => r.payload.photoCard,
            ) as string[],
        );
        expect(queued.sort()).toEqual([first!, second!].sort());
        // nothing reached the server while offline
        expect(await serverLikes(me)).toEqual(before);
      } finally {
        // --- room again, network again
        await cdp.send('Storage.overrideQuotaForOrigin', { origin });
        await context.setOffline(false);
      }

      await waitForOutboxEmpty(page);
      const after = await serverLikes(me);
      const added = after.filter((l) => !before.some((b) => b.id === l.id));
      expect(added.map((l) => l.photoCard).sort()).toEqual([first!, second!].sort());
      expect(after).toHaveLength(before.length + 2);
      for (const [i, id] of [first!, second!].entries()) {
        expect((await admin.collection('photoCards').getOne(id)).likeCount).toBe(
          countsBefore[i]! + 1,
        );
      }
      expect(after.some((l) => l.photoCard === third)).toBe(false);

      // --- clean up through the same hearts: the demo data is as it was. With its quota back,
      // IndexedDB may still refuse a write until it asks for a grant again (on a busy machine,
      // past the unlike's wait): the hearts are clicked once it takes writes
      await expect
        .poll(() => probeWrite(page, 64 * 1024), { timeout: 60_000, interval: 1000 })
        .toBe('ok');
      await dropProbe(page);
      for (const id of [first!, second!]) {
        await heartOf(page, id).click();
        await expect.poll(() => heartOf(page, id).getAttribute('aria-pressed')).toBe('false');
      }
      await waitForOutboxEmpty(page);
      await expect.poll(async () => (await serverLikes(me)).length).toBe(before.length);
      expect(await serverLikes(me)).toEqual(before);
      for (const [i, id] of [first!, second!].entries()) {
        expect((await admin.collection('photoCards').getOne(id)).likeCount).toBe(countsBefore[i]);
      }

      expect(
        errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e)),
      ).toEqual([]);
    }
  });
});
