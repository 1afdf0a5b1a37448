/**
 * Right-sized images on the home screen of a phone (390×844 at 1x and 3x), in Chromium against
 * the real PocketBase serving the built app with the demo data (300×450 card images, 128 px
 * logos): every card and logo image the browser chose is no wider than its box × the device
 * pixel ratio rounded up to the next rendition, and never wider than its source (no upscale);
 * every card image has width/height in its 2:3 ratio and alt text; only tiles visible on first
 * paint load eagerly and exactly one image, the top row's first, is fetched with high priority.
 * Off-screen tiles start as placeholders of exactly a tile's size, fill in when the browser is
 * idle, and nothing moves (layout shift ≤ 0.02).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_IMAGE,
  ladderWidthFor,
  LOGO_IMAGE,
  type ThumbLadder,
} from '../../src/data/pb/files.ts';
import { openApp } from '../helpers/app.ts';
import { launchBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TILES = '[data-testid="photo-card"]';
const PLACEHOLDERS = '[data-testid="photo-card-placeholder"]';
const CARD_IMAGES = `${TILES} img[srcset*="/photoCards/"]`;

const LADDERS: Record<string, ThumbLadder> = { photoCards: CARD_IMAGE, groups: LOGO_IMAGE };

interface Shot {
  src: string;
  srcset: string;
  box: { width: number; height: number; inView: boolean };
  /** The decoded pixels of the chosen rendition and of the original file. */
  chosen: { width: number; height: number };
  original: { width: number; height: number };
}

/** Every loaded image with a srcset: what it chose, at what size, against its original. */
function loadedImages(page: Page): Promise<Shot[]> {
  return page.evaluate(async () => {
    const sizes = new Map<string, Promise<{ width: number; height: number }>>();
    const size = (url: string) => {
      if (!sizes.has(url)) {
        sizes.set(
          url,
          fetch(url)
            .then((res) => res.blob())
            .then((blob) => createImageBitmap(blob))
            .then((bitmap) => ({ width: bitmap.width, height: bitmap.height })),
        );
      }
      return sizes.get(url)!;
    };
    const out: Shot[] = [];
    for (const img of document.querySelectorAll<HTMLImageElement>('img[srcset]')) {
      if (!img.complete || !img.currentSrc) continue;
      const r = img.getBoundingClientRect();
      const inView = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      const original = img.currentSrc.replace(/\?.*$/, '');
      out.push({
        src: img.currentSrc,
        srcset: img.srcset,
        box: { width: r.width, height: r.height, inView },
        chosen: await size(img.currentSrc),
        original: await size(original),
      });
    }
    return out;
  });
}

describe.each([1, 3])('the home screen on a 390×844 phone at %sx', (dpr) => {
  it('fetches right-sized renditions, the first visible eagerly, and shifts nothing', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: dpr,
      baseURL: baseUrl(),
      locale: 'ko-KR',
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    // Layout shifts, and a placeholder beside a tile as the first cards render.
    await context.addInitScript(() => {
      const w = window as unknown as {
        __shifts: number;
        __firstRender: { placeholder: number[]; tile: number[]; tiles: number } | null;
      };
      w.__shifts = 0;
      w.__firstRender = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as unknown as { value: number; hadRecentInput: boolean };
          if (!shift.hadRecentInput) w.__shifts += shift.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // measured in the first frame that paints them both (styles applied, layout done)
      let asked = false;
      new MutationObserver(() => {
        if (asked) return;
        if (!document.querySelector('[data-testid="photo-card-placeholder"]')) return;
        asked = true;
        requestAnimationFrame(() => {
          const placeholder = document.querySelector('[data-testid="photo-card-placeholder"]');
          const tile = document.querySelector('[data-testid="photo-card"]');
          if (!placeholder || !tile) return;
          const a = placeholder.getBoundingClientRect();
          const b = tile.getBoundingClientRect();
          w.__firstRender = {
            placeholder: [a.width, a.height],
            tile: [b.width, b.height],
            tiles: document.querySelectorAll('[data-testid="photo-card"]').length,
          };
        });
      }).observe(document, { childList: true, subtree: true });
    });
    // First visit: the worker installs and the catalogue arrives. Then a visit with the data on
    // the device, as a fan comes back (or as a server-rendered page hydrates): measured.
    const { page, errors } = await openApp(browser, PHONE, { context });
    await page.reload();
    await expect.poll(() => page.locator(TILES).count(), { timeout: 60_000 }).toBe(40);
    expect(await page.locator(PLACEHOLDERS).count()).toBe(0);

    // Off-screen tiles waited for an idle moment, in boxes exactly a tile's size.
    const first = await page.evaluate(
      () =>
        (
          window as unknown as {
            __firstRender: { placeholder: number[]; tile: number[]; tiles: number } | null;
          }
        ).__firstRender,
    );
    expect(first).not.toBeNull();
    expect(first!.tiles).toBeLessThan(40);
    expect(first!.placeholder).toEqual(first!.tile);

    // The visible images have loaded.
    await expect
      .poll(
        () =>
          page.$$eval(CARD_IMAGES, (imgs) =>
            (imgs as HTMLImageElement[]).every((img) => {
              const r = img.getBoundingClientRect();
              const inView =
                r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
              return !inView || (img.complete && img.naturalWidth > 0);
            }),
          ),
        { timeout: 60_000 },
      )
      .toBe(true);

    // Every card image: width/height in the card's 2:3, alt text, decoded off the main thread.
    const attrs = await page.$$eval(CARD_IMAGES, (imgs) =>
      (imgs as HTMLImageElement[]).map((img) => {
        const r = img.getBoundingClientRect();
        return {
          width: Number(img.getAttribute('width')),
          height: Number(img.getAttribute('height')),
          alt: img.alt,
          loading: img.getAttribute('loading'),
          priority: img.getAttribute('fetchpriority'),
          decoding: img.getAttribute('decoding'),
          inView: r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
          topRowFirst: img.closest('[data-testid="home-row-latest"] li:first-child') !== null,
        };
      }),
    );
    expect(attrs).toHaveLength(40);
    for (const a of attrs) {
      expect(a.width * 3).toBe(a.height * 2);
      expect(a.alt.trim()).not.toBe('');
      expect(a.decoding).toBe('async');
    }
    // Only tiles on screen at first paint load eagerly; exactly one image is fetched first.
    const eager = attrs.filter((a) => a.loading === 'eager');
    expect(eager.length).toBeGreaterThan(0);
    expect(eager.every((a) => a.inView)).toBe(true);
    expect(attrs.filter((a) => a.loading !== 'eager').every((a) => a.loading === 'lazy')).toBe(
      true,
    );
    expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1);
    expect(attrs.filter((a) => a.priority === 'high').map((a) => a.topRowFirst)).toEqual([true]);

    // What the browser chose: no wider than box × DPR rounded up to the next rendition, and
    // never wider or taller than the source.
    const shots = await loadedImages(page);
    expect(shots.filter((s) => s.src.includes('/photoCards/')).length).toBeGreaterThan(2);
    for (const s of shots) {
      const collection = new URL(s.src).pathname.split('/')[3]!;
      const ladder = LADDERS[collection];
      expect(ladder, s.src).toBeDefined();
      const thumb = new URL(s.src).searchParams.get('thumb');
      const asked = ladder!.widths.find((w) => ladder!.thumb(w) === thumb);
      expect(asked, `${s.src} is one of its srcset's renditions`).toBeDefined();
      expect(s.srcset).toContain(`${s.src.replace(/^https?:\/\/[^/]+/, '')} ${asked}w`);
      const allowed = ladderWidthFor(ladder!, Math.ceil(s.box.width * dpr));
      expect(asked, `${s.src} for a ${s.box.width}px box at ${dpr}x`).toBeLessThanOrEqual(allowed);
      expect(s.chosen.width).toBeLessThanOrEqual(asked!);
      expect(s.chosen.width, `${s.src} is no upscale`).toBeLessThanOrEqual(s.original.width);
      expect(s.chosen.height, `${s.src} is no upscale`).toBeLessThanOrEqual(s.original.height);
    }

    expect(
      await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts),
    ).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
    await context.close();
  });
});
