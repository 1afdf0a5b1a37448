/**
 * The sync pill ('동기화 대기 n', docs/product-rules.md, Offline and sync status) never covers a
 * control: with a like waiting offline, on the main screens at 390x844 and 1280x800, the pill's
 * box meets no button, link or input a fan could otherwise tap there, at the top of the screen
 * and scrolled to its end.
 *
 * "Could otherwise tap": a control counts where the pill's box meets it and, with the pill out of
 * the way, the control is what the browser hits at that spot (so a control already under other
 * chrome, the tab bar or an open sheet, is not the pill's doing). The screens run in one context
 * per size, offline after the first pull (the service worker answers the navigations), and the
 * context closes offline: the like never reaches the server the other tests share.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, superuserClient } from '../helpers/app.ts';
import { launchBrowser, VIEWPORTS } from '../helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PILL = '[data-testid="pending-count"]';

async function shot(page: Page, name: string) {
  const dir = process.env.PILL_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/pill-${name}.png` });
}

/** What the pill's box covers that a fan could otherwise tap (see the file's comment). */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate((pillSelector) => {
    const pill = document.querySelector<HTMLElement>(pillSelector);
    if (!pill || pill.hidden) return ['(no pill shown)'];
    const p = pill.getBoundingClientRect();
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="button"], [role="link"], [role="tab"], [role="switch"], [role="checkbox"]',
    );
    const out: string[] = [];
    // out of the way for the hit test: the pill alone (the bar it sits in stays, as a fan sees it)
    const before = pill.style.visibility;
    pill.style.visibility = 'hidden';
    try {
      for (const el of controls) {
        if (pill.contains(el)) continue;
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const left = Math.max(r.left, p.left);
        const right = Math.min(r.right, p.right);
        const top = Math.max(r.top, p.top);
        const bottom = Math.min(r.bottom, p.bottom);
        if (right - left < 1 || bottom - top < 1) continue;
        // a few points of the shared area: is the control what a tap there would reach?
        const points = [
          [(left + right) / 2, (top + bottom) / 2],
          [left + 1, top + 1],
          [right - 1, top + 1],
          [left + 1, bottom - 1],
          [right - 1, bottom - 1],
        ];
        const reached = points.some(([x, y]) => {
          const hit = document.elementFromPoint(x!, y!);
          return !!hit && (hit === el || el.contains(hit));
        });
        if (!reached) continue;
        const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim();
        out.push(
          `${el.tagName.toLowerCase()} "${name.slice(0, 40)}" at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
      }
    } finally {
      pill.style.visibility = before;
    }
    return out;
  }, PILL);
}

async function toEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, document.scrollingElement!.scrollHeight);
    // a screen that scrolls inside its own box (the chat thread) goes to its end too
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const style = getComputedStyle(el);
      if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1) {
        el.scrollTop = el.scrollHeight;
      }
    }
  });
}

interface Screen {
  name: string;
  path: string;
  /** Something the screen shows once it has drawn from the local store. */
  ready: string;
}

describe.each(Object.entries(VIEWPORTS))('the sync pill at %s size', (size, viewport) => {
  it('covers no control on the main screens while a like waits', async () => {
    const admin = await superuserClient();
    const { context, page, userId } = await openApp(browser, viewport, {
      login: 'fan1@example.com',
    });
    // what the screens need, from the local store: a card, a book, a conversation
    const found = await page.evaluate(async (me) => {
      const { db } = window.__pocamarket;
      const books = await db.collectBook.where('users').equals(me).toArray();
      const book = books.find((b: { cardInfo: string[] }) => b.cardInfo.length) ?? books[0];
      const group = book ? await db.groups.get(book.group) : null;
      const conversations = await db.conversations.toArray();
      const liked = new Set(
        (await db.likes.where('user').equals(me).toArray()).map(
          (l: { photoCard: string }) => l.photoCard,
        ),
      );
      const card = (await db.photoCards.toArray()).find((c: { id: string }) => !liked.has(c.id));
      return {
        book: book
          ? `/collectBook/${encodeURIComponent(group?.groupName ?? '미정')}/${book.id}/${encodeURIComponent(book.title)}`
          : null,
        conversation: (conversations[0]?.id as string | undefined) ?? null,
        card: card.id as string,
      };
    }, userId!);
    let conversation = found.conversation;
    if (!conversation) {
      const fan2 = await admin
        .collection('users')
        .getFirstListItem(admin.filter('email = {:e}', { e: 'fan2@example.com' }));
      const [a, b] = [userId!, fan2.id].sort();
      conversation = (await admin.collection('conversations').create({ a, b })).id;
    }
    expect(found.book, 'fan1 owns a collect book in the demo seed').not.toBeNull();

    const screens: Screen[] = [
      {
        name: 'home',
        path: '/',
        ready: '[data-testid="home-row-latest"] [data-testid="photo-card"]',
      },
      { name: 'exchange', path: '/exchange', ready: '[data-testid="photo-card"]' },
      { name: 'card', path: `/exchangeDetail/${found.card}`, ready: 'main h1' },
      { name: 'collect-book', path: found.book!, ready: '[data-testid="book-card-toggle"]' },
      { name: 'meetups', path: '/meetup', ready: '[data-testid="meetup-card"]' },
      { name: 'profile', path: '/profile', ready: 'main h1' },
      { name: 'trades', path: '/trades', ready: 'main h1' },
      {
        name: 'chat-thread',
        path: `/chatting/${conversation}`,
        ready: 'main textarea, main input',
      },
    ];

    // the conversation reaches the device, then the signal goes and a like waits
    await expect
      .poll(() =>
        page.evaluate(
          async (id) => !!(await window.__pocamarket.db.conversations.get(id)),
          conversation,
        ),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.evaluate((card) => window.__pocamarket.repos.setLike(card, true), found.card);

    const problems: string[] = [];
    for (const screen of screens) {
      await page.goto(screen.path);
      await page.locator(screen.ready).first().waitFor({ timeout: 60_000 });
      const pill = page.locator(PILL);
      await expect.poll(() => pill.isVisible()).toBe(true);
      // measured until it holds (the screen may still be settling), the last answer kept
      const settled = async (where: string) => {
        let last: string[] = [];
        await expect
          .poll(
            async () => {
              last = await coveredControls(page);
              return last.length;
            },
            { timeout: 10_000 },
          )
          .toBe(0)
          .catch(() => undefined);
        for (const c of last) problems.push(`${screen.name}, ${where}: ${c}`);
      };
      await page.evaluate(() => window.scrollTo(0, 0));
      await settled('top');
      await shot(page, `${size}-${screen.name}-top`);
      await toEnd(page);
      await settled('end');
      await shot(page, `${size}-${screen.name}-end`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
