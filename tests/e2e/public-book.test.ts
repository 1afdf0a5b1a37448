/**
 * A shared public collect book link, as a guest opens it (docs/product-rules.md, Public collect
 * book; docs/first-visit.md, A public collect book), against the shared e2e server (PocketBase
 * serving the build with the render server and the demo seed):
 *
 * - the HTML of /publicBook/{id} is the drawn page: the book's title, owner, completion and 구함
 *   list in the markup, its own <title> and share preview (the cover's rendition as og:image),
 *   every value escaped, and the payload the client hydrates from;
 * - a private book and a made-up id are the same generic not-found page, noindex;
 * - in Chromium at 390×844 and 1280×800 a guest sees the title, the completion with its progress
 *   bar and the 구함 cards; the page hydrates keeping the server's nodes, with no console error
 *   or hydration warning; axe finds nothing;
 * - a book seen once opens again with no network, from what the device kept.
 *
 * The fan and their book are made through the API for this file and deleted at the end.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koMySpace } from '../../src/i18n/ko-my-space.ts';
import { PASSWORD, superuserClient } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import {
  VIEWPORTS,
  launchBrowser,
  newContext,
  trackedPage,
  waitForServiceWorker,
} from '../helpers/browser.ts';
import { pageIdle } from '../helpers/clock.ts';
import { baseUrl, renderedPage } from '../helpers/e2e-server.ts';

const STAMP = Date.now().toString(36);
const SHOTS = process.env['SHOTS_DIR'];
const t = koMySpace.publicBook;
/** A title a page must show as text: quotes and angle brackets. */
const TITLE = `라이즈 "최애" <모음> ${STAMP}`;

let browser: Browser;
let admin: PocketBase;
let fan: RecordModel;
let group: RecordModel;
let cards: RecordModel[];
let book: RecordModel;
let hidden: RecordModel;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  group = await admin.collection('groups').getFirstListItem('groupName = "RIIZE"');
  cards = (
    await admin
      .collection('photoCards')
      .getList(1, 6, { filter: `group = "${group.id}" && cardImg != ""`, sort: 'id' })
  ).items;
  fan = await admin.collection('users').create({
    email: `book-${STAMP}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    name: '실명비공개',
    username: `book${STAMP}`.slice(0, 20),
  });
  book = await admin.collection('collectBook').create({
    users: fan.id,
    title: TITLE,
    group: group.id,
    cardInfo: [cards[0]!.id, cards[1]!.id, cards[2]!.id],
    cover: cards[1]!.id,
    isPublic: true,
  });
  hidden = await admin
    .collection('collectBook')
    .create({ users: fan.id, title: `비밀 책 ${STAMP}`, group: group.id });
  // wanted from the public book: public (the fan's lists themselves are not)
  for (const c of [cards[4]!, cards[5]!])
    await admin
      .collection('tradeItems')
      .create({ user: fan.id, photoCard: c.id, kind: 'want', spare: 0, book: book.id });
  group = await admin.collection('groups').getOne(group.id);
}, 120_000);

afterAll(async () => {
  if (fan)
    await admin
      .collection('users')
      .delete(fan.id)
      .catch(() => {});
  await browser?.close();
});

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)" />`).exec(html)?.[1];
const rootOf = (text: string) => {
  const start = text.indexOf('<div id="root">');
  const end = text.indexOf('<script type="application/json" id="first-screen">');
  return start >= 0 && end > start ? text.slice(start, end) : '';
};
const total = () => Math.max(3, group['cardCount'] as number);
const percent = () => Math.round((3 / total()) * 100);

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('the HTML of /publicBook/{id}', () => {
  it('is the drawn book: title, completion and 구함 in the markup, its own escaped preview', async () => {
    const text = await renderedPage(`/publicBook/${book.id}`);
    const root = rootOf(text);
    expect(root, 'a drawn page').not.toBe('');
    const username = fan['username'] as string;
    const completion = t.completion(3, total(), percent());
    expect(root).toContain(escapeHtml(TITLE));
    expect(root).toContain(t.byOwner(username));
    expect(root).toContain(completion);
    expect(root).toContain('data-testid="public-book-want"');
    expect(root.match(/data-testid="public-book-want-card"/g)).toHaveLength(2);
    expect(root.match(/data-testid="public-book-card"/g)).toHaveLength(3);
    // never the real name
    expect(text).not.toContain('실명비공개');
    // its own title and preview, every value escaped
    expect(text).not.toContain('<모음>');
    const title = `${username}님의 ${escapeHtml(TITLE)} | 포카마켓`;
    expect(text).toContain(`<title>${title}</title>`);
    expect(meta(text, 'name', 'description')).toBe(
      `${username}님의 RIIZE 콜렉트북 · ${completion}`,
    );
    expect(meta(text, 'property', 'og:title')).toBe(title);
    expect(meta(text, 'property', 'og:description')).toBe(
      `${username}님의 RIIZE 콜렉트북 · ${completion}`,
    );
    expect(meta(text, 'property', 'og:type')).toBe('website');
    expect(meta(text, 'property', 'og:url')).toBe(`${baseUrl()}/publicBook/${book.id}`);
    expect(meta(text, 'property', 'og:image')).toBe(
      `${baseUrl()}/api/files/photoCards/${cards[1]!.id}/${cards[1]!['cardImg']}?thumb=640x1280f`,
    );
    expect(meta(text, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(text, 'name', 'robots')).toBeUndefined();
    // the preview image is there for a crawler (a rendition the field makes)
    const image = await fetch(meta(text, 'property', 'og:image')!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect(text).toContain(`publicBook:[\\"${book.id}\\"]`);
  });

  it('is one generic, noindex page for a private book and a made-up id', async () => {
    const pages = [];
    for (const id of [hidden.id, 'zzzzzzzzzzzzzzz']) {
      const res = await fetch(`${baseUrl()}/publicBook/${id}`);
      expect(res.status, id).toBe(200);
      const text = await res.text();
      expect(text, id).toContain(`<title>${t.missingTitle}</title>`);
      expect(meta(text, 'name', 'robots'), id).toBe('noindex');
      expect(text).not.toContain('비밀 책');
      expect(text).not.toContain(fan['username'] as string);
      if (text.includes('id="first-screen"'))
        expect(rootOf(text)).toContain('data-testid="public-book-missing"');
      pages.push(meta(text, 'property', 'og:title'));
    }
    expect(pages[1]).toBe(pages[0]);
  });
});

describe.each(Object.entries(VIEWPORTS))('a guest opens the link at %s size', (name, viewport) => {
  it('sees the title, the completion and the 구함 cards; the page hydrates cleanly', async () => {
    // no service worker: every navigation is the server's page, drawn for nobody
    const context = await newContext(browser, viewport, baseUrl(), { serviceWorker: false });
    try {
      const { page, errors } = await trackedPage(context);
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (/\[ssr\]|hydrat/i.test(msg.text())) warnings.push(`${msg.type()}: ${msg.text()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { __ssrNode: Element | null }).__ssrNode = document.querySelector(
            '[data-testid="public-book"]',
          );
        });
      });
      // the drawn page: PocketBase serves the shell when a render takes over 4 s (a loaded
      // machine), so the page is opened again until it comes drawn, within a minute
      await renderedPage(`/publicBook/${book.id}`);
      const until = Date.now() + 60_000;
      for (;;) {
        await page.goto(`/publicBook/${book.id}`, { waitUntil: 'load' });
        const ssr = await page.evaluate(
          () => !!(window as unknown as { __ssrNode: Element | null }).__ssrNode,
        );
        if (ssr || Date.now() > until) break;
      }
      await page.getByTestId('public-book').waitFor();
      expect(await page.locator('h1').textContent()).toBe(TITLE);
      expect(await page.getByTestId('public-book-owner').textContent()).toBe(
        t.byOwner(fan['username'] as string),
      );
      const completion = t.completion(3, total(), percent());
      expect(await page.getByTestId('public-book-completion').textContent()).toBe(completion);
      const bar = page.getByRole('progressbar', { name: t.completionLabel('RIIZE') });
      expect(await bar.getAttribute('aria-valuenow')).toBe('3');
      expect(await bar.getAttribute('aria-valuetext')).toBe(completion);
      const want = page.getByTestId('public-book-want');
      await want.getByRole('heading', { name: new RegExp(t.wantTitle) }).waitFor();
      expect(await want.getByTestId('public-book-want-card').count()).toBe(2);
      expect(await page.getByTestId('public-book-card').count()).toBe(3);

      // hydrated, keeping the server's node when the page was drawn on the server
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const el = document.querySelector('[data-testid="public-book"]');
              return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
            }),
          { timeout: 60_000 },
        )
        .toBe(true);
      await pageIdle(page);
      const drawn = await page.evaluate(() => {
        const w = window as unknown as { __ssrNode: Element | null };
        return {
          ssr: !!w.__ssrNode,
          kept: w.__ssrNode === document.querySelector('[data-testid="public-book"]'),
        };
      });
      expect(drawn).toEqual({ ssr: true, kept: true });
      expect(await page.title()).toBe(`${fan['username'] as string}님의 ${TITLE} | 포카마켓`);

      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `public-book-${name}`);
      expect(errors).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('offline', () => {
  it('a book seen once opens again with no network, from what the device kept', async () => {
    const context = await newContext(browser, VIEWPORTS.phone, baseUrl());
    try {
      const { page, errors } = await trackedPage(context);
      await page.goto(`/publicBook/${book.id}`);
      await page.getByTestId('public-book').waitFor();
      await waitForServiceWorker(page);
      // kept once the page's own answer came in
      await expect
        .poll(() =>
          page.evaluate(
            (id) => (localStorage.getItem('pocamarket.publicBooks.v1') ?? '').includes(id),
            book.id,
          ),
        )
        .toBe(true);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('public-book-kept').waitFor({ timeout: 60_000 });
      expect(await page.locator('h1').textContent()).toBe(TITLE);
      expect(await page.getByTestId('public-book-completion').textContent()).toBe(
        t.completion(3, total(), percent()),
      );
      expect(await page.getByTestId('public-book-want-card').count()).toBe(2);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'public-book-offline');
      expect(
        errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e)),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
