/**
 * A proposal's photos in Chromium (docs/trades.md, `trades`; docs/files.md, Protected files and
 * file tokens), at phone size (390×844): a fan proposes with one photo of the real card (a second
 * picked and taken out again), sees it on the trade page at once, and the server stores it; the
 * other fan opens the trade and sees it, fetched with a file token, and opens it in the image
 * viewer. The accessibility audit is clean on the form and the trade page; screenshots go to
 * TRADE_PHOTOS_SHOTS when set.
 *
 * The two fans are made for this file and deleted at the end (their trades go with them).
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koTradePhotos } from '../../src/features/trades/ko-photos.ts';
import { PASSWORD, openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { PHONE, launchBrowser } from '../helpers/browser.ts';

const STAMP = Date.now().toString(36);

let browser: Browser;
let admin: PocketBase;
let proposer: RecordModel;
let receiver: RecordModel;
let card: string;

async function shot(page: Page, name: string) {
  const dir = process.env['TRADE_PHOTOS_SHOTS'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

async function makeFan(tag: string, name: string): Promise<RecordModel> {
  return admin.collection('users').create({
    email: `photo-${tag}-${STAMP}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    name,
    username: `ph${tag}${STAMP}`.slice(0, 20),
    tradePublic: true,
  });
}

/** A 600×400 PNG drawn in the page (a card in its sleeve), as a phone photo would be. */
async function photoPng(p: Page): Promise<Buffer> {
  const dataUrl = await p.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 600;
    c.height = 400;
    const g = c.getContext('2d')!;
    g.fillStyle = '#c7b8f5';
    g.fillRect(0, 0, 600, 400);
    g.fillStyle = '#fff';
    g.fillRect(220, 60, 160, 250);
    g.fillStyle = '#be185d';
    g.font = 'bold 40px sans-serif';
    g.fillText('POCA', 250, 200);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The image has loaded (a width of its own), not a broken or refused one. */
const loadedWidth = (img: ReturnType<Page['locator']>) =>
  img.evaluate((el) =>
    (el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0,
  );

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const picked = await admin.collection('photoCards').getList(1, 1, { sort: 'id' });
  card = picked.items[0]!.id;
  proposer = await makeFan('p', '사진왕');
  receiver = await makeFan('r', '포장요정');
  await admin
    .collection('tradeItems')
    .create({ user: proposer.id, photoCard: card, kind: 'have', spare: 1 });
});

afterAll(async () => {
  for (const fan of [proposer, receiver])
    if (fan)
      await admin
        .collection('users')
        .delete(fan.id)
        .catch(() => {});
  await browser?.close();
});

describe('a proposal’s photos at phone size', () => {
  it('go with the proposal, and the other fan sees them on the trade page', async () => {
    const P = await openApp(browser, PHONE, { login: proposer['email'], serviceWorker: false });
    const p = P.page;
    await p.goto(`/trades/new?to=${receiver.id}&give=${card}`);
    const form = p.getByTestId('proposal-form');
    await form.waitFor();
    await form.getByRole('group', { name: koTradePhotos.field.legend }).waitFor();

    // two picked, the second taken out again
    const photo = await photoPng(p);
    await form.getByTestId('proposal-photos-input').setInputFiles([
      { name: 'poca.png', mimeType: 'image/png', buffer: photo },
      { name: 'pack.png', mimeType: 'image/png', buffer: photo },
    ]);
    await expect.poll(() => form.getByTestId('proposal-photo-preview').count()).toBe(2);
    await form.getByRole('button', { name: koTradePhotos.field.removePhoto(2) }).click();
    await expect.poll(() => form.getByTestId('proposal-photo-preview').count()).toBe(1);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-proposal-form');

    await form.getByTestId('proposal-submit').click();
    await p.waitForURL((u) => /^\/trades\/[a-z0-9]{15}$/.test(u.pathname));
    const id = new URL(p.url()).pathname.split('/').pop()!;
    // on the proposer's page at once (from the queued row, then the stored file)
    await p.getByTestId('trade-photo').first().waitFor();
    await waitForOutboxEmpty(p);
    const saved = await admin.collection('trades').getOne(id);
    expect(saved).toMatchObject({ proposer: proposer.id, receiver: receiver.id, give: [card] });
    expect(saved['photos']).toHaveLength(1);
    await P.context.close();

    // --- the receiver opens the trade: the photo comes with a file token
    const R = await openApp(browser, PHONE, { login: receiver['email'], serviceWorker: false });
    const r = R.page;
    await r.goto(`/trades/${id}`);
    const thumb = r.getByTestId('trade-photo');
    await thumb.waitFor();
    expect(await thumb.count()).toBe(1);
    const img = thumb.locator('img');
    await expect
      .poll(() => img.getAttribute('alt'))
      .toBe(koTradePhotos.shown.photoAlt(proposer['username'] as string, 1));
    const src = (await img.getAttribute('src'))!;
    expect(src).toContain(`/api/files/trades/${id}/`);
    expect(src).toContain('token=');
    await expect.poll(() => loadedWidth(img)).toBeGreaterThan(0);
    expect(await axeViolations(r)).toEqual([]);
    await thumb.scrollIntoViewIfNeeded();
    await shot(r, 'phone-trade-photos');

    // it opens in the image viewer, full size
    await thumb.click();
    const viewer = r.locator('dialog[open]');
    await viewer.waitFor();
    await expect.poll(() => loadedWidth(viewer.locator('img').first())).toBe(600);
    await shot(r, 'phone-trade-photo-viewer');
    await r.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(R.errors).toEqual([]);
    await R.context.close();
  });
});
