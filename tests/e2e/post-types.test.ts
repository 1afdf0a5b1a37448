/**
 * A post's terms through the card page in Chromium, against the real PocketBase
 * (docs/product-rules.md, Exchange posts): a fan writes a 양도 post of 15,000원 by 반값택배 at GS25
 * with one photo at phone size, and sees it with its badge, price, shipping and photo (the photo
 * opens the viewer); a refused price queues nothing; the chips narrow the list (양도 shows it, 구함
 * hides it), by keyboard too; the server-rendered first visit draws the same terms; another fan
 * sees the safety notice; at desktop size the list lines up; an offline post says it is only on
 * the device, and the floating pending button never covers its 수정 and 삭제, at both sizes. Axe
 * is clean on each screen; screenshots go to POST_TYPES_SHOTS when set.
 */
import type PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { koPostTerms } from '../../src/features/exchange/ko-post-terms.ts';
import { koSafety } from '../../src/components/posts/ko-safety.ts';
import { postTermsKo } from '../../src/domains/posts/ko-terms.ts';
import { openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { renderedPage } from '../helpers/e2e-server.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';

let browser: Browser;
let admin: PocketBase;
let ids: { fan1: string; fan2: string };
/** Cards no other e2e file writes on (they take the first dozen by creation). */
let cards: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const userId = async (email: string) =>
    (await admin.collection('users').getFirstListItem(admin.filter('email = {:email}', { email })))
      .id;
  ids = { fan1: await userId('fan1@example.com'), fan2: await userId('fan2@example.com') };
  cards = (await admin.collection('photoCards').getList(1, 40, { sort: 'created' })).items
    .slice(30)
    .map((c) => c.id);
});

afterAll(async () => {
  await browser?.close();
});

let serial = 0;
const uniqueText = (what: string) => `${what} ${Date.now()}${++serial}`;

async function shot(page: Page, name: string) {
  const dir = process.env['POST_TYPES_SHOTS'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

/** A 600×400 PNG drawn in the page (a card in its sleeve, roughly), as a phone photo would be. */
async function photoPng(p: Page): Promise<Buffer> {
  const dataUrl = await p.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 600;
    c.height = 400;
    const g = c.getContext('2d')!;
    const grad = g.createLinearGradient(0, 0, 600, 400);
    grad.addColorStop(0, '#f9c5d8');
    grad.addColorStop(1, '#c7b8f5');
    g.fillStyle = grad;
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

/** Clicks the chip or segment whose native control has this test id (the control is hidden). */
const pick = (scope: Locator | Page, testId: string) =>
  scope.locator(`label:has([data-testid="${testId}"])`).click();

const postItem = (p: Page, text: string) =>
  p.getByTestId('exchange-post').filter({ hasText: text });

const outboxCount = (p: Page) =>
  p.evaluate(() => window.__pocamarket.db.outbox.count() as Promise<number>);

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(errors).toEqual([]);
  await context.close();
}

const ignoreOffline = (errors: string[]) =>
  errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e));

/** Whether two boxes overlap. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('a 양도 post', () => {
  let card: string;
  let text: string;
  let postId: string;

  it('is written at phone size with 15,000원, 반값택배 at GS25 and a photo, and shown so', async () => {
    card = cards[0]!;
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: `/exchangeDetail/${card}`,
      login: 'fan1@example.com',
      serviceWorker: false,
    });
    const form = p.getByTestId('post-form');
    await form.waitFor();
    text = uniqueText('원빈 포카 양도해요');

    // 양도 without a price: refused under the price, nothing queued
    await pick(form, 'post-type-sell');
    await form.getByTestId('post-textarea').fill(text);
    await form.getByTestId('post-submit').click();
    await expect
      .poll(() => form.getByTestId('post-terms-error').textContent())
      .toBe(postTermsKo.rules.priceRequired);
    expect(await outboxCount(p)).toBe(0);

    // the price is grouped as typed; 반값택배 asks for its chain
    await form.getByTestId('post-price-input').fill('15000');
    expect(await form.getByTestId('post-price-input').inputValue()).toBe('15,000');
    await pick(form, 'post-shipping-half');
    await form.getByTestId('post-submit').click();
    await expect
      .poll(() => form.getByTestId('post-terms-error').textContent())
      .toBe(postTermsKo.rules.cvsRequired);
    expect(await outboxCount(p)).toBe(0);
    await pick(form, 'post-cvs-gs25');

    // one photo, shown before sending; a second taken out again
    const photo = await photoPng(p);
    await form.getByTestId('post-photos-input').setInputFiles([
      { name: 'poca.png', mimeType: 'image/png', buffer: photo },
      { name: 'back.png', mimeType: 'image/png', buffer: photo },
    ]);
    await expect.poll(() => form.getByTestId('post-photo-preview').count()).toBe(2);
    await form.getByRole('button', { name: koPostTerms.form.removePhoto(2) }).click();
    await expect.poll(() => form.getByTestId('post-photo-preview').count()).toBe(1);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-form');

    await form.getByTestId('post-submit').click();
    await p.getByText(ko.messages.exchangeSaved).first().waitFor();
    const item = postItem(p, text);
    await item.waitFor();
    expect(await item.getByTestId('post-type').textContent()).toBe('양도');
    expect(await item.getByTestId('post-price').textContent()).toBe('15,000원');
    expect(await item.getByTestId('post-shipping').innerText()).toContain(
      '준등기 · 반값택배(GS25)',
    );
    // the form is ready for the next post: 교환 by 준등기, no photos
    expect(await form.getByTestId('post-type-exchange').isChecked()).toBe(true);
    expect(await form.getByTestId('post-photo-preview').count()).toBe(0);

    await waitForOutboxEmpty(p);
    const [saved, ...more] = await admin
      .collection('exchangeList')
      .getFullList({ filter: admin.filter('description = {:d}', { d: text }) });
    expect(more).toEqual([]);
    expect(saved).toMatchObject({
      writer: ids.fan1,
      photoCard: card,
      postType: 'sell',
      price: 15000,
      shipping: ['semi', 'half'],
      cvs: 'gs25',
      meetPlace: '',
    });
    expect(saved!['photos']).toHaveLength(1);
    postId = saved!.id;

    // the photo (the server's, once sent) opens the image viewer
    const thumb = item.getByTestId('post-photo');
    await expect.poll(() => thumb.locator('img').getAttribute('src')).toContain('/api/files/');
    await thumb.click();
    const viewer = p.locator('dialog[open]');
    await viewer.waitFor();
    await expect
      .poll(() =>
        viewer
          .locator('img')
          .first()
          .evaluate((i) => (i as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await p.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // 양도 shows it, 구함 hides it; by keyboard: each chip is a Tab stop, Enter picks
    const chip = (type: string) =>
      p.locator(`[data-testid="post-filter-type"][data-type="${type}"]`);
    await chip('sell').focus();
    await p.keyboard.press('Enter');
    expect(await chip('sell').getAttribute('aria-pressed')).toBe('true');
    await item.waitFor();
    for (const type of await p.getByTestId('post-type').allTextContents()) {
      expect(type).toBe('양도');
    }
    await chip('want').click();
    await item.waitFor({ state: 'detached' });
    expect(await p.getByTestId('post-type').allTextContents()).not.toContain('양도');
    // a shipping method narrows too
    await chip('all').click();
    await p.getByTestId('post-filter-shipping').selectOption('half');
    await item.waitFor();
    await p.getByTestId('post-filter-shipping').selectOption('meet');
    await item.waitFor({ state: 'detached' });
    await p.getByTestId('post-filter-shipping').selectOption('');
    await item.waitFor();

    await p.getByText(ko.messages.exchangeSaved).first().waitFor({ state: 'detached' });
    await item.scrollIntoViewIfNeeded();
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-list');

    // 내가 쓴 글 shows the badge and the price too
    await p.goto('/myPosts');
    const row = p.locator(`[data-testid="my-post"][data-post-id="${postId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('post-type').textContent()).toBe('양도');
    expect(await row.getByTestId('post-price').textContent()).toBe('15,000원');
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-my-posts');
    await closeClean(context, errors);
  });

  it('is drawn the same on the server-rendered first visit', async () => {
    // the renderer reads a card's posts again once its answer is 5 s old (docs/first-visit.md)
    let html = '';
    await expect
      .poll(
        async () => {
          html = await renderedPage(`/exchangeDetail/${card}`);
          return html.includes(text);
        },
        { interval: 1_000 },
      )
      .toBe(true);
    const at = html.indexOf(`data-post-id="${postId}"`);
    expect(at).toBeGreaterThan(0);
    const markup = html.slice(at, at + 6000);
    expect(markup).toContain('data-testid="post-type" data-type="sell"');
    expect(markup).toContain('15,000원');
    expect(markup).toContain('반값택배(GS25)');
    expect(markup).toContain(koSafety.notice);
    // the chips and their counts are on the first screen too
    expect(html).toContain('data-testid="post-filter"');
  });

  it('shows another fan the safety notice at desktop size, lined up', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, DESKTOP, {
      path: `/exchangeDetail/${card}`,
      login: 'fan2@example.com',
      serviceWorker: false,
    });
    const item = postItem(p, text);
    await item.waitFor();
    const notice = item.getByTestId('sell-safety');
    expect(await notice.textContent()).toContain(koSafety.notice);
    expect(await notice.getByRole('link', { name: koSafety.guide }).getAttribute('href')).toBe(
      '/safety',
    );
    // the badge, price and shipping share one line, inside the post, inside the posts column
    const badge = (await item.getByTestId('post-type').boundingBox())!;
    const price = (await item.getByTestId('post-price').boundingBox())!;
    const shipping = (await item.getByTestId('post-shipping').boundingBox())!;
    const box = (await item.boundingBox())!;
    expect(Math.abs(badge.y + badge.height / 2 - (price.y + price.height / 2))).toBeLessThan(4);
    expect(Math.abs(price.y + price.height / 2 - (shipping.y + shipping.height / 2))).toBeLessThan(
      4,
    );
    expect(shipping.x + shipping.width).toBeLessThanOrEqual(box.x + box.width);
    expect(box.x).toBeGreaterThan(DESKTOP.width / 4); // the right-hand column, beside the card
    expect(await item.getByTestId('post-photo').count()).toBe(1);
    await item.scrollIntoViewIfNeeded();
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-list');
    await closeClean(context, errors);
  });
});

describe.each([
  ['phone', PHONE, 1],
  ['desktop', DESKTOP, 2],
] as const)('offline at %s size', (name, viewport, slot) => {
  it('says a post is only on the device, and the pending button never covers its 수정/삭제', async () => {
    const card = cards[slot]!;
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, viewport, {
      path: `/exchangeDetail/${card}`,
      login: 'fan1@example.com',
      serviceWorker: false,
    });
    const form = p.getByTestId('post-form');
    // one post online first: the write code and the toasts are loaded before the network goes
    const first = uniqueText('먼저 쓴 글');
    await form.getByTestId('post-textarea').fill(first);
    await form.getByTestId('post-submit').click();
    await p.getByText(ko.messages.exchangeSaved).first().waitFor();
    await waitForOutboxEmpty(p);

    await context.setOffline(true);
    const text = uniqueText('오프라인 구함 글');
    await pick(form, 'post-type-want');
    await form.getByTestId('post-textarea').fill(text);
    await form.getByTestId('post-submit').click();
    // honest: only on the device, and one toast (the queued one replaced the sent one)
    await p.getByText(koPostTerms.queued.created).first().waitFor();
    expect(await p.getByText(ko.messages.exchangeSaved).count()).toBe(0);
    const item = postItem(p, text);
    await item.locator('[data-pending-mark=pending]').waitFor();
    expect(await item.getByTestId('post-type').textContent()).toBe('구함');
    const pill = p.getByTestId('pending-count');
    await expect.poll(() => pill.textContent()).toBe(ko.sync.pendingCount(1));

    // the post's buttons scrolled to the pill's height, wherever it floats: only where they
    // stand across the screen keeps them apart
    const edit = item.getByTestId('post-edit');
    await edit.scrollIntoViewIfNeeded();
    const at = (await edit.boundingBox())!;
    const dock = (await pill.boundingBox())!;
    await p.evaluate(
      (dy) => window.scrollBy(0, dy),
      at.y + at.height / 2 - (dock.y + dock.height / 2),
    );
    for (const button of [edit, item.getByTestId('post-delete')]) {
      const a = (await button.boundingBox())!;
      const b = (await pill.boundingBox())!;
      expect(overlaps(a, b), `${name}: ${JSON.stringify({ button: a, pill: b })}`).toBe(false);
    }
    await shot(p, `${name}-offline`);

    await context.setOffline(false);
    await waitForOutboxEmpty(p);
    await item.locator('[data-pending-mark]').waitFor({ state: 'detached' });
    const saved = await admin
      .collection('exchangeList')
      .getFullList({ filter: admin.filter('description = {:d}', { d: text }) });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ postType: 'want', price: 0, shipping: ['semi'] });
    await closeClean(context, ignoreOffline(errors));
  });
});
