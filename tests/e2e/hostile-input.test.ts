/**
 * Hostile text shown back: an exchange post and a meetup comment whose text is script and HTML
 * payloads (valid text, so the server stores it as sent) are shown on their screens as the
 * literal characters, and nothing in them runs: no script, no event handler, no element made from
 * them, no dialog. The records are written by a superuser client for a demo fan and deleted
 * afterwards, so the shared demo data stays as seeded.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, superuserClient } from '../helpers/app.ts';
import { launchBrowser, newContext, PHONE } from '../helpers/browser.ts';
import { serveTiles } from '../helpers/tiles.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

declare global {
  interface Window {
    __xss?: number;
  }
}

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '"><svg onload="window.__xss=3">',
  "javascript:window.__xss=4 ' OR 1=1 --",
];

let browser: Browser;
let admin: PocketBase;
let card: RecordModel;
let meetUp: RecordModel;
const created: { collection: string; id: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const fan = await admin.collection('users').getFirstListItem('email = "fan1@example.com"');
  card = (await admin.collection('photoCards').getList(1, 1, { sort: 'created,id' })).items[0]!;
  meetUp = (await admin.collection('meetUps').getList(1, 1, { sort: 'created,id' })).items[0]!;
  for (const [i, text] of PAYLOADS.entries()) {
    const post = await admin.collection('exchangeList').create({
      writer: fan.id,
      photoCard: card.id,
      description: `${text} #${i}`,
      status: '교환대기중',
    });
    created.push({ collection: 'exchangeList', id: post.id });
    const comment = await admin
      .collection('comments')
      .create({ name: fan.id, meetUp: meetUp.id, ment: `${text} #${i}` });
    created.push({ collection: 'comments', id: comment.id });
  }
});

afterAll(async () => {
  for (const r of created) await admin.collection(r.collection).delete(r.id);
  await browser?.close();
});

/** Every payload is on the page as text, and none of it ran or became an element. */
async function expectInert(page: Page, dialogs: string[]) {
  for (const [i, text] of PAYLOADS.entries()) {
    await page.getByText(`${text} #${i}`, { exact: true }).waitFor();
  }
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
  expect(await page.evaluate(() => document.querySelectorAll('main script').length)).toBe(0);
  expect(dialogs).toEqual([]);
}

/** The messages of every dialog the page opens (each dismissed): none may come from the text. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

describe('hostile text shown back', () => {
  it('exchange posts show script and HTML as plain text', async () => {
    const { page, context, errors } = await openApp(browser, PHONE, {
      path: `/exchangeDetail/${card.id}`,
      serviceWorker: false,
    });
    const dialogs = watchDialogs(page);
    await expectInert(page, dialogs);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('meetup comments show script and HTML as plain text', async () => {
    const context = await newContext(browser, PHONE, baseUrl(), { serviceWorker: false });
    await serveTiles(context);
    const { page, errors } = await openApp(browser, PHONE, {
      path: `/meetupDetail/${meetUp.id}`,
      context,
      serviceWorker: false,
    });
    const dialogs = watchDialogs(page);
    await expectInert(page, dialogs);
    expect(errors).toEqual([]);
    await context.close();
  });
});
