/**
 * Trade QR codes in Chromium (docs/trade-qr.md): two fans side by side at a cafe with no signal.
 * One opens 내 교환 QR; the other scans it with QR 스캔, once from a photo of the code and once
 * through a camera (Chromium's fake camera playing a video made here from the code's pixels), and
 * sees the two-way match: the cards the first fan has that they want, and the cards of theirs the
 * first fan wants. Both browsers are offline for the whole exchange. A list too big for one code
 * is shown as several codes and read back through them, in any order.
 *
 * The fans, and for the big list a group of 1,600 extra cards, are made for this file and deleted
 * at the end, so the demo data stays as seeded.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koEncounterScreens } from '../../src/i18n/ko-encounter-screens.ts';
import { koTradeQr } from '../../src/i18n/ko-trade-qr.ts';
import { PASSWORD, openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { PHONE, chromiumPath, launchBrowser } from '../helpers/browser.ts';
import { batchCreate, prng, recordId } from '../../bench/lib/seed.ts';

const STAMP = Date.now().toString(36);
const BIG_GROUP_CARDS = 1600;
/** Making and removing the fans, the big group and their lists (see beforeAll). */
const SETUP_BOUND_MS = 600_000;

let browser: Browser;
let admin: PocketBase;
let dir: string;
/** a has c1, c2, c5 and wants c3, c4; b has c3 and wants c1, c2, c6. */
let a: RecordModel;
let b: RecordModel;
/** c has most of the big group on its lists (two codes at least), including b's c6 want. */
let c: RecordModel;
let cards: string[];
let bigGroup: string;
let bigCards: string[];
let cHave: string[];
let cWant: string[];

async function makeFan(tag: string, name: string): Promise<RecordModel> {
  return admin.collection('users').create({
    email: `qr-${tag}-${STAMP}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    name,
    username: `qr${tag}${STAMP}`.slice(0, 20),
  });
}

const itemRows = (user: string, have: string[], want: string[]) => [
  ...have.map((photoCard) => ({ user, photoCard, kind: 'have', spare: 1 })),
  ...want.map((photoCard) => ({ user, photoCard, kind: 'want', spare: 0 })),
];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  dir = mkdtempSync(join(tmpdir(), 'trade-qr-'));
  cards = (await admin.collection('photoCards').getList(1, 6, { sort: 'created,id' })).items.map(
    (r) => r.id,
  );
  a = await makeFan('a', 'QR교환왕');
  b = await makeFan('b', 'QR포카요정');
  c = await makeFan('c', 'QR대량수집가');
  const [c1, c2, c3, c4, c5, c6] = cards as [string, string, string, string, string, string];
  await batchCreate(admin, 'tradeItems', [
    ...itemRows(a.id, [c1, c2, c5], [c3, c4]),
    ...itemRows(b.id, [c3], [c1, c2, c6]),
  ]);

  // The big list: a group of its own whose cards fill two codes' worth of bitsets.
  bigGroup = recordId();
  await admin.collection('groups').create({ id: bigGroup, groupName: `QR테스트${STAMP}` });
  bigCards = Array.from({ length: BIG_GROUP_CARDS }, () => recordId());
  await batchCreate(
    admin,
    'photoCards',
    bigCards.map((id, i) => ({
      id,
      group: bigGroup,
      groupName: `QR테스트${STAMP}`,
      memberName: '테스트',
      title: `QR 카드 ${i + 1}`,
    })),
  );
  const rand = prng(7);
  cHave = [c6];
  cWant = [c3];
  for (const id of bigCards) {
    const r = rand();
    if (r < 0.45) cHave.push(id);
    else if (r < 0.9) cWant.push(id);
  }
  await batchCreate(admin, 'tradeItems', itemRows(c.id, cHave, cWant));
  // About 3,000 rows by batch: a fixed amount of server work that took over 4 minutes beside a
  // second copy of the suite (load average 26 on 2 cores). The bound only catches a hang.
}, SETUP_BOUND_MS);

afterAll(async () => {
  for (const fan of [a, b, c])
    if (fan)
      await admin
        .collection('users')
        .delete(fan.id)
        .catch(() => {});
  if (bigCards) {
    for (let i = 0; i < bigCards.length; i += 50) {
      const batch = admin.createBatch();
      for (const id of bigCards.slice(i, i + 50)) batch.collection('photoCards').delete(id);
      await batch.send({ requestKey: null }).catch(() => {});
    }
    await admin
      .collection('groups')
      .delete(bigGroup)
      .catch(() => {});
  }
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, SETUP_BOUND_MS);

/** Signed in, with the worker's precache, then cut off: the rest happens with no signal. */
async function offlineFan(on: Browser, email: string, path: string) {
  const app = await openApp(on, PHONE, { login: email });
  await app.context.setOffline(true);
  await app.page.goto(path);
  return app;
}

/** Every code the screen shows, as element screenshots (PNG), in part order. */
async function readCodes(page: Page): Promise<Buffer[]> {
  const parts = page.getByTestId('trade-qr-parts');
  await parts.waitFor();
  const count = Number(await parts.getAttribute('data-count'));
  if (count > 1) {
    await page.getByTestId('trade-qr-pause').click();
    await expect
      .poll(() => page.getByTestId('trade-qr-pause').getAttribute('aria-pressed'))
      .toBe('true');
    // the cycle may have turned once more before the pause took: back to the first part
    while (Number(await parts.getAttribute('data-index')) > 1) {
      await page.getByRole('button', { name: koTradeQr.show.previous }).click();
    }
  }
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    await expect.poll(async () => Number(await parts.getAttribute('data-index'))).toBe(i + 1);
    if (count > 1)
      await expect
        .poll(() => page.getByTestId('trade-qr-part').textContent())
        .toBe(`${i + 1}/${count}`);
    // centred, clear of the sticky top bar
    const code = page.getByTestId('trade-qr-code');
    await code.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    out.push(await code.screenshot());
    if (i + 1 < count) await page.getByRole('button', { name: koTradeQr.show.next }).click();
  }
  return out;
}

/** The match the scan screen shows: the fan's name and the card ids on each side. */
async function shownMatch(page: Page) {
  const ids = (side: string) =>
    page
      .getByTestId(side)
      .locator('li')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-card') ?? '').sort());
  return {
    fan: await page.getByTestId('trade-qr-fan').textContent(),
    theyHave: await ids('trade-qr-they-have'),
    theyWant: await ids('trade-qr-they-want'),
  };
}

/**
 * A YUV4MPEG2 video (4:2:0) of the codes, each held for `hold` frames on a white 480×480 frame:
 * what Chromium's fake camera plays, in a loop.
 */
function y4m(codes: Buffer[], hold = 8): Buffer {
  const W = 480;
  const H = 480;
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`)];
  for (const png of codes) {
    const img = PNG.sync.read(png);
    const frame = Buffer.alloc(W * H * 1.5, 128);
    frame.fill(255, 0, W * H);
    const scale = Math.min(1, (W - 40) / img.width, (H - 40) / img.height);
    const w = Math.floor(img.width * scale);
    const h = Math.floor(img.height * scale);
    const x0 = Math.floor((W - w) / 2);
    const y0 = Math.floor((H - h) / 2);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const sx = Math.floor(x / scale);
        const sy = Math.floor(y / scale);
        const i = (sy * img.width + sx) * 4;
        const luma = 0.299 * img.data[i]! + 0.587 * img.data[i + 1]! + 0.114 * img.data[i + 2]!;
        frame[(y0 + y) * W + x0 + x] = Math.round(luma);
      }
    for (let k = 0; k < hold; k++) chunks.push(Buffer.from('FRAME\n'), frame);
  }
  return Buffer.concat(chunks);
}

/** A Chromium of its own whose camera plays `video`. */
function cameraBrowser(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

/**
 * Waits for the scan's match (a camera takes a while to read a code) and for it to show
 * `expected`: the cards are read from the store after the panel appears (a read keeps its
 * previous answer until the new one is in), so a tile can be drawn a moment before its card.
 */
async function expectMatch(page: Page, expected: Awaited<ReturnType<typeof shownMatch>>) {
  await page.getByTestId('trade-qr-result').waitFor();
  await expect.poll(() => shownMatch(page)).toEqual(expected);
}

const sorted = (ids: unknown) => [...(ids as string[])].sort();
const e = koEncounterScreens.panel;

/** What the server holds of `collection` for fan `user` (an encounter's owner, a proposal's proposer). */
const serverRows = (collection: 'encounters' | 'trades', user: string) =>
  admin.collection(collection).getFullList({
    filter: admin.filter(collection === 'trades' ? 'proposer = {:u}' : 'user = {:u}', { u: user }),
  });

describe('trade QR codes with no signal', () => {
  it('b reads a’s code from a photo and through the camera, and sees the two-way match', async () => {
    const [c1, c2, c3] = cards as [string, string, string];
    const A = await offlineFan(browser, a['email'], '/tradeQr');
    await expect.poll(() => A.page.locator('h1').textContent()).toBe(koTradeQr.show.title);
    await expect
      .poll(() => A.page.getByTestId('trade-qr-summary').textContent())
      .toBe(koTradeQr.show.summary(3, 2));
    const codes = await readCodes(A.page);
    expect(codes).toHaveLength(1);
    expect(await axeViolations(A.page)).toEqual([]);

    // (a) a photo of the code
    const B = await offlineFan(browser, b['email'], '/tradeQr/scan');
    await expect.poll(() => B.page.locator('h1').textContent()).toBe(koTradeQr.scan.title);
    expect(await axeViolations(B.page)).toEqual([]);
    // this browser has no camera: the refusal is said in Korean and the photo path stays
    await B.page.getByTestId('trade-qr-camera').click();
    await expect
      .poll(() => B.page.getByTestId('trade-qr-message').textContent())
      .toMatch(new RegExp(`${koTradeQr.scan.cameraMissing}|${koTradeQr.scan.cameraDenied}`));
    await B.page
      .getByTestId('trade-qr-photo')
      .setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: codes[0]! });
    const expected = {
      fan: koTradeQr.result.heading(a['username'] as string),
      theyHave: sorted([c1, c2]),
      theyWant: sorted([c3]),
    };
    await expectMatch(B.page, expected);
    await expect
      .poll(() => B.page.getByTestId('trade-qr-they-have').locator('h3').textContent())
      .toBe(koTradeQr.result.theyHave(2));
    expect(await axeViolations(B.page)).toEqual([]);

    // still with no signal: b saves the encounter and queues a proposal (the match's cards
    // preselected, its own message), shown at once as saved and waiting
    const panel = B.page.getByTestId('encounter-actions');
    await panel.getByRole('button', { name: e.save, exact: true }).click();
    await panel.getByTestId('encounter-saved').waitFor();
    await panel.getByRole('button', { name: e.propose, exact: true }).click();
    const form = panel.getByTestId('encounter-proposal');
    await form.getByRole('textbox').fill('카페에서 만난 그 분이에요!');
    await form.getByRole('button', { name: e.send, exact: true }).click();
    await B.page.getByText(e.queuedProposal).first().waitFor();
    expect(await serverRows('encounters', b.id)).toEqual([]);
    expect(await serverRows('trades', b.id)).toEqual([]);
    // back online, each lands once: one encounter, one proposal to a, with the match's cards
    await B.context.setOffline(false);
    await waitForOutboxEmpty(B.page);
    const met = await serverRows('encounters', b.id);
    expect(
      met.map((r) => [r['fan'], r['fanName'], sorted(r['theyHave']), sorted(r['theyWant'])]),
    ).toEqual([[a.id, a['username'], sorted([c1, c2]), sorted([c3])]]);
    const proposed = await serverRows('trades', b.id);
    expect(
      proposed.map((r) => [
        r['receiver'],
        r['status'],
        sorted(r['give']),
        sorted(r['get']),
        r['message'],
      ]),
    ).toEqual([[a.id, 'proposed', [c3], sorted([c1, c2]), '카페에서 만난 그 분이에요!']]);
    await B.context.close();

    // (b) the camera, filming the code
    const video = join(dir, 'a.y4m');
    writeFileSync(video, y4m(codes));
    const cam = await cameraBrowser(video);
    try {
      const C = await offlineFan(cam, b['email'], '/tradeQr/scan');
      await C.page.getByTestId('trade-qr-camera').click();
      await expectMatch(C.page, expected);
      expect(C.errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await cam.close();
    }
    expect(A.errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await A.context.close();
  });

  it('a list too big for one code round-trips through its parts, photo and camera', async () => {
    const [, , c3, , , c6] = cards as [string, string, string, string, string, string];
    const C = await offlineFan(browser, c['email'], '/tradeQr');
    await expect
      .poll(() => C.page.getByTestId('trade-qr-summary').textContent())
      .toBe(koTradeQr.show.summary(cHave.length, cWant.length));
    const codes = await readCodes(C.page);
    expect(codes.length).toBeGreaterThanOrEqual(2);
    await C.context.close();

    const expected = {
      fan: koTradeQr.result.heading(c['username'] as string),
      theyHave: [c6],
      theyWant: [c3],
    };
    // photos, last part first: progress shows until the last one completes the payload
    const B = await offlineFan(browser, b['email'], '/tradeQr/scan');
    const photo = B.page.getByTestId('trade-qr-photo');
    const reversed = [...codes].reverse();
    await photo.setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: reversed[0]! });
    await expect
      .poll(() => B.page.getByTestId('trade-qr-progress').textContent())
      .toBe(koTradeQr.scan.progress(1, codes.length));
    // a code of another fan's payload is refused, and what was read stays
    const A = await openApp(browser, PHONE, { login: a['email'], path: '/tradeQr' });
    const [other] = await readCodes(A.page);
    await A.context.close();
    await photo.setInputFiles({ name: 'o.png', mimeType: 'image/png', buffer: other! });
    await expect
      .poll(() => B.page.getByTestId('trade-qr-message').textContent())
      .toBe(koTradeQr.errors.otherPayload);
    for (const png of reversed.slice(1))
      await photo.setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: png });
    await expectMatch(B.page, expected);
    // b follows neither c's big group nor lists a card of it: its cards are not on b's device
    // (docs/sync.md, Pull by scope), so they are counted in a line of their own
    const bigListed = cHave.length + cWant.length - 2;
    expect(await B.page.getByTestId('trade-qr-unknown').textContent()).toBe(
      koTradeQr.result.unknown(bigListed),
    );
    await B.context.close();

    // the camera, filming the parts as the screen cycles them
    const video = join(dir, 'c.y4m');
    writeFileSync(video, y4m(codes));
    const cam = await cameraBrowser(video);
    try {
      const D = await offlineFan(cam, b['email'], '/tradeQr/scan');
      await D.page.getByTestId('trade-qr-camera').click();
      await expectMatch(D.page, expected);
    } finally {
      await cam.close();
    }
  });
});
