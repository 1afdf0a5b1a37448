/**
 * 스캔 in a collect book, in Chromium at phone size with a fake camera (docs/card-scan.md): the
 * camera plays a video made here from the catalogue's own card images, each photographed the way
 * the benchmark does (tilted, turned, at a distance, in changed light, blurred, through a sleeve,
 * with a glare spot, over a cluttered table, JPEG'd). Offline, in continuous mode, a fan holds up
 * five cards, one of them twice and one that is not in the catalogue: four ticks are made, each
 * once, and land on the server once the network returns; the unknown card offers 제보하기, which
 * opens the photo-card report with the scan's photo and the group filled in.
 *
 * The fan and the book are made for this file and deleted at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koCardScan } from '../../src/i18n/ko-card-scan.ts';
import type { Raster } from '../../src/lib/card-scan/raster.ts';
import { PASSWORD, openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { PHONE, launchBrowserWithArgs } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';
import { DISTORTIONS, FRAME_H, FRAME_W, photograph } from '../../bench/card-scan/photos.ts';
import { groupCard } from '../../bench/card-scan/cards.ts';

const STAMP = Date.now().toString(36);
const SHOTS = process.env['SHOTS_DIR'];
/**
 * Frames a second of the video; each card is held for SHOTS_PER_CARD photos of it (a hand is never
 * still: each from its own angle, distance and light) of HOLD frames each, with GAP frames of bare
 * table between cards.
 */
const FPS = 5;
const SHOTS_PER_CARD = 3;
const HOLD = 5;
const GAP = 4;

let admin: PocketBase;
let dir: string;
let fan: RecordModel;
let book: RecordModel;
let owned: RecordModel;
/** The four cards scanned, in the order they are held up (the second is held up twice). */
let scanned: RecordModel[];

async function cardRaster(card: RecordModel): Promise<Raster> {
  const res = await fetch(`${baseUrl()}/api/files/photoCards/${card.id}/${card['cardImg']}`);
  const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
}

/** A 4:2:0 YUV4MPEG2 video of `frames` (RGBA rasters of one size): the fake camera loops it. */
function y4m(frames: { frame: Raster; count: number }[]): Buffer {
  const { width: W, height: H } = frames[0]!.frame;
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const { frame, count } of frames) {
    const out = Buffer.alloc(W * H * 1.5);
    const d = frame.data;
    for (let i = 0, p = 0; i < W * H; i++, p += 4) {
      out[i] = Math.round(0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!);
    }
    const cw = W / 2;
    for (let y = 0; y < H / 2; y++)
      for (let x = 0; x < cw; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const) {
          const p = ((2 * y + dy) * W + 2 * x + dx) * 4;
          r += d[p]!;
          g += d[p + 1]!;
          b += d[p + 2]!;
        }
        r /= 4;
        g /= 4;
        b /= 4;
        const u = -0.168736 * r - 0.331264 * g + 0.5 * b + 128;
        const v = 0.5 * r - 0.418688 * g - 0.081312 * b + 128;
        out[W * H + y * cw + x] = Math.max(0, Math.min(255, Math.round(u)));
        out[W * H * 1.25 + y * cw + x] = Math.max(0, Math.min(255, Math.round(v)));
      }
    for (let k = 0; k < count; k++) chunks.push(Buffer.from('FRAME\n'), out);
  }
  return Buffer.concat(chunks);
}

/** A Chromium of its own (the full one: the fake camera) whose camera plays `video`. */
function cameraBrowser(video: string): Promise<Browser> {
  return launchBrowserWithArgs(
    [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
    { full: true },
  );
}

beforeAll(async () => {
  admin = await superuserClient();
  dir = mkdtempSync(join(tmpdir(), 'card-scan-'));
  const riize = await admin.collection('groups').getFirstListItem('groupName = "RIIZE"');
  const cards = (
    await admin
      .collection('photoCards')
      .getList(1, 5, { filter: `group = "${riize.id}"`, sort: 'id' })
  ).items;
  owned = cards[0]!;
  scanned = cards.slice(1, 5);
  fan = await admin.collection('users').create({
    email: `scan-${STAMP}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    name: '스캔팬',
    username: `scan${STAMP}`.slice(0, 20),
  });
  book = await admin.collection('collectBook').create({
    users: fan.id,
    title: '스캔 책',
    group: riize.id,
    cardInfo: [owned.id],
  });

  // the cards as the camera sees them: A, B, C, B again, a card of no group of the catalogue, D
  const [a, b, c, d] = scanned as [RecordModel, RecordModel, RecordModel, RecordModel];
  const unknown = groupCard(3, 901).image;
  const shots = [a, b, c, b, null, d];
  // between cards, a bare table
  const table: Raster = {
    width: FRAME_W,
    height: FRAME_H,
    data: new Uint8ClampedArray(FRAME_W * FRAME_H * 4),
  };
  for (let p = 0; p < table.data.length; p += 4) table.data.set([186, 170, 150, 255], p);
  const frames: { frame: Raster; count: number }[] = [];
  for (const [i, card] of shots.entries()) {
    const image = card ? await cardRaster(card) : unknown;
    for (let k = 0; k < SHOTS_PER_CARD; k++)
      frames.push({ frame: photograph(image, DISTORTIONS, 1000 + i + 100 * k).frame, count: HOLD });
    frames.push({ frame: table, count: GAP });
  }
  writeFileSync(join(dir, 'cards.y4m'), y4m(frames));
});

afterAll(async () => {
  if (fan)
    await admin
      .collection('users')
      .delete(fan.id)
      .catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('스캔 in a collect book', () => {
  it('offline, continuous mode ticks four cards once each, and they land once online', async () => {
    const cam = await cameraBrowser(join(dir, 'cards.y4m'));
    try {
      const { context, page, errors } = await openApp(cam, PHONE, {
        login: `scan-${STAMP}@example.com`,
      });
      const path = `/collectBook/RIIZE/${book.id}/${encodeURIComponent('스캔 책')}`;
      await page.goto(path);
      const scanner = page.getByTestId('card-scanner');
      const scanning = () => page.getByTestId('card-scanner-body').getAttribute('data-scanning');

      // online once: the book's cards are fingerprinted on this device and kept
      await page.getByTestId('book-scan').click();
      await expect.poll(scanning).toBe('true');
      await page.keyboard.press('Escape');
      await expect.poll(() => scanner.isVisible()).toBe(false);

      // at the event, no signal
      await context.setOffline(true);
      await page.reload();
      await page.waitForFunction(() => !!window.__pocamarket);
      await page.getByTestId('book-scan').click();
      await expect.poll(scanning).toBe('true');
      await page.getByTestId('card-scanner-continuous').check();

      const taken = page.getByTestId('card-scanner-taken');
      await expect.poll(() => taken.count(), { timeout: 150_000 }).toBe(4);
      const ids = await taken.evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id')));
      expect([...ids].sort()).toEqual(scanned.map((c) => c.id).sort());
      expect(await page.getByTestId('card-scanner-count').textContent()).toBe(
        koCardScan.book.count(4),
      );
      // ticked on this device, queued for the server
      const local = await page.evaluate(
        async (id) => (await window.__pocamarket.db.collectBook.get(id)).cardInfo as string[],
        book.id,
      );
      expect([...local].sort()).toEqual([owned.id, ...scanned.map((c) => c.id)].sort());

      // the card the catalogue lacks: 제보하기 is offered, as the answer or beside the closest
      // cards (the video comes round to it again)
      const report = page.getByTestId('card-scanner-report');
      await expect.poll(() => report.isVisible(), { timeout: 150_000 }).toBe(true);
      // B held up twice and the whole video seen again: still four ticks
      expect(await taken.count()).toBe(4);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/card-scan-phone.png` });
      await report.click();
      await page.waitForURL('**/informUs/photoCardSubmit');
      const form = page.getByTestId('report-form-phoca');
      await expect.poll(() => form.locator('img').count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('input[value="RIIZE"]').count()).toBe(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/card-scan-report.png` });

      // the network returns: the four ticks reach the server, once
      await context.setOffline(false);
      await waitForOutboxEmpty(page);
      const stored = await admin.collection('collectBook').getOne(book.id);
      expect([...(stored['cardInfo'] as string[])].sort()).toEqual(
        [owned.id, ...scanned.map((c) => c.id)].sort(),
      );
      expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await cam.close();
    }
  });
});
